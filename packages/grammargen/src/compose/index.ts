export { compose, HEREDOC_DELIMITERS, optimizeComposed, type ComposeOptions } from "./compose.js";
export { itemsOf, leftFactorChars } from "./factor.js";
export { CONSTRUCTS, DEFAULT_LIMITS, parseConstructs, type Construct, type ComposeLimits } from "./limits.js";
export { notWords } from "./notwords.js";
export { requireFlag } from "./commands.js";

export type { Policy, PolicyViolation, DenyRule, RequireRule, WrapRule, OptionsRule } from "./policy.js";
export { globRegExp, matchesAny, commandAllowed } from "./policy.js";
export { loadPolicy } from "./load.js";
export { checkPolicy } from "./check.js";
export { policySchema } from "./schema.js";
export { defaultPolicyPath } from "./default.js";

// Tier 3: inspection and operations.
import files from "./tier3-files.mjs";
import archives from "./tier3-archives.mjs";
import ops from "./tier3-ops.mjs";

export default [...files, ...archives, ...ops];

export * from "./suite/index.js";
export * from "./run/index.js";
export * from "./report/index.js";
export { main } from "./cli/main.js";

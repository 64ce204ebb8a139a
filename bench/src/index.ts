export * from "./suite/index.js";

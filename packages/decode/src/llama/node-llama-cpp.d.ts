// The generated one-file node-llama-cpp (dist/llama/node-llama-cpp.js, written by
// scripts/bundle-llama.mjs) exports what the package exports.
export * from "node-llama-cpp";

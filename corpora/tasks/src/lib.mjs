// Authoring helpers for the task suite. Each tier file lists hand-written tasks; build.mjs
// adds the tier, the id prefix and the programs (read from the solutions by tree-sitter-bash).
import { createHash, createHmac } from "node:crypto";

/** Lines joined with a trailing newline, the way text files end. */
export const L = (...lines) => lines.join("\n") + "\n";
export const sha256 = (data) => createHash("sha256").update(data).digest("hex");
export const md5 = (data) => createHash("md5").update(data).digest("hex");
export const sha1 = (data) => createHash("sha1").update(data).digest("hex");
export const sha512 = (data) => createHash("sha512").update(data).digest("hex");
export const hmac256 = (key, data) => createHmac("sha256", key).update(data).digest("hex");
export const b64 = (data) => Buffer.from(data).toString("base64");
export const file = (content, mode) => ({ content, mode });
export const bin = (buf, mode) => (mode ? { base64: Buffer.from(buf).toString("base64"), mode } : { base64: Buffer.from(buf).toString("base64") });

/** Deterministic pseudo-random bytes, so binary fixtures are reproducible. */
export function bytes(n, seed = 1) {
  const out = Buffer.alloc(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** The smallest valid PNG (1x1, transparent). */
export const PNG_1x1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A shared access log in the common log format. */
export const ACCESS_LOG = L(
  '10.0.0.5 - - [12/Mar/2024:10:01:02 +0000] "GET /index.html HTTP/1.1" 200 5120',
  '10.0.0.7 - - [12/Mar/2024:10:01:09 +0000] "GET /about.html HTTP/1.1" 200 2048',
  '10.0.0.5 - - [12/Mar/2024:10:02:15 +0000] "GET /missing.png HTTP/1.1" 404 4040',
  '192.168.1.20 - - [12/Mar/2024:10:03:00 +0000] "POST /login HTTP/1.1" 302 0',
  '10.0.0.5 - - [12/Mar/2024:10:03:41 +0000] "GET /page404.html HTTP/1.1" 200 4040',
  '10.0.0.9 - - [12/Mar/2024:10:04:12 +0000] "GET /old HTTP/1.1" 404 312',
  '192.168.1.20 - - [12/Mar/2024:10:05:30 +0000] "GET /dashboard HTTP/1.1" 200 8192',
  '10.0.0.7 - - [12/Mar/2024:10:06:02 +0000] "GET /favicon.ico HTTP/1.1" 404 312',
  '10.0.0.5 - - [12/Mar/2024:10:07:45 +0000] "GET /index.html HTTP/1.1" 304 0',
);

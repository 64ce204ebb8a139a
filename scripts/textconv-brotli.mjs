#!/usr/bin/env node
// git textconv for the brotli-compressed texts (*.br; set by scripts/setup.sh): prints the decompressed text.
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";

process.stdout.write(brotliDecompressSync(readFileSync(process.argv[2])));

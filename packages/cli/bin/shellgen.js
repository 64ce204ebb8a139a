#!/usr/bin/env node
import { main } from "../dist/main.js";
// Exit explicitly: a native runtime or an abandoned network lookup must not keep the CLI alive.
process.exit(await main(process.argv.slice(2)));

#!/usr/bin/env node
// The command line runs the compiled sources; `npm install` compiles them (the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('meddoc: dist/ is missing; run `npm install` (or `npm run build`) in the project root first.\n');
  process.exit(1);
}
await import(main.href);

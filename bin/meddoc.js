#!/usr/bin/env node
// The command line runs the compiled sources; `npm install` compiles them (the `prepare` script).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('meddoc: dist/ is missing; run `npm install` (or `npm run build`) in the project root first.\n');
  process.exit(1);
}

/**
 * `meddoc serve` on Linux runs with glibc's MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=1048576
 * unless the operator set them. Every thread (OCR and analysis workers, libuv, libvips) otherwise
 * gets a malloc arena of its own, and glibc's moving mmap threshold soon serves page-sized buffers
 * from those arenas, which keep the freed blocks: measured, the server's peak under four
 * concurrent 2500 px scans fell from ~820-900 MB to ~740 MB over ten rounds, at the same speed
 * (docs/workers.md, Memory). glibc reads the variables only when the process starts, so the
 * server is started again as a child with them set; this parent only passes signals on and
 * exits with the child's code.
 */
const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' };

function mallocSettingsToAdd(argv, env) {
  if (process.platform !== 'linux' || argv[0] !== 'serve' || argv.includes('--help') || argv.includes('-h')) return null;
  const missing = Object.entries(MALLOC_SETTINGS).filter(([name]) => env[name] === undefined);
  return missing.length > 0 ? Object.fromEntries(missing) : null;
}

const argv = process.argv.slice(2);
const mallocSettings = mallocSettingsToAdd(argv, process.env);
if (mallocSettings) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...argv], {
    stdio: 'inherit',
    env: { ...process.env, ...mallocSettings },
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? 128 + (constants.signals[signal] ?? 0);
  });
} else {
  await import(main.href);
}

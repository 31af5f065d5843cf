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
 * `meddoc serve` on Linux runs with glibc's MALLOC_ARENA_MAX=2 unless the operator set it. Every
 * thread (OCR and analysis workers, libuv, libvips) otherwise gets a malloc arena of its own that
 * keeps the large blocks of freed page buffers: measured, the server's peak under four concurrent
 * 2500 px scans fell from ~770-850 MB to ~690 MB, at the same speed (docs/workers.md, Memory).
 * glibc reads the variable only when the process starts, so the server is started again as a
 * child with it set; this parent only passes signals on and exits with the child's code.
 */
function wantsArenaLimit(argv, env) {
  return process.platform === 'linux' && argv[0] === 'serve' && !argv.includes('--help') && !argv.includes('-h') && env.MALLOC_ARENA_MAX === undefined;
}

const argv = process.argv.slice(2);
if (wantsArenaLimit(argv, process.env)) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...argv], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? 128 + (constants.signals[signal] ?? 0);
  });
} else {
  await import(main.href);
}

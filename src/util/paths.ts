/** Where the project's own files are, whether running from dist/ or from the sources. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'data'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** The project root: the folder that holds package.json and data/. */
export const PROJECT_ROOT = findRoot();

/** A path inside the project's reference-data folder (taxonomy, provinces, catalogue, …). */
export function dataFile(...parts: string[]): string {
  return join(PROJECT_ROOT, 'data', ...parts);
}

/** The compiled counterpart of a source module (workers are started from dist/). */
export function distFile(...parts: string[]): string {
  return resolve(PROJECT_ROOT, 'dist', ...parts);
}

/** Small helpers shared by the sub-commands' argument parsing. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Parses options strictly: an unknown option or a missing value is a usage error with a clear message. */
export function parseOptions<T extends OptionSpec>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

export function fail(message: string): number {
  process.stderr.write(`meddoc: ${message}\n`);
  return 2;
}

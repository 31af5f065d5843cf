/**
 * `meddoc sim-platform --port N --data FILE [--host H] [--fault MODE] [--delay-ms N] [--api-id ID --api-secret S]`
 * Runs a simulated provincial verification platform (docs/ledger.md) until interrupted.
 */
import { readFileSync } from 'node:fs';
import { parseLedgerLines, LedgerImportError } from '../store/ledger.js';
import { FAULT_MODES, isFaultMode, startSimPlatform } from '../verify/sim-platform.js';
import { UsageError, fail, parseOptions } from './args.js';

const USAGE = `usage: meddoc sim-platform --port N --data FILE [--host 127.0.0.1] [--fault ${FAULT_MODES.join('|')}] [--delay-ms N]
                            [--api-id ID --api-secret SECRET]
  FILE is JSON Lines in the ledger format. Switch faults at run time with
  curl -X POST http://HOST:PORT/admin/fault -d '{"mode":"maintenance"}'
`;

function intOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535 * 1000) throw new UsageError(`--${name} must be a non-negative whole number`);
  return n;
}

export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseOptions(argv, {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      fault: { type: 'string' },
      'delay-ms': { type: 'string' },
      'api-id': { type: 'string' },
      'api-secret': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    if (values.data === undefined) throw new UsageError('--data FILE is required');
    const port = intOption(values.port, 'port', 0);
    if (port > 65535) throw new UsageError('--port must be at most 65535');
    const fault = values.fault ?? 'none';
    if (!isFaultMode(fault)) throw new UsageError(`--fault must be one of ${FAULT_MODES.join(', ')}`);
    if ((values['api-id'] === undefined) !== (values['api-secret'] === undefined)) {
      throw new UsageError('--api-id and --api-secret go together');
    }
    let records;
    try {
      records = parseLedgerLines(readFileSync(values.data, 'utf8')).map((p) => p.record);
    } catch (err) {
      if (err instanceof LedgerImportError) return fail(`${values.data}: line ${err.line}: ${err.problem}`);
      throw err;
    }
    const platform = await startSimPlatform({
      host: values.host ?? '127.0.0.1',
      port,
      records,
      fault,
      delayMs: intOption(values['delay-ms'], 'delay-ms', 5000),
      ...(values['api-id'] !== undefined && values['api-secret'] !== undefined
        ? { credentials: { id: values['api-id'], secret: values['api-secret'] } }
        : {}),
    });
    process.stdout.write(`simulated platform on ${platform.url} with ${records.length} invoices, fault ${fault}\n`);
    const stop = () => {
      void platform.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // Keeps running: main.ts leaves the process alive on -1.
    return -1;
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n\n${USAGE}`);
    throw err;
  }
}

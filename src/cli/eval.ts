/**
 * `meddoc eval --set DIR [--ops classify,extract] [--json REPORT] [--limit N]`: runs the service's
 * own pipelines on a labelled folder and prints one table of figures (docs/eval.md).
 */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { extractTables } from '../extract/tables.js';
import { createOperations } from '../operations.js';
import { openMemoryDatabase } from '../store/db.js';
import { createLogger } from '../util/log.js';
import { loadEvalSet, LabelError } from '../eval/labels.js';
import { paymentNamesFrom } from '../eval/payment-names.js';
import { createProgressBar } from '../eval/progress.js';
import { formatReport } from '../eval/report.js';
import { evaluate, OPERATIONS, type EvalOperation } from '../eval/run.js';
import { fail, parseOptions, UsageError } from './args.js';

const USAGE = 'usage: meddoc eval --set DIR [--ops classify,extract] [--json REPORT] [--limit N]';

function parseOps(raw: string | undefined): Set<EvalOperation> {
  const names = (raw ?? OPERATIONS.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  const ops = new Set<EvalOperation>();
  for (const name of names) {
    if (!(OPERATIONS as readonly string[]).includes(name)) throw new UsageError(`--ops: unknown operation '${name}' (known: ${OPERATIONS.join(', ')})`);
    ops.add(name as EvalOperation);
  }
  if (ops.size === 0) throw new UsageError('--ops names no operation');
  return ops;
}

export async function run(argv: string[]): Promise<number> {
  let values;
  let ops: Set<EvalOperation>;
  let limit: number | undefined;
  try {
    ({ values } = parseOptions(argv, {
      set: { type: 'string' }, ops: { type: 'string' }, json: { type: 'string' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    }));
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (!values.set) throw new UsageError('--set is required');
    ops = parseOps(values.ops);
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive integer, got '${values.limit}'`);
    }
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n${USAGE}`);
    throw err;
  }

  let cases;
  try {
    cases = loadEvalSet(values.set, { paymentNames: paymentNamesFrom(extractTables().paymentAliases) });
  } catch (err) {
    if (err instanceof LabelError) return fail(err.message);
    throw err;
  }
  if (limit !== undefined) cases = cases.slice(0, limit);

  // Recognition logs stay quiet unless asked for: the table is the output.
  const logger = createLogger(process.env.MEDDOC_LOG_LEVEL ?? 'error');
  const db = openMemoryDatabase();
  const built = await createOperations({ db, config: loadConfig(process.env), logger, engines: true });
  const bar = createProgressBar();
  const errors: string[] = [];
  try {
    const report = await evaluate(cases, {
      setName: values.set,
      operations: built.operations,
      ops,
      onProgress: (done, total, name) => bar.update(done, total, name),
      onError: (name, operation, message) => errors.push(`${name}: ${operation}: ${message}`),
    });
    bar.done();
    process.stdout.write(formatReport(report));
    if (errors.length) process.stderr.write(`${errors.length} failure(s):\n${errors.slice(0, 20).map((e) => `  ${e}`).join('\n')}\n`);
    if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 1)}\n`);
    return 0;
  } finally {
    bar.done();
    await built.close();
    db.close();
  }
}

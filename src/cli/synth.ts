/** `meddoc synth --out DIR --count N --seed S [--kinds a,b]`: writes a labelled synthetic corpus and prints its coverage. */
import { fail, parseOptions, UsageError } from './args.js';
import { generateCorpus } from '../synth/generate.js';

const USAGE = 'usage: meddoc synth --out DIR --count N --seed S [--kinds root[/sub],...]';

export async function run(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseOptions(argv, {
      out: { type: 'string' }, count: { type: 'string' }, seed: { type: 'string' }, kinds: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    }));
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n${USAGE}`);
    throw err;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const count = Number(values.count ?? '100');
  const seed = Number(values.seed ?? '1');
  if (!values.out) return fail(`--out is required\n${USAGE}`);
  if (!Number.isInteger(count) || count < 1) return fail(`--count must be a positive integer, got '${values.count}'`);
  if (!Number.isInteger(seed) || seed < 0) return fail(`--seed must be a non-negative integer, got '${values.seed}'`);
  const kinds = values.kinds ? values.kinds.split(',').map((k) => k.trim()).filter(Boolean) : undefined;
  const tty = process.stderr.isTTY;
  const summary = await generateCorpus({
    out: values.out, count, seed, kinds,
    onImage: (_img, done) => {
      if (tty) process.stderr.write(`\rsynth ${done}/${count}`);
    },
  });
  if (tty) process.stderr.write('\n');
  const lines = [
    `images        ${summary.count} in ${summary.seconds.toFixed(1)} s (${(summary.count / summary.seconds).toFixed(2)} images/s)`,
    `classes       ${summary.classes}/${summary.classesTotal}${summary.missingClasses.length ? `  missing: ${summary.missingClasses.join(', ')}` : ''}`,
    `variants      ${summary.variants}/${summary.variantsTotal}${summary.missingVariants.length ? `  missing: ${summary.missingVariants.join(', ')}` : ''}`,
    `rotated       ${summary.rotatedPct}%`,
    `multi-doc     ${summary.multiPct}%`,
    `sealed        ${summary.sealedPct}%`,
    `conditions    ${Object.entries(summary.conditions).map(([k, v]) => `${k} ${v}`).join(', ')}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

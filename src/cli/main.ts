/**
 * `meddoc` command line. Each sub-command lives in its own module, loaded only when called,
 * so `meddoc keys list` does not load the OCR models.
 */
export interface CommandModule {
  /** Runs the command with the arguments after its name; resolves to the process exit code. */
  run(argv: string[]): Promise<number>;
}

interface CommandEntry {
  summary: string;
  load: () => Promise<CommandModule>;
}

const COMMANDS: Record<string, CommandEntry> = {
  serve: { summary: 'start the HTTP service', load: () => import('./serve.js') },
  keys: { summary: 'manage API keys (create, list, revoke, update)', load: () => import('./keys.js') },
  ocr: { summary: 'read the text of an image', load: () => import('./ocr.js') },
  synth: { summary: 'generate a synthetic claim-document corpus with labels', load: () => import('./synth.js') },
  eval: { summary: 'score the service on a labelled folder of images', load: () => import('./eval.js') },
  ledger: { summary: 'manage the e-invoice ledger (import, mark)', load: () => import('./ledger.js') },
  'sim-platform': { summary: 'run a simulated provincial verification platform', load: () => import('./sim-platform.js') },
};

function usage(): string {
  const rows = Object.entries(COMMANDS).map(([name, entry]) => `  ${name.padEnd(14)}${entry.summary}`);
  return ['usage: meddoc <command> [options]', '', 'commands:', ...rows, ''].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name ? 0 : 2;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    process.stderr.write(`meddoc: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  const command = await entry.load();
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    // `serve` keeps the process alive by its open server; other commands end here.
    if (code !== -1) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`meddoc: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);

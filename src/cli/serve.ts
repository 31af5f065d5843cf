/** `meddoc serve [--port N]`: runs the HTTP service until SIGTERM/SIGINT. */
import { loadConfig, SETTINGS } from '../config.js';
import { createService } from '../app.js';
import { createLogger } from '../util/log.js';
import { fail, parseOptions, UsageError } from './args.js';

const HELP = `usage: meddoc serve [--port N]

Environment:
${SETTINGS.map((s) => `  ${s.env.padEnd(28)}${s.description} (default: ${s.default || 'empty'})`).join('\n')}
`;

export async function run(argv: string[]): Promise<number> {
  let port: number | undefined;
  try {
    const { values } = parseOptions(argv, { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) return fail(`--port ${values.port} is not a port number`);
    }
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n\n${HELP}`);
    throw err;
  }
  const config = loadConfig();
  if (port !== undefined) config.port = port;
  const logger = createLogger(config.logLevel);
  const service = await createService(config, logger);

  if (service.keys.count() === 0) {
    process.stdout.write(
      '\nNo API key exists yet. Create the first one with:\n\n' +
        `  ${process.env.MEDDOC_DATA_DIR ? `MEDDOC_DATA_DIR=${process.env.MEDDOC_DATA_DIR} ` : ''}npx meddoc keys create --name first\n\n` +
        'and send its id and secret as the X-DF-API-ID and X-DF-API-SECRET headers.\n\n',
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('requests still in flight after the grace period; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    service.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err: err instanceof Error ? err.message : String(err) }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const address = await service.app.listen({ port: config.port, host: config.host });
  logger.info({ address }, 'meddoc listening');
  process.stdout.write(`meddoc listening on ${address} (OpenAPI: ${address}/docs)\n`);
  return -1;
}

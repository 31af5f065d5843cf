/**
 * The HTTP service: body parsing for every encoding of decisions.md, the error registry applied
 * to every failure, request ids, auth, metrics, logs, OpenAPI and the operations' routes.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ApiKeyStore } from '../auth/keys.js';
import { errorForLog } from '../util/log.js';
import type { ServiceConfig } from '../config.js';
import { AdmissionBusyError, ImageAdmission } from './admission.js';
import { Authenticator, type Caller } from './auth.js';
import { loadImage, type ImageSource } from './image-source.js';
import type { IntakeImage } from '../image/types.js';
import { ApiError, errorBody, isApiError, type MessageField } from './errors.js';
import { Metrics } from './metrics.js';
import type { ReadinessCheck, ServiceOperations } from './operations.js';
import { registerClassifyRoute } from './routes/classify.js';
import { registerExtractRoutes } from './routes/extract.js';
import { registerVerifyRoute } from './routes/verify.js';
import { IMAGE_LIMITS } from '../image/intake.js';

const MAX_IMAGE_BYTES = IMAGE_LIMITS.maxBytes;

export interface RequestContext {
  requestId: string;
  operation: string;
  messageField: MessageField;
  keyId: string | null;
  startedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export interface ServerDeps {
  config: ServiceConfig;
  keys: ApiKeyStore;
  operations: ServiceOperations;
  readiness: ReadinessCheck[];
  logger: Logger;
  metrics?: Metrics;
}

export interface RouteDeps {
  config: ServiceConfig;
  auth: Authenticator;
  operations: ServiceOperations;
  /**
   * Every route with an image goes through here: it waits for a turn (src/http/admission.ts), then
   * decodes the image, takes the caller's quota and runs `work` on it, all inside the turn.
   */
  withImage: <T>(source: ImageSource, caller: Caller, work: (image: IntakeImage) => Promise<T>) => Promise<T>;
}

const REQUEST_ID_HEADER = 'x-request-id';

/** A client's request id is echoed if it is a sane printable token; otherwise we make one. */
export function clientRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\x21-\x7e]{1,128}$/.test(value) ? value : undefined;
}

function messageFieldFor(url: string): MessageField {
  return url.startsWith('/api/') ? 'error' : 'reason';
}

/** Maps framework and parser errors to the contract's statuses with a message that says what to fix. */
function toApiError(err: FastifyError): ApiError {
  if (isApiError(err)) return err;
  const code = err.code ?? '';
  if (err.validation) {
    return new ApiError('INVALID_ARGUMENT', `request parameter error: ${err.message.replace(/^body\/?/, '')}`);
  }
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('INVALID_ARGUMENT', `request body is too large; an image may be at most ${MAX_IMAGE_BYTES} bytes (5 MB)`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError('INVALID_ARGUMENT', `file size exceeds ${MAX_IMAGE_BYTES} bytes; must be <= ${MAX_IMAGE_BYTES} (5 MB)`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        'INVALID_ARGUMENT',
        'unsupported content type; use multipart/form-data, application/json or application/x-www-form-urlencoded',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('INVALID_ARGUMENT', 'the JSON body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('INVALID_ARGUMENT', 'the body is not valid JSON');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError('INVALID_ARGUMENT', `multipart body has too many parts: ${err.message}`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new ApiError('INVALID_ARGUMENT', `malformed multipart body: ${err.message}`);
  }
  if (err instanceof SyntaxError || (typeof err.statusCode === 'number' && err.statusCode === 400)) {
    return new ApiError('INVALID_ARGUMENT', `malformed request body: ${err.message}`);
  }
  if (/Multipart|Unexpected end of form|Malformed part header/i.test(err.message)) {
    return new ApiError('INVALID_ARGUMENT', `malformed multipart body: ${err.message}`);
  }
  return new ApiError('INTERNAL_ERROR');
}

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, logger } = deps;
  const metrics = deps.metrics ?? new Metrics();
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One log line per request is written by the onResponse hook below, with only safe fields.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    genReqId: () => randomUUID(),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    return503OnClosing: true,
  });

  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      requestId: clientRequestId(request.headers[REQUEST_ID_HEADER]) ?? request.id,
      operation: 'other',
      messageField: messageFieldFor(request.url),
      keyId: null,
      startedAt: performance.now(),
    };
  });
  // A request_id in the body (A's documented parameter; accepted on B and C too) is echoed.
  // Multipart bodies are parsed in a preValidation hook of their own, so this runs later.
  app.addHook('preHandler', async (request) => adoptBodyRequestId(request));
  // On shutdown, answers in flight close their keep-alive connection, so close() does not wait on
  // idle clients after the last request has finished.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.ctx?.requestId ?? request.id);
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const ctx = request.ctx;
    if (!ctx || ctx.operation === 'other') return;
    const seconds = (performance.now() - ctx.startedAt) / 1000;
    const status = (reply as FastifyReply & { meddocStatus?: string }).meddocStatus ?? String(reply.statusCode);
    metrics.observe(ctx.operation, status, seconds);
    request.log.info(
      { request_id: ctx.requestId, operation: ctx.operation, status, http: reply.statusCode, latency_ms: Math.round(seconds * 1000), key_id: ctx.keyId },
      'request',
    );
  });

  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 20, fieldSize: config.bodyLimitBytes, parts: 24 },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'meddoc',
        version: '0.1.0',
        description: 'Classification, verification and extraction of Chinese medical claim documents (api.md).',
      },
      components: {
        securitySchemes: {
          apiId: { type: 'apiKey', in: 'header', name: 'X-DF-API-ID' },
          apiSecret: { type: 'apiKey', in: 'header', name: 'X-DF-API-SECRET' },
        },
      },
      security: [{ apiId: [], apiSecret: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.setNotFoundHandler((request, reply) => {
    const err = new ApiError('NOT_FOUND', `no operation at ${request.method} ${request.url.split('?')[0]}`);
    sendError(reply, request, err);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    adoptBodyRequestId(request);
    const apiError = toApiError(error);
    if (apiError.status === 'INTERNAL_ERROR') {
      request.log.error(
        { request_id: request.ctx?.requestId, operation: request.ctx?.operation, err: errorForLog(error) },
        'unexpected error',
      );
    }
    sendError(reply, request, apiError);
  });

  const auth = new Authenticator(deps.keys);
  const admission = new ImageAdmission({ inFlight: config.imagesInFlight, queueLimit: config.imageQueue, waitMs: config.imageQueueWaitMs });
  metrics.watchAdmission(admission);
  const withImage = async <T>(source: ImageSource, caller: Caller, work: (image: IntakeImage) => Promise<T>): Promise<T> => {
    try {
      return await admission.run(async () => {
        const image = await loadImage(source, config.fetchAllowHosts);
        auth.takeQuota(caller);
        return work(image);
      });
    } catch (err) {
      // Overload, not a bug: the client is told to retry, as for the engines' own queues (docs/compat.md).
      if (err instanceof AdmissionBusyError) throw new ApiError('INTERNAL_ERROR', `the service is busy (${err.message}); retry in a few seconds`);
      throw err;
    }
  };
  const routeDeps: RouteDeps = { config, auth, operations: deps.operations, withImage };
  registerClassifyRoute(app, routeDeps);
  registerVerifyRoute(app, routeDeps);
  registerExtractRoutes(app, routeDeps);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'OK' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks = Object.fromEntries(deps.readiness.map((c) => [c.name, c.ready()]));
    const ready = Object.values(checks).every(Boolean);
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'OK' : 'NOT_READY', checks };
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metrics.contentType);
    return metrics.text();
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

function adoptBodyRequestId(request: FastifyRequest): void {
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? clientRequestId(body.request_id) : undefined;
  if (fromBody && request.ctx) request.ctx.requestId = fromBody;
}

export function sendError(reply: FastifyReply, request: FastifyRequest, err: ApiError): void {
  const ctx = request.ctx;
  const field = ctx?.messageField ?? messageFieldFor(request.url);
  (reply as FastifyReply & { meddocStatus?: string }).meddocStatus = err.status;
  reply.code(err.http).type('application/json; charset=utf-8').send(errorBody(err, ctx?.requestId ?? request.id, field));
}

/** Records the status name a successful or VERIFY_FAILED reply carries, for metrics and logs. */
export function markStatus(reply: FastifyReply, status: string): void {
  (reply as FastifyReply & { meddocStatus?: string }).meddocStatus = status;
}

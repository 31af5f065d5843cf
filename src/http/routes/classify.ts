/** Operation A: POST /api/v2/medical_classify_pro (api.md 4.A). */
import type { FastifyInstance } from 'fastify';
import { ClassifyRequestBody, ClassifyResponse, type ClassifyResponse as ClassifyResponseBody } from '../../contract/classify.js';
import { errorBodySchema } from '../../contract/common.js';
import { readFields } from '../body.js';
import { ApiError } from '../errors.js';
import { CLASSIFY_IMAGE_FIELDS, requireImageSource } from '../image-source.js';
import { markStatus, type RouteDeps } from '../server.js';
import type { Caller } from '../auth.js';

export const CLASSIFY_PATH = '/api/v2/medical_classify_pro';


export function registerClassifyRoute(app: FastifyInstance, deps: RouteDeps): void {
  app.post(
    CLASSIFY_PATH,
    {
      schema: {
        summary: 'Classify the documents in an image',
        tags: ['A. classify'],
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        body: ClassifyRequestBody,
        response: { 200: ClassifyResponse, '4xx': errorBodySchema('error'), '5xx': errorBodySchema('error') },
      },
      onRequest: async (request) => {
        request.ctx.operation = 'classify';
        request.ctx.messageField = 'error';
      },
    },
    async (request, reply): Promise<ClassifyResponseBody> => {
      const fields = readFields(request.body, request.headers['content-type']);
      let caller: Caller = { keyId: null };
      if (deps.config.classifyAuth === 'required') {
        caller = await deps.auth.authenticate(request.headers['x-df-api-id'], request.headers['x-df-api-secret'], 'classify');
        request.ctx.keyId = caller.keyId;
      }
      const source = requireImageSource(fields, CLASSIFY_IMAGE_FIELDS);
      let started = 0;
      const result = await deps.withImage(source, caller, async (image) => {
        const classify = deps.operations.classify;
        if (!classify) throw new ApiError('INTERNAL_ERROR', 'the classification engine is not available in this build');
        // time_cost is the operation's own time, as before the gate: not the wait for a turn, not the decode.
        started = performance.now();
        return classify(image);
      });
      markStatus(reply, 'OK');
      return {
        request_id: request.ctx.requestId,
        status: 'OK',
        time_cost: Math.round((performance.now() - started) / 10) / 100,
        result,
      };
    },
  );
}

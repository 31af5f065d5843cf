/** Operation C: POST /ocr/medical/v2/medical_invoice[/basic[/{province}]] (api.md 4.C, decisions.md). */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../contract/common.js';
import { EXTRACT_VARIANTS, ExtractRequestBody, ExtractResponse, type ExtractResponse as ExtractResponseBody, type ExtractVariant } from '../../contract/extract.js';
import { booleanField, readFields } from '../body.js';
import { ApiError } from '../errors.js';
import { INVOICE_IMAGE_FIELDS, requireImageSource } from '../image-source.js';
import { markStatus, type RouteDeps } from '../server.js';

export const EXTRACT_BASE_PATH = '/ocr/medical/v2/medical_invoice';


const schema = (summary: string) => ({
  summary,
  tags: ['C. extract'],
  consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
  body: ExtractRequestBody,
  response: { 200: ExtractResponse, '4xx': errorBodySchema('reason'), '5xx': errorBodySchema('reason') },
});

export function registerExtractRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const handle = (variant: ExtractVariant) => async (request: FastifyRequest, reply: FastifyReply): Promise<ExtractResponseBody> => {
    const fields = readFields(request.body, request.headers['content-type']);
    const caller = await deps.auth.authenticate(request.headers['x-df-api-id'], request.headers['x-df-api-secret'], 'extract');
    request.ctx.keyId = caller.keyId;
    const autoRotate = booleanField(fields, 'auto_rotate', false);
    const source = requireImageSource(fields, INVOICE_IMAGE_FIELDS);
    const outcome = await deps.withImage(source, caller, async (image) => {
      const extract = deps.operations.extract;
      if (!extract) throw new ApiError('INTERNAL_ERROR', 'the invoice extraction engine is not available in this build');
      return extract(image, { variant, autoRotate });
    });
    if (!outcome.ok) {
      throw new ApiError('DETETION_FAILED', `no medical invoice could be read in the image: found ${outcome.found}`);
    }
    markStatus(reply, 'OK');
    return { request_id: request.ctx.requestId, status: 'OK', degree: outcome.degree, medical_result: outcome.medical_result };
  };
  const onRequest = async (request: FastifyRequest) => {
    request.ctx.operation = 'extract';
  };

  for (const path of [EXTRACT_BASE_PATH, `${EXTRACT_BASE_PATH}/basic`]) {
    app.post(path, { schema: schema('Extract a medical invoice (general outpatient/inpatient variant)'), onRequest }, handle('general'));
  }
  // One documented route for every variant; an unknown province is 404 NOT_FOUND like any unknown
  // path, decided in onRequest so it comes before auth and body validation.
  app.post<{ Params: { province: string } }>(
    `${EXTRACT_BASE_PATH}/basic/:province`,
    {
      schema: {
        ...schema('Extract a medical invoice of a province variant or an e-invoice'),
        params: Type.Object({ province: Type.Union(EXTRACT_VARIANTS.map((v) => Type.Literal(v))) }),
      },
      onRequest: async (request: FastifyRequest<{ Params: { province: string } }>) => {
        request.ctx.operation = 'extract';
        if (!(EXTRACT_VARIANTS as readonly string[]).includes(request.params.province)) {
          throw new ApiError('NOT_FOUND', `no operation at POST ${request.url.split('?')[0]}; unknown province '${request.params.province}'`);
        }
      },
    },
    (request, reply) => handle(request.params.province as ExtractVariant)(request, reply),
  );
}

/** Operation B: POST /ocr/medical/verify_note_code (api.md 4.B, 7.2, decisions.md "Verification"). */
import { type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../contract/common.js';
import { VerifyRequestBody, VerifyResponse, type VerifyElements } from '../../contract/verify.js';
import { readFields, textField, type RequestFields } from '../body.js';
import { ApiError, verifyReason } from '../errors.js';
import { INVOICE_IMAGE_FIELDS, findImageSource } from '../image-source.js';
import { markStatus, type RouteDeps } from '../server.js';

export const VERIFY_PATH = '/ocr/medical/verify_note_code';

const ELEMENT_NAMES = ['note_code', 'note_no', 'check_code', 'total_cost', 'billing_date', 'patient_name'] as const;


type VerifyResponseBody = Static<typeof VerifyResponse>;

function elementsFrom(fields: RequestFields): VerifyElements {
  const elements: VerifyElements = {};
  for (const name of ELEMENT_NAMES) {
    const value = textField(fields, name);
    if (value !== undefined) elements[name] = value;
  }
  return elements;
}

/**
 * What is left of the request's time for verification (remote look-ups and their retries), keeping
 * a tenth of the request timeout (at most 1 s) to write the answer: a slow platform then gives a
 * 317 body instead of a request cut off by the server. Never below 1 ms: the verifier needs a
 * positive budget to answer 317 itself when the image reading used all the time.
 */
export function verificationBudget(requestTimeoutMs: number, startedAt: number, now = performance.now()): number {
  const reserve = Math.min(1000, requestTimeoutMs / 10);
  return Math.max(1, Math.floor(requestTimeoutMs - reserve - (now - startedAt)));
}

export function registerVerifyRoute(app: FastifyInstance, deps: RouteDeps): void {
  app.post(
    VERIFY_PATH,
    {
      schema: {
        summary: 'Verify an electronic medical invoice by its five elements',
        tags: ['B. verify'],
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: VerifyRequestBody,
        response: { 200: VerifyResponse, '4xx': errorBodySchema('reason'), '5xx': errorBodySchema('reason') },
      },
      onRequest: async (request) => {
        request.ctx.operation = 'verify';
      },
    },
    async (request, reply): Promise<VerifyResponseBody> => {
      const fields = readFields(request.body, request.headers['content-type']);
      const caller = await deps.auth.authenticate(request.headers['x-df-api-id'], request.headers['x-df-api-secret'], 'verify');
      request.ctx.keyId = caller.keyId;

      let elements = elementsFrom(fields);
      let qrcodeScanResult: -1 | 0 | 1 = -1;
      const source = findImageSource(fields, INVOICE_IMAGE_FIELDS);
      if (source) {
        const found = await deps.withImage(source, caller, async (image) => {
          const read = deps.operations.readInvoiceElements;
          if (!read) throw new ApiError('INTERNAL_ERROR', 'reading e-invoice images is not available in this build');
          return read(image);
        });
        if (!found.elements) {
          throw new ApiError('DETETION_FAILED', 'no electronic invoice could be found in the image (no readable QR code or printed elements)');
        }
        qrcodeScanResult = found.qrcodeScanResult;
        // Elements read from the image win; fields the image cannot give (patient_name) come from the body.
        elements = { ...elements, ...found.elements };
      } else {
        deps.auth.takeQuota(caller);
      }

      const outcome = await deps.operations.verify(elements, { deadlineMs: verificationBudget(deps.config.requestTimeoutMs, request.ctx.startedAt) });
      if (outcome.ok) {
        markStatus(reply, 'OK');
        return { request_id: request.ctx.requestId, status: 'OK', data: outcome.data };
      }
      markStatus(reply, `VERIFY_FAILED_${outcome.error_code}`);
      return {
        request_id: request.ctx.requestId,
        status: 'VERIFY_FAILED',
        error_code: outcome.error_code,
        reason: verifyReason(outcome.error_code),
        qrcode_scan_result: qrcodeScanResult,
      };
    },
  );
}

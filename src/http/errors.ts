/**
 * The one error registry of the service (api.md 7.1, decisions.md "Errors").
 *
 * Every error the HTTP layer can answer is a row here: its `status` name (spelled as the
 * contract spells it, `DETETION_FAILED` included), its HTTP code and a default message.
 * Operation A carries the message in `error`, B and C in `reason`; which field is used is
 * decided by the operation, not by the error, so the table stays one table.
 */

export const ERROR_TABLE = {
  INVALID_ARGUMENT: { http: 400, message: 'request parameter error' },
  PARAMETER_ERROR: { http: 400, message: 'image_file, image_base64 or image_url is required' },
  DETETION_FAILED: { http: 400, message: 'image detection failed' },
  DOWNLOAD_ERROR: { http: 400, message: 'fetching the image from the network address failed' },
  UNAUTHORIZED: { http: 401, message: 'unauthorized or authorization failed' },
  KEY_EXPIRED: { http: 401, message: 'account expired' },
  NO_PERMISSION: { http: 403, message: 'no permission to call this operation' },
  OUT_OF_QUOTA: { http: 403, message: 'call count exceeds quota' },
  RATE_LIMIT_EXCEEDED: { http: 403, message: 'call frequency exceeds limit' },
  NOT_FOUND: { http: 404, message: 'wrong request path' },
  INTERNAL_ERROR: { http: 500, message: 'internal server error' },
} as const satisfies Record<string, { http: number; message: string }>;

export type ErrorStatus = keyof typeof ERROR_TABLE;

/** Which text field carries the message: A uses `error`, B and C use `reason` (api.md 7.1). */
export type MessageField = 'error' | 'reason';

/** An error meant for the client: its status names the registry row, its message is safe to show. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly http: number;
  constructor(status: ErrorStatus, message?: string) {
    super(message ?? ERROR_TABLE[status].message);
    this.name = 'ApiError';
    this.status = status;
    this.http = ERROR_TABLE[status].http;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface ErrorBody {
  request_id: string;
  status: ErrorStatus;
  error?: string;
  reason?: string;
}

export function errorBody(err: ApiError, requestId: string, field: MessageField): ErrorBody {
  return { request_id: requestId, status: err.status, [field]: err.message };
}

/**
 * Verification failures (api.md 7.2). They are results, not transport errors: HTTP 200 with
 * `status: VERIFY_FAILED` (decisions.md "Verification"). `reason` is the English text of the
 * table, exactly.
 */
export const VERIFY_ERROR_TABLE = {
  100: 'network error',
  198: 'result parse failed',
  300: 'invoice not exist',
  301: 'note_no is required',
  302: 'check_code is required',
  303: 'note_code is required',
  304: 'billing_date is required',
  305: 'total_cost is required',
  306: 'billing_date error',
  307: 'total_cost error',
  308: 'check_code error',
  309: 'note_code error',
  310: 'note_no error',
  311: 'bill query exception',
  312: 'e-invoice verify request params format error',
  313: 'e-invoice verify rate limit count',
  314: 'financial system error',
  315: 'e-invoice no circulation',
  316: 'province system maintain',
  317: 'access data source time out',
  318: 'auth failed',
  319: 'area not support',
  320: 'invalid bill',
  321: 'unknown error',
  325: 'billing_date format error',
} as const;

export type VerifyErrorCode = keyof typeof VERIFY_ERROR_TABLE;

export function verifyReason(code: VerifyErrorCode): string {
  return VERIFY_ERROR_TABLE[code];
}

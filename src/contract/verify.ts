/** Operation B, `POST /ocr/medical/verify_note_code` (api.md 2.B, 4.B, 7.2). */
import { Type, type Static } from '@sinclair/typebox';
import { CheckValue, CostCategory, RequestId } from './common.js';
import { CostDetail, MedicalResult } from './extract.js';

export const ImgStatus = Type.Union([
  Type.Literal('yidayin'),
  Type.Literal('yikaihongpiao'),
  Type.Literal('yizuofei'),
  Type.Literal('yiruzhang'),
]);
export type ImgStatus = Static<typeof ImgStatus>;

export const ReimAgency = Type.Object({
  amt: Type.String(),
  note_code: Type.String(),
  note_no: Type.String(),
  reimAgency: Type.String(),
  writeDate: Type.String(),
});
export type ReimAgency = Static<typeof ReimAgency>;

export const VerifyChecksum = Type.Object({
  cost_categories: CheckValue,
  cost_detail_list: CheckValue,
});

/** In verification `ocr_name` is not output (api.md 2.B); otherwise the detail of 2.C. */
export const VerifyCostDetail = Type.Omit(CostDetail, ['ocr_name']);

/** Some payment items carry non-numeric detail text (Zhejiang), so cost is number or string. */
export const VerifyPayment = Type.Object({
  name: Type.String(),
  cost: Type.Union([Type.Number(), Type.String()]),
});

/**
 * api.md 2.C: medical_result has the fields of invoice_standard_result except province,
 * invoice_party_code and remark. So B's object is C's, with B's own checksum, details without
 * ocr_name, payments that may carry text, and the fields only B has.
 */
export const InvoiceStandardResult = Type.Composite([
  Type.Object({ province: Type.String() }),
  Type.Omit(MedicalResult, ['checksum', 'cost_detail_list', 'payments_info', 'qrcode_check']),
  Type.Object({
    checksum: VerifyChecksum,
    cost_detail_list: Type.Array(VerifyCostDetail),
    payments_info: Type.Array(VerifyPayment),
    invoice_party_code: Type.String(),
    remark: Type.String(),
    img_status: Type.Array(ImgStatus),
  }),
]);
export type InvoiceStandardResult = Static<typeof InvoiceStandardResult>;

export const InvoiceAdditionalResult = Type.Object({
  note_code: Type.String(),
  note_no: Type.String(),
  query_last_date: Type.Optional(Type.String()),
  query_num: Type.Optional(Type.Integer()),
  billing_date: Type.String(),
  total_cost: Type.Number(),
  check_code: Type.String(),
  img_status: Type.Array(ImgStatus),
  reim_agency_list: Type.Optional(Type.Array(ReimAgency)),
});
export type InvoiceAdditionalResult = Static<typeof InvoiceAdditionalResult>;

export const VerifyData = Type.Object({
  invoice_standard_result: InvoiceStandardResult,
  invoice_additional_result: InvoiceAdditionalResult,
});
export type VerifyData = Static<typeof VerifyData>;

export const VerifyOkResponse = Type.Object({
  request_id: RequestId,
  status: Type.Literal('OK'),
  data: VerifyData,
});

export const VerifyFailedResponse = Type.Object({
  request_id: RequestId,
  status: Type.Literal('VERIFY_FAILED'),
  error_code: Type.Integer(),
  reason: Type.String(),
  qrcode_scan_result: Type.Union([Type.Literal(-1), Type.Literal(0), Type.Literal(1)]),
});

export const VerifyResponse = Type.Union([VerifyOkResponse, VerifyFailedResponse]);

/** The five elements (and patient_name) in any body encoding, or an e-invoice image. */
export const VerifyRequestBody = Type.Object(
  {
    note_code: Type.Optional(Type.Union([Type.String(), Type.Number()], { description: 'invoice code (8 digits)' })),
    note_no: Type.Optional(Type.Union([Type.String(), Type.Number()], { description: 'invoice number (10 digits)' })),
    check_code: Type.Optional(Type.Union([Type.String(), Type.Number()], { description: 'check code (6 characters)' })),
    total_cost: Type.Optional(Type.Union([Type.String(), Type.Number()], { description: 'total amount' })),
    billing_date: Type.Optional(Type.Union([Type.String(), Type.Number()], { description: 'YYYY-MM-DD, YYYYMMDD or YYYY/MM/DD' })),
    patient_name: Type.Optional(Type.String({ description: 'required for Henan e-invoices' })),
    file: Type.Optional(Type.Unsafe<Buffer>({ description: 'optional e-invoice image (multipart part) to read the elements from' })),
    url: Type.Optional(Type.String({ description: 'optional http(s) address of an e-invoice image' })),
    request_id: Type.Optional(Type.String()),
  },
  { description: 'the five elements (and patient_name), or an e-invoice image' },
);
export type VerifyRequestBody = Static<typeof VerifyRequestBody>;

/** The five elements after the HTTP layer has read them; shape checks are the domain's. */
export interface VerifyElements {
  note_code?: string;
  note_no?: string;
  check_code?: string;
  total_cost?: string;
  billing_date?: string;
  patient_name?: string;
}

/** Operation B, `POST /ocr/medical/verify_note_code` (api.md 2.B, 4.B, 7.2). */
import { Type, type Static } from '@sinclair/typebox';
import { CheckValue, CostCategory, RequestId } from './common.js';
import { CostDetail } from './extract.js';

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

export const InvoiceStandardResult = Type.Object({
  province: Type.String(),
  note_title: Type.String(),
  type: Type.Integer(),
  note_no: Type.String(),
  patient_name: Type.String(),
  patient_gender: Type.Integer(),
  billing_date: Type.String(),
  checksum: VerifyChecksum,
  cost_categories: Type.Array(CostCategory),
  cost_detail_list: Type.Array(VerifyCostDetail),
  hospital_name: Type.String(),
  start_hospital_date: Type.String(),
  end_hospital_date: Type.String(),
  hospital_days: Type.Number(),
  total_cost: Type.Number(),
  medical_insurance_type: Type.String(),
  medical_organization_type: Type.String(),
  service_serial_no: Type.String(),
  social_security_card_no: Type.String(),
  payments_info: Type.Array(VerifyPayment),
  charging_units: Type.String(),
  hospital_no: Type.String(),
  payee: Type.String(),
  reviewer: Type.String(),
  hospital_departments: Type.String(),
  work_unit: Type.String(),
  payment_channel: Type.String(),
  medical_insurance_no: Type.String(),
  medical_card_no: Type.String(),
  check_code: Type.String(),
  note_code: Type.String(),
  medical_record_no: Type.String(),
  unified_social_credit_code: Type.String(),
  treatment_date: Type.String(),
  invoice_party_code: Type.String(),
  remark: Type.String(),
  img_status: Type.Array(ImgStatus),
});
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

/** The five elements (plus patient_name), as strings in any body encoding. */
export const VerifyBody = Type.Object(
  {
    note_code: Type.Optional(Type.String()),
    note_no: Type.Optional(Type.String()),
    check_code: Type.Optional(Type.String()),
    total_cost: Type.Optional(Type.String()),
    billing_date: Type.Optional(Type.String()),
    patient_name: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    request_id: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: true },
);
export type VerifyBody = Static<typeof VerifyBody>;

/** The five elements after the HTTP layer has read them; shape checks are the domain's. */
export interface VerifyElements {
  note_code?: string;
  note_no?: string;
  check_code?: string;
  total_cost?: string;
  billing_date?: string;
  patient_name?: string;
}

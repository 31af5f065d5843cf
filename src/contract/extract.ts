/** Operation C, `POST /ocr/medical/v2/medical_invoice/basic/{province}` (api.md 2.C, 4.C). */
import { Type, type Static } from '@sinclair/typebox';
import { CheckValue, CostCategory, RequestId } from './common.js';

/** api.md 4.C's province list plus the electronic-invoice variant. */
export const PROVINCES = [
  'beijing', 'tianjin', 'shanghai', 'zhejiang', 'shandong', 'henan', 'jiangsu', 'guangdong', 'hebei',
  'shaanxi', 'sichuan', 'liaoning', 'jilin', 'anhui', 'guangxi', 'hubei', 'hunan', 'shanxi', 'chongqing',
  'fujian', 'gansu', 'guizhou', 'hainan', 'yunnan', 'jiangxi', 'neimenggu', 'ningxia', 'xinjiang',
  'heilongjiang',
] as const;
export type Province = (typeof PROVINCES)[number];
export const EXTRACT_VARIANTS = [...PROVINCES, 'e_invoice'] as const;
/** The C path segment; `general` is the unsuffixed path (decisions.md). */
export type ExtractVariant = (typeof EXTRACT_VARIANTS)[number] | 'general';

export const ExtractChecksum = Type.Object({
  total_cost: CheckValue,
  cost_detail_list: CheckValue,
  cost_categories: CheckValue,
  note_no: CheckValue,
  billing_date: CheckValue,
  payments_class_b: CheckValue,
  payments_class_c: CheckValue,
});
export type ExtractChecksum = Static<typeof ExtractChecksum>;

export const CostDetail = Type.Object({
  ocr_name: Type.String(),
  cost: Type.Number(),
  amount: Type.Number(),
  unit_price: Type.Number(),
  spec: Type.String(),
  unit: Type.String(),
  medical_level: Type.String(),
  selfpay_ratio: Type.Number(),
  selfpay: Type.Number(),
  medical_type: Type.Integer(),
  class: Type.String(),
  item_coding: Type.String(),
  origin_ocr_name: Type.String(),
  name: Type.String(),
  check_amount_unitprice_cost: CheckValue,
});
export type CostDetail = Static<typeof CostDetail>;

export const PaymentItem = Type.Object({
  name: Type.String(),
  cost: Type.Number(),
  check_info: CheckValue,
});
export type PaymentItem = Static<typeof PaymentItem>;

/** `medical_result`: invoice_standard_result without province, invoice_party_code, remark. */
export const MedicalResult = Type.Object({
  note_title: Type.String(),
  type: Type.Integer({ description: '0 unknown, 1 outpatient, 2 inpatient' }),
  note_no: Type.String(),
  patient_name: Type.String(),
  patient_gender: Type.Integer({ description: '0 unknown, 1 male, 2 female' }),
  billing_date: Type.String(),
  checksum: ExtractChecksum,
  cost_categories: Type.Array(CostCategory),
  cost_detail_list: Type.Array(CostDetail),
  hospital_name: Type.String(),
  start_hospital_date: Type.String(),
  end_hospital_date: Type.String(),
  hospital_days: Type.Number(),
  total_cost: Type.Number(),
  medical_insurance_type: Type.String(),
  medical_organization_type: Type.String(),
  service_serial_no: Type.String(),
  social_security_card_no: Type.String(),
  payments_info: Type.Array(PaymentItem),
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
  /**
   * meddoc's addition (docs/compat.md "C: e-invoice QR cross-check"): present only when a QR code
   * was read; `mismatch` names the elements whose QR value differs from the printed one.
   */
  qrcode_check: Type.Optional(
    Type.Object({
      read: Type.Literal(1),
      mismatch: Type.Array(Type.String()),
    }),
  ),
});
export type MedicalResult = Static<typeof MedicalResult>;

export const ExtractResponse = Type.Object({
  request_id: RequestId,
  status: Type.Literal('OK'),
  degree: Type.Integer({ description: 'clockwise rotation (0, 90, 180, 270) that makes the upload upright' }),
  medical_result: MedicalResult,
});
export type ExtractResponse = Static<typeof ExtractResponse>;

/** Body fields of C in multipart, JSON or urlencoded (decisions.md "Paths and bodies"). */
export const ExtractRequestBody = Type.Object(
  {
    file: Type.Optional(Type.Unsafe<Buffer>({ description: 'image file (multipart/form-data part); JPEG or PNG' })),
    url: Type.Optional(Type.String({ description: 'http(s) address of the image' })),
    auto_rotate: Type.Optional(Type.Union([Type.Boolean(), Type.String(), Type.Integer()], { description: 'true/false/1/0; default false' })),
    request_id: Type.Optional(Type.String()),
  },
  { description: 'exactly one of file, url' },
);

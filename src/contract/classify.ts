/** Operation A, `POST /api/v2/medical_classify_pro` (api.md 2.A, 4.A). */
import { Type, type Static } from '@sinclair/typebox';
import { Box, Quad, RequestId } from './common.js';

export const Direct = Type.Union([Type.Literal('top'), Type.Literal('down'), Type.Literal('left'), Type.Literal('right')]);
export type Direct = Static<typeof Direct>;

export const TargetRes = Type.Object({
  bbox_region: Box,
  qbox_region: Quad,
  direct: Direct,
});
export type TargetRes = Static<typeof TargetRes>;

export const QualifyRes = Type.Object({
  iscard: Type.Boolean(),
  iscard_score: Type.Number(),
  isclear: Type.Boolean(),
  isclear_score: Type.Number(),
  iscomplete: Type.Boolean(),
  iscomplete_score: Type.Number(),
  isdocument: Type.Boolean(),
  isdocument_score: Type.Number(),
  isoriginal: Type.Boolean(),
  isoriginal_score: Type.Number(),
});
export type QualifyRes = Static<typeof QualifyRes>;

export const OcrRes = Type.Object({
  titles: Type.Array(Type.String()),
  title_regions: Type.Array(Quad),
  texts: Type.Array(Type.String()),
  text_regions: Type.Array(Quad),
});
export type OcrRes = Static<typeof OcrRes>;

export const Credibility = Type.Union([Type.Literal(1), Type.Literal(-1)]);

export const ClassRes = Type.Object({
  root_cls: Type.String(),
  sub_cls: Type.Union([Type.String(), Type.Null()]),
  root_cls_is_credible: Credibility,
  sub_cls_is_credible: Credibility,
});
export type ClassRes = Static<typeof ClassRes>;

export const ClassifyDocument = Type.Object({
  target_res: TargetRes,
  qualify_res: QualifyRes,
  ocr_res: OcrRes,
  class_res: ClassRes,
});
export type ClassifyDocument = Static<typeof ClassifyDocument>;

export const ClassifyResult = Type.Object({
  classify_result: Type.Array(ClassifyDocument),
  seals: Type.Array(Quad),
});
export type ClassifyResult = Static<typeof ClassifyResult>;

export const ClassifyResponse = Type.Object({
  request_id: RequestId,
  status: Type.Literal('OK'),
  time_cost: Type.Number({ description: 'processing time in seconds' }),
  result: ClassifyResult,
});
export type ClassifyResponse = Static<typeof ClassifyResponse>;

/** Body fields of A in multipart, JSON or urlencoded (decisions.md "Paths and bodies"). */
export const ClassifyRequestBody = Type.Object(
  {
    request_id: Type.Optional(Type.String({ description: 'id of this request; echoed in the response' })),
    image_file: Type.Optional(Type.Unsafe<Buffer>({ description: 'image file (multipart/form-data part); JPEG or PNG' })),
    image_base64: Type.Optional(Type.String({ description: 'base64 of the image; a data: prefix is tolerated' })),
    image_url: Type.Optional(Type.String({ description: 'http(s) address of the image' })),
  },
  { description: 'exactly one of image_file, image_base64, image_url' },
);

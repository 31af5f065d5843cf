/**
 * Shared pieces of the contract schemas (api.md section 2). Every schema here is the one
 * source for request validation, TypeScript types, response serialization and the OpenAPI
 * document.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Four corners clockwise from top-left: [x0,y0,x1,y1,x2,y2,x3,y3], integer pixels. */
export const Quad = Type.Array(Type.Integer(), { minItems: 8, maxItems: 8, description: 'four corners clockwise from top-left' });
export type Quad = Static<typeof Quad>;

/** Axis box [x0,y0,x1,y1] on the original image. */
export const Box = Type.Array(Type.Integer(), { minItems: 4, maxItems: 4, description: 'top-left and bottom-right points' });
export type Box = Static<typeof Box>;

/** -1 not checked / cannot check, 0 failed, 1 passed. */
export const CheckValue = Type.Union([Type.Literal(-1), Type.Literal(0), Type.Literal(1)]);
export type CheckValue = Static<typeof CheckValue>;

export const RequestId = Type.String({ description: 'identifier of the request' });

/** An error body: `error` for A, `reason` for B and C (api.md 7.1). */
export function errorBodySchema(field: 'error' | 'reason'): TSchema {
  return Type.Object(
    {
      request_id: RequestId,
      status: Type.String(),
      [field]: Type.String(),
    },
    { description: 'error' },
  );
}

export const CostCategory = Type.Object({ name: Type.String(), cost: Type.Number() });
export type CostCategory = Static<typeof CostCategory>;

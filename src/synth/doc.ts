/** A generated document before capture: its flat page, where its seals are, and its ground truth. */
import type { MedicalResult } from '../contract/extract.js';
import type { Quad8 } from '../ocr/types.js';
import type { PageSpec } from '../render/page.js';
import type { ClassDef } from './data/classes.js';
import type { ProvinceStyle } from './data/provinces.js';
import type { Person } from './person.js';
import type { Rng } from './rng.js';

export interface SynthDoc {
  /** "root" or "root/sub". */
  readonly kind: string;
  readonly def: ClassDef;
  readonly page: PageSpec;
  /** Seal outlines on the page. */
  readonly seals: readonly Quad8[];
  /** What C should return for this document alone, upright (degree filled in at capture), or null. */
  readonly extract: MedicalResult | null;
  /** C path segment: a province, 'e_invoice', or null. */
  readonly variant: string | null;
}

export interface BuildContext {
  readonly rng: Rng;
  readonly def: ClassDef;
  readonly person: Person;
  readonly hospital: string;
  readonly province: ProvinceStyle;
  readonly insurer: string;
  /** Force an inconsistent invoice (amounts that do not add up). */
  readonly inconsistent: boolean;
}

export type Builder = (ctx: BuildContext) => Omit<SynthDoc, 'kind' | 'def'>;

/**
 * JSON descriptions of spaces (`space.toJSON()`), tagged by `type`. Numbers that JSON cannot hold
 * are strings: `"inf"`, `"-inf"` for unbounded Box bounds and decimal strings for 64-bit integers
 * outside the safe-integer range.
 */
import type { DType, IntDType } from "@plume/core-types";

/** A number, `"inf"` / `"-inf"` / `"-0.0"`, or a decimal integer string (64-bit values beyond 2**53). */
export type JSONNumber = number | string;

export interface BoxJSON {
  readonly type: "Box";
  readonly dtype: DType;
  readonly shape: readonly number[];
  /** One value when every bound is the same, otherwise the row-major bounds. */
  readonly low: JSONNumber | readonly JSONNumber[];
  readonly high: JSONNumber | readonly JSONNumber[];
}

export interface DiscreteJSON {
  readonly type: "Discrete";
  readonly n: number;
  readonly start: number;
}

export interface MultiDiscreteJSON {
  readonly type: "MultiDiscrete";
  readonly dtype: IntDType;
  readonly shape: readonly number[];
  readonly nvec: readonly JSONNumber[];
  readonly start: readonly JSONNumber[];
}

export interface MultiBinaryJSON {
  readonly type: "MultiBinary";
  /** As given to the constructor: a length or a shape. */
  readonly n: number | readonly number[];
}

export interface TextJSON {
  readonly type: "Text";
  readonly minLength: number;
  readonly maxLength: number;
  /** The characters in the space's order. */
  readonly charset: string;
}

export interface DictJSON {
  readonly type: "Dict";
  /** Key / space pairs in the space's key order. */
  readonly spaces: readonly (readonly [string, SpaceJSON])[];
}

export interface TupleJSON {
  readonly type: "Tuple";
  readonly spaces: readonly SpaceJSON[];
}

export interface SequenceJSON {
  readonly type: "Sequence";
  readonly space: SpaceJSON;
  readonly stack: boolean;
}

export interface OneOfJSON {
  readonly type: "OneOf";
  readonly spaces: readonly SpaceJSON[];
}

export type SpaceJSON =
  | BoxJSON
  | DiscreteJSON
  | MultiDiscreteJSON
  | MultiBinaryJSON
  | TextJSON
  | DictJSON
  | TupleJSON
  | SequenceJSON
  | OneOfJSON;

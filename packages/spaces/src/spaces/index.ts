export {
  Space,
  type SampleOf,
  type SeedInput,
  type SeedResult,
  type SpaceSeed,
} from "./space.js";
export { Box, BoxOptionsSchema, BoxJSONSchema, type BoxOptions } from "./box.js";
export { Discrete, DiscreteOptionsSchema, DiscreteJSONSchema, type DiscreteOptions } from "./discrete.js";
export {
  MultiDiscrete,
  MultiDiscreteOptionsSchema,
  MultiDiscreteJSONSchema,
  type MultiDiscreteOptions,
  type MultiDiscreteMask,
} from "./multi-discrete.js";
export { MultiBinary, MultiBinaryOptionsSchema, MultiBinaryJSONSchema, type MultiBinaryOptions } from "./multi-binary.js";
export { Text, TextOptionsSchema, TextJSONSchema, ALPHANUMERIC, type TextOptions, type TextMask } from "./text.js";
export { Tuple, TupleOptionsSchema, TupleJSONSchema, type TupleOptions, type TupleSample } from "./tuple.js";
export {
  Dict,
  DictOptionsSchema,
  DictJSONSchema,
  type DictOptions,
  type DictSample,
  type DictEntries,
  type SpaceRecord,
} from "./dict.js";
export {
  Sequence,
  SequenceOptionsSchema,
  SequenceJSONSchema,
  type SequenceOptions,
  type SequenceSample,
  type SequenceMask,
} from "./sequence.js";
export { OneOf, OneOfOptionsSchema, OneOfJSONSchema, type OneOfOptions, type OneOfSample } from "./oneof.js";
export { spaceFromJSON, SPACE_TYPES, type SpaceType } from "./json.js";
export type * from "./json-types.js";
export { flatdim, flatten, unflatten, flattenSpace, type Flattened, type SampleOfSpace } from "./flatten.js";
export { batchSpace, concatenate, unstack, type BatchedSpace, type StackedSample } from "./batch.js";
export { INT32_MAX } from "./internal/composite.js";

export { SeedSequence, type Entropy, type SeedSequenceOptions } from "./seed-sequence.js";
export { PCG64, assertSeed, type PCG64Seed, type PCG64State } from "./pcg64.js";
export {
  Generator,
  defaultRng,
  type IntegerArray,
  type IntegerDType,
  type IntegersOptions,
} from "./generator.js";

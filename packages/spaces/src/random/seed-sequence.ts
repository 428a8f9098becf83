/**
 * NumPy's `SeedSequence` (numpy/random/bit_generator.pyx): hashes user entropy into a pool of
 * 32-bit words and generates well-mixed state for bit generators. Bit for bit identical to NumPy.
 */
import { ValidationError } from "@plume/core-types";

const DEFAULT_POOL_SIZE = 4;
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const XSHIFT = 16;

export type Entropy = number | bigint | readonly (number | bigint)[];

export interface SeedSequenceOptions {
  /** Path of child indices from the root sequence (what `spawn` sets). */
  readonly spawnKey?: readonly number[];
  readonly poolSize?: number;
}

function toBigIntEntropy(value: number | bigint, parameter: string): bigint {
  if (typeof value === "bigint") {
    if (value < 0n) throw ValidationError.invalid(parameter, "a non-negative integer", value);
    return value;
  }
  if (!Number.isSafeInteger(value) || value < 0) {
    throw ValidationError.invalid(parameter, "a non-negative safe integer or a bigint", value);
  }
  return BigInt(value);
}

/** NumPy's `_int_to_uint32_array`: little-endian 32-bit words, `[0]` for zero. */
function intToWords(value: bigint): number[] {
  if (value === 0n) return [0];
  const words: number[] = [];
  let rest = value;
  while (rest > 0n) {
    words.push(Number(rest & 0xffffffffn));
    rest >>= 32n;
  }
  return words;
}

function coerceToWords(entropy: Entropy | readonly number[], parameter: string): number[] {
  if (typeof entropy === "number" || typeof entropy === "bigint") {
    return intToWords(toBigIntEntropy(entropy, parameter));
  }
  return entropy.flatMap((item, i) => intToWords(toBigIntEntropy(item, `${parameter}[${i}]`)));
}

function hashmix(value: number, hashConst: { value: number }): number {
  let v = (value ^ hashConst.value) >>> 0;
  hashConst.value = Math.imul(hashConst.value, MULT_A) >>> 0;
  v = Math.imul(v, hashConst.value) >>> 0;
  return (v ^ (v >>> XSHIFT)) >>> 0;
}

function mix(x: number, y: number): number {
  let result = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
  result = (result ^ (result >>> XSHIFT)) >>> 0;
  return result;
}

/** Web Crypto, present in Node >= 19 and every browser; typed here because lib ES2023 has no DOM. */
interface EntropySource {
  getRandomValues(array: Uint32Array): Uint32Array;
}

function osEntropy(): bigint {
  const words = new Uint32Array(4);
  (globalThis as unknown as { crypto: EntropySource }).crypto.getRandomValues(words);
  return words.reduce((acc, word, i) => acc | (BigInt(word) << BigInt(32 * i)), 0n);
}

export class SeedSequence {
  /** The root entropy (OS entropy when none was given, as NumPy does). */
  readonly entropy: bigint | readonly bigint[];
  readonly spawnKey: readonly number[];
  readonly poolSize: number;
  private readonly pool: Uint32Array;
  private childrenSpawned = 0;

  constructor(entropy?: Entropy, options: SeedSequenceOptions = {}) {
    const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
    if (!Number.isSafeInteger(poolSize) || poolSize < 4) {
      throw ValidationError.invalid("poolSize", "an integer >= 4", poolSize);
    }
    const spawnKey = options.spawnKey ?? [];
    spawnKey.forEach((key, i) => toBigIntEntropy(key, `spawnKey[${i}]`));
    if (entropy === undefined) {
      this.entropy = osEntropy();
    } else if (typeof entropy === "number" || typeof entropy === "bigint") {
      this.entropy = toBigIntEntropy(entropy, "entropy");
    } else {
      this.entropy = Object.freeze(entropy.map((item, i) => toBigIntEntropy(item, `entropy[${i}]`)));
    }
    this.spawnKey = Object.freeze([...spawnKey]);
    this.poolSize = poolSize;
    this.pool = new Uint32Array(poolSize);
    this.mixEntropy(this.assembledEntropy());
  }

  /** How many children `spawn` has produced so far. */
  get nChildrenSpawned(): number {
    return this.childrenSpawned;
  }

  private assembledEntropy(): number[] {
    const runEntropy = coerceToWords(this.entropy, "entropy");
    const spawnEntropy = coerceToWords(this.spawnKey, "spawnKey");
    if (spawnEntropy.length > 0 && runEntropy.length < this.poolSize) {
      while (runEntropy.length < this.poolSize) runEntropy.push(0);
    }
    return [...runEntropy, ...spawnEntropy];
  }

  private mixEntropy(entropy: readonly number[]): void {
    const mixer = this.pool;
    const hashConst = { value: INIT_A };
    for (let i = 0; i < mixer.length; i++) {
      mixer[i] = hashmix(i < entropy.length ? (entropy[i] as number) : 0, hashConst);
    }
    for (let src = 0; src < mixer.length; src++) {
      for (let dst = 0; dst < mixer.length; dst++) {
        if (src !== dst) mixer[dst] = mix(mixer[dst] as number, hashmix(mixer[src] as number, hashConst));
      }
    }
    for (let src = mixer.length; src < entropy.length; src++) {
      for (let dst = 0; dst < mixer.length; dst++) {
        mixer[dst] = mix(mixer[dst] as number, hashmix(entropy[src] as number, hashConst));
      }
    }
  }

  /** NumPy's `generate_state(n_words, dtype)`: `uint64` words are pairs of uint32 words, little-endian. */
  generateState(nWords: number, dtype: "uint32"): Uint32Array;
  generateState(nWords: number, dtype: "uint64"): BigUint64Array;
  generateState(nWords: number): Uint32Array;
  generateState(nWords: number, dtype: "uint32" | "uint64" = "uint32"): Uint32Array | BigUint64Array {
    if (!Number.isSafeInteger(nWords) || nWords < 0) {
      throw ValidationError.invalid("nWords", "a non-negative integer", nWords);
    }
    if (dtype !== "uint32" && dtype !== "uint64") {
      throw ValidationError.invalid("dtype", '"uint32" or "uint64"', dtype);
    }
    const count = dtype === "uint64" ? nWords * 2 : nWords;
    const state = new Uint32Array(count);
    let hashConst = INIT_B;
    for (let i = 0; i < count; i++) {
      let value = (this.pool[i % this.poolSize] as number) ^ hashConst;
      hashConst = Math.imul(hashConst, MULT_B) >>> 0;
      value = Math.imul(value, hashConst) >>> 0;
      state[i] = (value ^ (value >>> XSHIFT)) >>> 0;
    }
    if (dtype === "uint32") return state;
    const words = new BigUint64Array(nWords);
    for (let i = 0; i < nWords; i++) {
      words[i] = BigInt(state[2 * i] as number) | (BigInt(state[2 * i + 1] as number) << 32n);
    }
    return words;
  }

  /** NumPy's `spawn(n)`: independent child sequences keyed by this one's spawn key plus an index. */
  spawn(nChildren: number): SeedSequence[] {
    if (!Number.isSafeInteger(nChildren) || nChildren < 0) {
      throw ValidationError.invalid("nChildren", "a non-negative integer", nChildren);
    }
    const children: SeedSequence[] = [];
    for (let i = this.childrenSpawned; i < this.childrenSpawned + nChildren; i++) {
      children.push(new SeedSequence(this.entropy, { spawnKey: [...this.spawnKey, i], poolSize: this.poolSize }));
    }
    this.childrenSpawned += nChildren;
    return children;
  }
}

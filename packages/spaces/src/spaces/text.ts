/**
 * Gymnasium's `Text`: strings of `minLength` to `maxLength` characters from a character set.
 */
import { ValidationError, parseWithSchema, type NDArray } from "@plume/core-types";
import * as z from "zod";
import { checkMaskArray } from "./internal/masks.js";
import { isClose, numpySum } from "./internal/numeric.js";
import { SeedOptionSchema } from "./internal/schemas.js";
import type { TextJSON } from "./json-types.js";
import { Space, assertSingleMask, isPresent, type SpaceSeed } from "./space.js";

/** Gymnasium's default character set (digits, then upper- and lower-case Latin letters). */
export const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export interface TextOptions {
  /** Maximum length in characters (Unicode code points), inclusive. */
  readonly maxLength: number;
  /** Minimum length, inclusive; default 1. */
  readonly minLength?: number;
  /** The characters: a string or an array of single characters; default `ALPHANUMERIC`. Duplicates are dropped. */
  readonly charset?: string | readonly string[];
  readonly seed?: SpaceSeed;
}

const NonNegInt = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const TextOptionsSchema = z
  .object({
    /** Longest string: an integer >= 0. Required. */
    maxLength: NonNegInt,
    /** Shortest string: an integer in [0, maxLength]. Default 1. */
    minLength: NonNegInt.optional(),
    /** The characters strings are made of (a string or an array of single characters). Default: ASCII letters and digits. */
    charset: z
      .union([
        z.string(),
        z
          .array(z.string().refine((c) => Array.from(c).length === 1, { message: "expected single characters" }))
          .readonly(),
      ])
      .optional(),
    /** Seeds the space's own generator (an integer in [0, 2**32 - 1], or a `Generator` used as is). Default: unseeded (OS entropy on first `sample`). */
    seed: SeedOptionSchema.optional(),
  })
  .strict()
  .refine((o) => (o.minLength ?? 1) <= o.maxLength, {
    message: "expected minLength <= maxLength",
    path: ["minLength"],
  });

export const TextJSONSchema = z
  .object({ type: z.literal("Text"), minLength: z.number(), maxLength: z.number(), charset: z.string() })
  .strict();

/**
 * `[length, characterMask]` for `Text.sample`: a fixed length (or null for a random one) and an
 * NDArray over the character list (int8 0/1 for `mask`, float64 weights for `probability`) or null.
 */
export type TextMask = readonly [length: number | null | undefined, characters: NDArray | null | undefined];

function codePointOrder(a: string, b: string): number {
  return (a.codePointAt(0) as number) - (b.codePointAt(0) as number);
}

/**
 * Strings over a character set.
 *
 * ```ts
 * const names = new Text(5, { charset: "abc" }); // "a", "cab", ...
 * names.sample([3, null]); // three characters
 * ```
 *
 * Lengths count Unicode code points, as Python's `len(str)` does.
 */
export class Text extends Space<string> {
  readonly minLength: number;
  readonly maxLength: number;
  readonly shape = undefined;
  readonly dtype = undefined;
  /** The characters in sampling order (Gymnasium's `character_list`). */
  readonly characterList: readonly string[];
  /** The characters, sorted by code point and joined (Gymnasium's `characters`). */
  readonly characters: string;
  readonly #set: ReadonlySet<string>;
  readonly #index: ReadonlyMap<string, number>;

  constructor(maxLength: number | TextOptions, options: Omit<TextOptions, "maxLength"> = {}) {
    super();
    const input = typeof maxLength === "object" && maxLength !== null ? maxLength : { ...options, maxLength };
    const opts = parseWithSchema(TextOptionsSchema, input, { what: "Text options" });
    this.maxLength = opts.maxLength;
    this.minLength = opts.minLength ?? 1;
    const chars = typeof opts.charset === "string" ? Array.from(opts.charset) : [...(opts.charset ?? Array.from(ALPHANUMERIC))];
    const list = [...new Set(chars)];
    this.characterList = Object.freeze(list);
    this.#set = new Set(list);
    this.#index = new Map(list.map((c, i) => [c, i]));
    this.characters = [...list].sort(codePointOrder).join("");
    this.initSeed(opts.seed);
    if (new.target === Text) Object.freeze(this);
  }

  /** The set of characters (Gymnasium's `character_set`). */
  get characterSet(): ReadonlySet<string> {
    return this.#set;
  }

  /** The position of `char` in `characterList` (Gymnasium's `character_index`). */
  characterIndex(char: string): number {
    const index = this.#index.get(char);
    if (index === undefined) throw ValidationError.invalid("char", `one of the characters ${JSON.stringify(this.characters)}`, char);
    return index;
  }

  /** Flattening gives a padded integer vector of length `maxLength`. */
  get isNpFlattenable(): boolean {
    return true;
  }

  /**
   * Gymnasium's sampling: length `integers(minLength, maxLength + 1)` unless given, then each
   * character `choice(characterList, p)` with uniform `p` unless a mask / probability is given.
   * An all-zero character mask yields `""` when `minLength` is 0 and is an error otherwise.
   */
  sample(mask?: TextMask | null, probability?: TextMask | null): string {
    assertSingleMask(mask, probability);
    const n = this.characterList.length;
    let length: number | undefined;
    let weights: Float64Array | undefined;
    if (isPresent(mask)) {
      const [len, chars] = this.#readMask(mask, "mask");
      length = len;
      if (isPresent(chars)) {
        const m = checkMaskArray(chars, "mask[1]", "int8", [n]);
        let total = 0;
        m.data.forEach((v) => {
          if (v !== 0 && v !== 1) throw ValidationError.invalid("mask[1]", "mask values 0 or 1", v);
          total += v;
        });
        weights = total > 0 ? Float64Array.from(m.data, (v) => v / total) : new Float64Array(n);
      }
    } else if (isPresent(probability)) {
      const [len, chars] = this.#readMask(probability, "probability");
      length = len;
      if (isPresent(chars)) {
        const p = checkMaskArray(chars, "probability[1]", "float64", [n]);
        p.data.forEach((v) => {
          if (!(v >= 0 && v <= 1)) throw ValidationError.invalid("probability[1]", "probabilities in [0, 1]", v);
        });
        const sum = numpySum(p.data);
        if (!isClose(sum, 1)) throw ValidationError.invalid("probability[1]", "probabilities that sum to 1", sum);
        weights = Float64Array.from(p.data);
      }
    }
    const rng = this.npRandom;
    if (length === undefined) length = rng.integers(this.minLength, this.maxLength + 1);
    if (weights === undefined) weights = new Float64Array(n).fill(1 / n);
    if (weights.every((w) => w === 0)) {
      if (this.minLength === 0) return "";
      throw new ValidationError("cannot sample a Text with minLength > 0 from an all-zero character mask", {
        parameter: isPresent(mask) ? "mask" : isPresent(probability) ? "probability" : "charset",
        expected: `at least one allowed character (minLength is ${this.minLength})`,
        received: mask ?? probability,
      });
    }
    let out = "";
    for (let i = 0; i < length; i++) out += this.characterList[rng.choice(n, weights)] as string;
    return out;
  }

  #readMask(mask: TextMask, parameter: string): [number | undefined, NDArray | null | undefined] {
    if (!Array.isArray(mask) || mask.length !== 2) {
      throw ValidationError.invalid(parameter, "a pair [length or null, NDArray or null]", mask);
    }
    const [length, chars] = mask as TextMask;
    if (!isPresent(length)) return [undefined, chars];
    if (typeof length !== "number" || !Number.isInteger(length) || length < this.minLength || length > this.maxLength) {
      throw ValidationError.invalid(`${parameter}[0]`, `an integer length in [${this.minLength}, ${this.maxLength}]`, length);
    }
    return [length, chars];
  }

  contains(value: unknown): value is string {
    if (typeof value !== "string") return false;
    const chars = Array.from(value);
    return chars.length >= this.minLength && chars.length <= this.maxLength && chars.every((c) => this.#set.has(c));
  }

  equals(other: unknown): boolean {
    return (
      other instanceof Text &&
      other.minLength === this.minLength &&
      other.maxLength === this.maxLength &&
      other.characters === this.characters
    );
  }

  toJSON(): TextJSON {
    return { type: "Text", minLength: this.minLength, maxLength: this.maxLength, charset: this.characterList.join("") };
  }

  static fromJSON(json: unknown): Text {
    const data = parseWithSchema(TextJSONSchema, json, { what: "Text JSON" });
    return new Text({ maxLength: data.maxLength, minLength: data.minLength, charset: data.charset });
  }

  copy(): Text {
    const copy = new Text({ maxLength: this.maxLength, minLength: this.minLength, charset: this.characterList });
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    return `Text(${this.minLength}, ${this.maxLength}, charset=${this.characters})`;
  }
}

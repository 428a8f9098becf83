/**
 * Gymnasium's `Dict`: named subspaces; samples are objects with one entry per key.
 */
import { ValidationError, parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import { Generator } from "../random/index.js";
import { SpaceInstanceSchema, drawSubseeds } from "./internal/composite.js";
import { spaceFromJSON } from "./json.js";
import type { DictJSON } from "./json-types.js";
import { pyStr } from "./internal/repr.js";
import { SEED_EXPECTED, Space, assertSingleMask, isPresent, type SampleOf, type SeedInput, type SeedResult } from "./space.js";

export type SpaceRecord = { readonly [key: string]: Space<unknown> };

export type DictSample<S extends SpaceRecord> = { readonly [K in keyof S]: SampleOf<S[K]> };

export type DictEntries = readonly (readonly [string, Space<unknown>])[];

export interface DictOptions {
  /**
   * An integer (subspace seeds are drawn from it), an object with a seed for every key, or a
   * Generator for the Dict itself.
   */
  readonly seed?: number | Generator | { readonly [key: string]: SeedInput };
}

export const DictOptionsSchema = z
  .object({
    /** Seeds the space and its subspaces: an integer, a `Generator`, or an object of seeds keyed like the subspaces. Default: unseeded (OS entropy on first `sample`). */
    seed: z
      .union([
        z.custom<number>((v) => typeof v === "number", { message: `expected ${SEED_EXPECTED}` }),
        z.instanceof(Generator),
        z.record(z.string(), z.unknown()),
      ])
      .optional(),
  })
  .strict();

export const DictJSONSchema = z
  .object({ type: z.literal("Dict"), spaces: z.array(z.tuple([z.string(), z.unknown()])) })
  .strict();

/** Python's ordering of str keys: by code point. */
function codePointCompare(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  }
  return x.length - y.length;
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Map);
}

function readEntries(spaces: unknown): [string, Space<unknown>][] {
  let entries: [string, unknown][];
  if (spaces instanceof Map) {
    entries = [...(spaces as Map<unknown, unknown>).entries()].map(([k, v]) => [k as string, v]);
    entries.sort(([a], [b]) => codePointCompare(a, b));
  } else if (Array.isArray(spaces)) {
    entries = spaces.map((entry, i) => {
      if (!Array.isArray(entry) || entry.length !== 2) {
        throw ValidationError.invalid(`spaces[${i}]`, "a [key, space] pair", entry);
      }
      return [entry[0] as string, entry[1] as unknown];
    });
  } else if (isPlainRecord(spaces)) {
    // Gymnasium sorts the keys of a mapping ("for legacy reasons").
    entries = Object.keys(spaces)
      .sort(codePointCompare)
      .map((k) => [k, spaces[k]]);
  } else {
    throw ValidationError.invalid("spaces", "an object of spaces, a Map or an array of [key, space] pairs", spaces);
  }
  const seen = new Set<string>();
  return entries.map(([key, space]) => {
    if (typeof key !== "string") throw ValidationError.invalid("spaces", "string keys", key);
    if (seen.has(key)) throw ValidationError.invalid(`spaces.${key}`, "unique keys", key);
    seen.add(key);
    const parsed = SpaceInstanceSchema.safeParse(space);
    if (!parsed.success) throw ValidationError.invalid(`spaces.${key}`, "a Space instance (Box, Discrete, Dict, ...)", space);
    return [key, parsed.data];
  });
}

/**
 * Named subspaces. A plain object (or Map) of spaces is ordered by sorted key, as Gymnasium does;
 * an array of `[key, space]` pairs keeps its order.
 *
 * ```ts
 * const obs = new Dict({ odor: new Box({ low: 0, high: 1 }), wind: new Box({ low: -1, high: 1, shape: [2] }) });
 * obs.sample().wind; // NDArray<"float32">
 * ```
 */
export class Dict<const S extends SpaceRecord = SpaceRecord> extends Space<DictSample<S>> {
  /** The subspaces by key (iterate `keys` for the space's order). */
  readonly spaces: Readonly<S>;
  /** The keys in the space's order. */
  readonly keys: readonly (keyof S & string)[];
  readonly shape = undefined;
  readonly dtype = undefined;

  constructor(spaces: S, options?: DictOptions);
  constructor(spaces: DictEntries | ReadonlyMap<string, Space<unknown>>, options?: DictOptions);
  constructor(spaces: S | DictEntries | ReadonlyMap<string, Space<unknown>>, options: DictOptions = {}) {
    super();
    const opts = parseWithSchema(DictOptionsSchema, options, { what: "Dict options" });
    const entries = readEntries(spaces);
    const record: Record<string, Space<unknown>> = Object.create(null) as Record<string, Space<unknown>>;
    for (const [key, space] of entries) record[key] = space;
    this.spaces = Object.freeze(record) as unknown as Readonly<S>;
    this.keys = Object.freeze(entries.map(([key]) => key)) as readonly (keyof S & string)[];
    this.initSeed(opts.seed as SeedInput | Generator | undefined);
    if (new.target === Dict) Object.freeze(this);
  }

  /** The subspace for `key`. */
  get<K extends keyof S & string>(key: K): S[K] {
    return this.spaces[key];
  }

  get length(): number {
    return this.keys.length;
  }

  /** `[key, space]` pairs in the space's order. */
  entries(): [keyof S & string, Space<unknown>][] {
    return this.keys.map((k) => [k, this.spaces[k] as Space<unknown>]);
  }

  get isNpFlattenable(): boolean {
    return this.keys.every((k) => (this.spaces[k] as Space<unknown>).isNpFlattenable);
  }

  /**
   * Gymnasium's seeding: nothing seeds every subspace from OS entropy; an integer seeds the
   * Dict, then each subspace (in key order) with `integers(INT32_MAX)` drawn from it; an object
   * with exactly the space's keys seeds each subspace with its entry. Returns the subspaces' seeds by key.
   */
  override seed(seed?: SeedInput): { readonly [key: string]: SeedResult } {
    const out: Record<string, SeedResult> = {};
    if (seed === undefined || seed === null) {
      for (const k of this.keys) out[k] = (this.spaces[k] as Space<unknown>).seed();
      return out;
    }
    if (typeof seed === "number") {
      this.seedSelf(seed);
      const subseeds = drawSubseeds(this.npRandom, this.keys.length);
      this.keys.forEach((k, i) => {
        out[k] = (this.spaces[k] as Space<unknown>).seed(subseeds[i]);
      });
      return out;
    }
    if (isPlainRecord(seed)) {
      const given = Object.keys(seed);
      if (given.length !== this.keys.length || !given.every((k) => k in this.spaces)) {
        throw ValidationError.invalid("seed", `an object with exactly the keys ${JSON.stringify(this.keys)}`, seed);
      }
      for (const k of this.keys) out[k] = (this.spaces[k] as Space<unknown>).seed((seed as Record<string, SeedInput>)[k]);
      return out;
    }
    throw ValidationError.invalid("seed", `${SEED_EXPECTED} or an object of seeds keyed like the space`, seed);
  }

  /** One sample per key; `mask` / `probability` are objects with exactly the space's keys (null for none). */
  sample(
    mask?: { readonly [key: string]: unknown } | null,
    probability?: { readonly [key: string]: unknown } | null,
  ): DictSample<S> {
    assertSingleMask(mask, probability);
    const out: Record<string, unknown> = {};
    if (isPresent(mask)) {
      this.#checkKeys(mask, "mask");
      for (const k of this.keys) out[k] = (this.spaces[k] as Space<unknown>).sample(mask[k]);
    } else if (isPresent(probability)) {
      this.#checkKeys(probability, "probability");
      for (const k of this.keys) out[k] = (this.spaces[k] as Space<unknown>).sample(undefined, probability[k]);
    } else {
      for (const k of this.keys) out[k] = (this.spaces[k] as Space<unknown>).sample();
    }
    return out as DictSample<S>;
  }

  #checkKeys(value: unknown, parameter: string): void {
    if (!isPlainRecord(value)) throw ValidationError.invalid(parameter, "an object keyed like the space", value);
    const keys = Object.keys(value);
    if (keys.length !== this.keys.length || !keys.every((k) => k in this.spaces)) {
      throw ValidationError.invalid(parameter, `an object with exactly the keys ${JSON.stringify(this.keys)}`, keys);
    }
  }

  /** An object with exactly the space's keys whose values the subspaces contain. */
  contains(value: unknown): value is DictSample<S> {
    if (!isPlainRecord(value) || ArrayBuffer.isView(value)) return false;
    const keys = Object.keys(value);
    if (keys.length !== this.keys.length || !keys.every((k) => k in this.spaces)) return false;
    return this.keys.every((k) => (this.spaces[k] as Space<unknown>).contains(value[k]));
  }

  /** Same keys (in any order, like Python dicts) with equal subspaces. */
  equals(other: unknown): boolean {
    if (!(other instanceof Dict) || other.keys.length !== this.keys.length) return false;
    return this.keys.every((k) => k in other.spaces && (this.spaces[k] as Space<unknown>).equals(other.spaces[k]));
  }

  toJSON(): DictJSON {
    return { type: "Dict", spaces: this.keys.map((k) => [k, (this.spaces[k] as Space<unknown>).toJSON()] as const) };
  }

  static fromJSON(json: unknown): Dict {
    const data = parseWithSchema(DictJSONSchema, json, { what: "Dict JSON" });
    return new Dict(data.spaces.map(([k, s]) => [k, spaceFromJSON(s)] as const));
  }

  copy(): Dict<S> {
    const copy = new Dict<S>(this.keys.map((k) => [k, (this.spaces[k] as Space<unknown>).copy()] as const));
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    return `Dict(${this.keys.map((k) => `${pyStr(k)}: ${String(this.spaces[k])}`).join(", ")})`;
  }
}

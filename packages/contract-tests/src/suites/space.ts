/** The Space suite (`space.*`, CHECKS.md §6). */
import { isNDArray, ndarray, type DType, type NDArray } from "@plume/core-types";
import * as spaces from "@plume/spaces";
import { Generator, SPACE_TYPES as SPACE_TYPE_NAMES, spaceFromJSON } from "@plume/spaces";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { GYMNASIUM_SAMPLES, NUMPY_RANDOM_8 } from "../data/numpy-vectors.js";
import { describeError, fail, guard, planSuite, type CheckContext, type CheckDefinition, type SuitePlan } from "../engine.js";
import { resolveOptions, spaceOptionsSchema, type SpaceOptions } from "../options.js";
import { cloneValue, exactDiff, isNDArrayLike, isPlainObject, render, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { chiSquarePValue, ksPValue, normalCdf } from "../stats.js";
import {
  DTYPE_ARRAY,
  boxView,
  dictEntries,
  discreteView,
  explainNotContained,
  foreignCandidates,
  isSpaceLike,
  safeContains,
  samplingCopy,
  spaceLabel,
  spaceType,
  tupleSpaces,
  type AnySpace,
} from "../spaces-util.js";
import { create, subjectName, requireFactory } from "./common.js";

export type SpaceFactory = () => AnySpace;

type Ctor = new (...args: unknown[]) => AnySpace;
type Rec = Record<string, unknown>;

const PROTOCOL_METHODS = ["sample", "contains", "seed", "equals", "toJSON", "toString"] as const;
const PROTOCOL_PROPERTIES = ["shape", "dtype", "isNpFlattenable"] as const;

const KNOWN_TYPES: readonly string[] = ["Box", "Discrete", "MultiDiscrete", "MultiBinary", "Text", "Dict", "Tuple", "Sequence", "OneOf"];

/** The space and every subspace, depth first, with paths. */
export function spaceTree(space: AnySpace, path = "space"): [string, AnySpace][] {
  const out: [string, AnySpace][] = [[path, space]];
  const type = spaceType(space);
  if (type === "Dict") for (const [k, s] of dictEntries(space) ?? []) out.push(...spaceTree(s, `${path}.${k}`));
  if (type === "Tuple" || type === "OneOf") {
    const subs = ((space as unknown as { spaces?: unknown }).spaces ?? []) as AnySpace[];
    subs.forEach((s, i) => out.push(...spaceTree(s, `${path}[${i}]`)));
  }
  if (type === "Sequence") {
    const f = (space as unknown as { featureSpace?: unknown }).featureSpace;
    if (isSpaceLike(f)) out.push(...spaceTree(f, `${path}.feature`));
  }
  if (!KNOWN_TYPES.includes(type)) {
    // a custom composite (e.g. a Graph): its own properties that hold spaces
    for (const [k, v] of Object.entries(space)) if (isSpaceLike(v)) out.push(...spaceTree(v, `${path}.${k}`));
  }
  return out;
}

function children(space: AnySpace): AnySpace[] {
  return spaceTree(space).slice(1).filter(([p]) => p.split(/[.[]/).length === 2).map(([, s]) => s);
}

function isTypedError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { name?: unknown; code?: unknown };
  return e.name === "ValidationError" || e.code === "PLUME_VALIDATION" || error instanceof TypeError || error instanceof RangeError;
}

function expectThrow(what: string, fn: () => unknown, typed = false): void {
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    if (typed && !isTypedError(error)) fail(`${what} threw ${describeError(error)}, not a typed error (ValidationError)`);
    return;
  }
  fail(`${what} did not throw (returned ${render(result)})`);
}

function tryNew(fn: () => unknown): AnySpace | undefined {
  try {
    const s = fn();
    return isSpaceLike(s) ? s : undefined;
  } catch {
    return undefined;
  }
}

function jsonOf(space: AnySpace): unknown {
  return JSON.parse(JSON.stringify(space.toJSON())) as unknown;
}

/**
 * A class-level probe: the space's constructor, when it accepts @plume/spaces' signature — checked on a
 * baseline construction that must succeed and give a space of the same type. The construction rules
 * themselves (defaults, errors) are then what the check verifies.
 */
function classProbe(space: AnySpace, build: (C: Ctor) => AnySpace): Ctor | undefined {
  const C = (space as unknown as { constructor: Ctor }).constructor;
  const base = tryNew(() => build(C));
  if (base === undefined || spaceType(base) !== spaceType(space)) return undefined;
  return C;
}

/** A plain, comparable form of a sample (NDArray -> { dtype, shape, data: number[] }). */
function plainSample(x: unknown): unknown {
  if (isNDArrayLike(x)) return { dtype: x.dtype, shape: [...x.shape], data: Array.from(x.data as ArrayLike<number | bigint>, Number) };
  if (Array.isArray(x)) return x.map(plainSample);
  if (isPlainObject(x)) return Object.fromEntries(Object.keys(x).map((k) => [k, plainSample(x[k])]));
  return x;
}

// --- the kit's structural sample codec (Gymnasium's to_jsonable / from_jsonable) ------------------

function encodeSample(space: AnySpace, x: unknown): unknown {
  const type = spaceType(space);
  if (isNDArrayLike(x)) {
    return { dtype: x.dtype, shape: [...x.shape], data: Array.from(x.data as ArrayLike<number | bigint>, (v) => (typeof v === "bigint" ? v.toString() : v)) };
  }
  if (!["Dict", "Tuple", "OneOf", "Sequence"].includes(type)) {
    // a structure the kit does not know (e.g. a Graph instance): encode its NDArrays wherever they are
    if (Array.isArray(x)) return x.map((v: unknown) => encodeSample(space, v));
    if (isPlainObject(x)) return Object.fromEntries(Object.keys(x).map((k) => [k, encodeSample(space, x[k])]));
    return x;
  }
  if (type === "Dict" && isPlainObject(x)) return Object.fromEntries((dictEntries(space) ?? []).map(([k, s]) => [k, encodeSample(s, x[k])]));
  if (type === "Tuple" && Array.isArray(x)) return (tupleSpaces(space) ?? []).map((s, i) => encodeSample(s, x[i]));
  if (type === "OneOf" && Array.isArray(x)) {
    const subs = ((space as unknown as { spaces: AnySpace[] }).spaces ?? []) as AnySpace[];
    return [x[0], encodeSample(subs[x[0] as number] as AnySpace, x[1])];
  }
  if (type === "Sequence" && Array.isArray(x)) {
    const f = (space as unknown as { featureSpace: AnySpace }).featureSpace;
    return x.map((v: unknown) => encodeSample(f, v));
  }
  return x;
}

function decodeSample(space: AnySpace, j: unknown): unknown {
  const type = spaceType(space);
  if (isPlainObject(j) && typeof j["dtype"] === "string" && Array.isArray(j["shape"]) && Array.isArray(j["data"])) {
    const dtype = j["dtype"] as DType;
    const data = (j["data"] as unknown[]).map((v) => (typeof v === "string" ? BigInt(v) : (v as number)));
    return ndarray(dtype, j["shape"] as number[], data as number[]);
  }
  if (type === "Dict" && isPlainObject(j)) return Object.fromEntries((dictEntries(space) ?? []).map(([k, s]) => [k, decodeSample(s, j[k])]));
  if (type === "Tuple" && Array.isArray(j)) return (tupleSpaces(space) ?? []).map((s, i) => decodeSample(s, j[i]));
  if (type === "OneOf" && Array.isArray(j)) {
    const subs = ((space as unknown as { spaces: AnySpace[] }).spaces ?? []) as AnySpace[];
    return [j[0], decodeSample(subs[j[0] as number] as AnySpace, j[1])];
  }
  if (type === "Sequence" && Array.isArray(j)) {
    const f = (space as unknown as { featureSpace: AnySpace }).featureSpace;
    return j.map((v: unknown) => decodeSample(f, v));
  }
  if (!["Dict", "Tuple", "OneOf", "Sequence"].includes(type)) {
    if (Array.isArray(j)) return j.map((v: unknown) => decodeSample(space, v));
    if (isPlainObject(j)) return Object.fromEntries(Object.keys(j).map((k) => [k, decodeSample(space, j[k])]));
  }
  return j;
}

/** JSON-level perturbations that must give unequal spaces (for `space.equality`). */
function perturbations(json: unknown): unknown[] {
  if (!isPlainObject(json)) return [];
  const j = json;
  const out: unknown[] = [];
  const bump = (v: unknown, d: number): unknown => (typeof v === "number" ? v + d : typeof v === "string" && /^-?\d+$/.test(v) ? (BigInt(v) + BigInt(d)).toString() : v);
  switch (j["type"]) {
    case "Discrete":
      out.push({ ...j, n: (j["n"] as number) + 1 }, { ...j, start: (j["start"] as number) + 1 });
      break;
    case "Box": {
      const dtype = j["dtype"] as string;
      const other = dtype === "float32" ? "float64" : dtype === "float64" ? "float32" : dtype === "int32" ? "int64" : "int32";
      out.push({ ...j, dtype: other });
      const low = j["low"];
      const high = j["high"];
      const lowFirst = Array.isArray(low) ? low[0] : low;
      if (typeof lowFirst === "number") out.push({ ...j, low: Array.isArray(low) ? [lowFirst - 1, ...low.slice(1)] : lowFirst - 1 });
      const highFirst = Array.isArray(high) ? high[0] : high;
      if (typeof highFirst === "number") out.push({ ...j, high: Array.isArray(high) ? [highFirst + 1, ...high.slice(1)] : highFirst + 1 });
      break;
    }
    case "MultiDiscrete": {
      const nvec = j["nvec"] as unknown[];
      const start = j["start"] as unknown[];
      out.push({ ...j, nvec: [bump(nvec[0], 1), ...nvec.slice(1)] }, { ...j, start: [bump(start[0], 1), ...start.slice(1)] });
      out.push({ ...j, dtype: j["dtype"] === "int32" ? "int64" : "int32" });
      break;
    }
    case "MultiBinary":
      out.push({ ...j, n: typeof j["n"] === "number" ? (j["n"] as number) + 1 : [...(j["n"] as number[]), 1] });
      break;
    case "Text": {
      out.push({ ...j, maxLength: (j["maxLength"] as number) + 1 });
      const cs = j["charset"] as string;
      if (Array.from(cs).length > 1) out.push({ ...j, charset: Array.from(cs).slice(0, -1).join("") });
      if ((j["minLength"] as number) < (j["maxLength"] as number)) out.push({ ...j, minLength: (j["minLength"] as number) + 1 });
      break;
    }
    case "Dict": {
      const entries = j["spaces"] as [string, unknown][];
      if (entries.length > 1) out.push({ ...j, spaces: entries.slice(1) });
      const first = entries[0];
      if (first !== undefined) for (const p of perturbations(first[1]).slice(0, 1)) out.push({ ...j, spaces: [[first[0], p], ...entries.slice(1)] });
      break;
    }
    case "Tuple":
    case "OneOf": {
      const subs = j["spaces"] as unknown[];
      if (subs.length > 1) out.push({ ...j, spaces: subs.slice(1) });
      for (const p of perturbations(subs[0]).slice(0, 1)) out.push({ ...j, spaces: [p, ...subs.slice(1)] });
      break;
    }
    case "Sequence":
      out.push({ ...j, stack: !(j["stack"] as boolean) });
      for (const p of perturbations(j["space"]).slice(0, 1)) out.push({ ...j, space: p });
      break;
    default:
      break;
  }
  return out;
}

/** Generators of the space tree (own generator first), for exporting and restoring state. */
function generatorsOf(space: AnySpace): Generator[] {
  return spaceTree(space).flatMap(([, s]) => {
    const g = (s as unknown as { npRandom?: unknown }).npRandom;
    return g instanceof Generator ? [g] : [];
  });
}

function simpleMask(space: AnySpace): unknown {
  const d = discreteView(space);
  if (d !== undefined) return ndarray("int8", [d.n], Int8Array.from({ length: d.n }, (_, i) => (i === d.n - 1 ? 1 : 0)));
  if (spaceType(space) === "MultiBinary") {
    const shape = (space as unknown as { shape: number[] }).shape;
    const size = shape.reduce((a, b) => a * b, 1);
    return ndarray("int8", shape, Int8Array.from({ length: size }, (_, i) => i % 2));
  }
  return null;
}

function maskedValueOk(space: AnySpace, value: unknown): boolean {
  const d = discreteView(space);
  if (d !== undefined) return value === d.start + d.n - 1;
  if (spaceType(space) === "MultiBinary" && isNDArrayLike(value)) return Array.from(value.data as ArrayLike<number>).every((v, i) => v === i % 2);
  return true;
}

function simpleProbability(space: AnySpace): unknown {
  const d = discreteView(space);
  if (d !== undefined) return ndarray("float64", [d.n], Float64Array.from({ length: d.n }, (_, i) => (i === 0 ? 1 : 0)));
  if (spaceType(space) === "MultiBinary") {
    const shape = (space as unknown as { shape: number[] }).shape;
    const size = shape.reduce((a, b) => a * b, 1);
    return ndarray("float64", shape, new Float64Array(size).fill(1));
  }
  return null;
}

function probabilityValueOk(space: AnySpace, value: unknown): boolean {
  const d = discreteView(space);
  if (d !== undefined) return value === d.start;
  if (spaceType(space) === "MultiBinary" && isNDArrayLike(value)) return Array.from(value.data as ArrayLike<number>).every((v) => v === 1);
  return true;
}

/** Builds the Space suite without running it. */
export function planSpace(factory: SpaceFactory, rawOptions?: SpaceOptions): SuitePlan {
  requireFactory(factory, "checkSpace", "space");
  const { options, settings } = resolveOptions(spaceOptionsSchema, "space", rawOptions);
  const fresh = (): AnySpace => {
    const s = create(factory) as unknown;
    if (typeof s !== "object" || s === null || typeof (s as Rec)["sample"] !== "function" || typeof (s as Rec)["contains"] !== "function") {
      fail(`the factory returned ${render(s)}, not a space (sample, contains, seed, equals, toJSON)`);
    }
    return s as AnySpace;
  };
  const runs = settings.numRuns;
  const label = () => spaceLabel(fresh());
  const samplesOf = (s: AnySpace, seed: number, n: number): unknown[] =>
    guard(`seed(${seed}) + sample()`, () => {
      s.seed(seed);
      return Array.from({ length: n }, () => s.sample());
    });
  const ofType = (type: string, ctx: CheckContext): [string, AnySpace][] => {
    const list = spaceTree(fresh()).filter(([, s]) => spaceType(s) === type);
    if (list.length === 0) ctx.skip(`applies to ${type} spaces only (this is ${label()})`);
    return list;
  };
  const isPlumeSpace = (s: AnySpace) => s instanceof spaces.Space;
  const injected = options.utilities;
  const util = {
    flatdim: (injected?.flatdim ?? spaces.flatdim) as (s: unknown) => number,
    flatten: (injected?.flatten ?? spaces.flatten) as (s: unknown, x: unknown) => unknown,
    unflatten: (injected?.unflatten ?? spaces.unflatten) as (s: unknown, x: unknown) => unknown,
    flattenSpace: (injected?.flattenSpace ?? spaces.flattenSpace) as (s: unknown) => unknown,
  };
  const utilityGate = (ctx: CheckContext) => {
    const s = fresh();
    if (injected === undefined && !isPlumeSpace(s)) ctx.skip("the flatten utilities of @plume/spaces apply to its own spaces (this space is another class or another copy of the package; pass options.utilities)");
    return s as unknown as spaces.Space<unknown>;
  };
  const containsSequence = (s: AnySpace) => spaceTree(s).some(([, x]) => spaceType(x) === "Sequence");

  const checks: CheckDefinition[] = [
    {
      id: "space.protocol-shape",
      run() {
        const s = create(factory) as unknown;
        if (typeof s !== "object" || s === null) fail(`the factory returned ${render(s)}, not a space object`);
        for (const m of PROTOCOL_METHODS) if (typeof (s as Rec)[m] !== "function") fail(`${m} is ${(s as Rec)[m] === undefined ? "missing" : `a ${typeName((s as Rec)[m])}`}: a space must implement ${m}()`);
        for (const p of PROTOCOL_PROPERTIES) if (!(p in (s as object))) fail(`the space has no ${p} property`);
        const shape = (s as Rec)["shape"];
        if (shape !== undefined && !Array.isArray(shape)) fail(`shape is ${render(shape)}, not an array or undefined`);
        if (typeof (s as Rec)["isNpFlattenable"] !== "boolean") fail(`isNpFlattenable is ${render((s as Rec)["isNpFlattenable"])}, not a boolean`);
        for (const m of ["toJsonable", "fromJsonable"]) {
          const v = (s as Rec)[m];
          if (v !== undefined && typeof v !== "function") fail(`${m} is a ${typeName(v)}, not a function`);
        }
      },
    },
    {
      id: "space.sample-contained",
      run(ctx) {
        ctx.property(arb.seed(), (seed) => {
          const s = fresh();
          samplesOf(s, seed, 10).forEach((x, i) => {
            const why = explainNotContained(s, x, `sample ${i}`);
            if (why !== undefined) fail(`after seed(${seed}): ${why}`, x);
          });
        });
      },
    },
    {
      id: "space.contains-total",
      run(ctx) {
        const s = fresh();
        const others: AnySpace[] = [
          new spaces.Discrete(3),
          new spaces.Box({ low: -1, high: 1, shape: [2] }),
          new spaces.MultiBinary(3),
          new spaces.Text(4),
          new spaces.Dict({ a: new spaces.Discrete(2) }),
          new spaces.Tuple([new spaces.Discrete(2)]),
        ];
        const foreign = fc.oneof(
          arb.foreign(s),
          fc.tuple(fc.integer({ min: 0, max: others.length - 1 }), fc.integer({ min: 0, max: 1000 })).map(([i, seed]) => {
            const c = samplingCopy(others[i] as AnySpace);
            c.seed(seed);
            return c.sample();
          }),
          fc.anything(),
        );
        ctx.property(foreign, (x) => {
          const v = guard(`contains(${render(x)})`, () => s.contains(cloneValue(x)), x);
          if (typeof v !== "boolean") fail(`contains(${render(x)}) returned ${render(v)}, not a boolean`, x);
        });
      },
    },
    {
      id: "space.seed-reproducible",
      run() {
        const a = fresh();
        const b = fresh();
        for (let seed = 0; seed < 5; seed++) {
          const ra = guard(`seed(${seed})`, () => a.seed(seed));
          const rb = guard(`seed(${seed})`, () => b.seed(seed));
          const d = exactDiff(ra, rb, "seed()");
          if (d !== undefined) fail(`two equal spaces seeded with ${seed} returned different seed values: ${d}`);
          for (let i = 0; i < 10; i++) {
            const x = a.sample();
            const y = b.sample();
            const dd = exactDiff(x, y, `sample ${i}`);
            if (dd !== undefined) fail(`two equal spaces seeded with ${seed} gave different samples: ${dd}`);
          }
        }
        const r1 = a.seed(123);
        const r2 = b.seed(456);
        if (exactDiff(r1, r2) === undefined) fail(`seed(123) and seed(456) returned the same value ${render(r1)}`);
        const xs = Array.from({ length: 10 }, () => a.sample());
        const ys = Array.from({ length: 10 }, () => b.sample());
        const probe = fresh();
        probe.seed(7);
        const variety = new Set(Array.from({ length: 20 }, () => JSON.stringify(plainSample(probe.sample()), (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))));
        if (variety.size > 1 && xs.every((x, i) => exactDiff(x, ys[i]) === undefined)) {
          fail("seeds 123 and 456 gave the same 10 samples: sample() must draw from the space's seeded generator");
        }
      },
    },
    {
      id: "space.seed-replay",
      run(ctx) {
        for (const x of [undefined, 123] as const) {
          const a = fresh();
          const used = guard(`seed(${render(x)})`, () => a.seed(x));
          if (used === undefined || used === null) fail(`seed(${render(x)}) returned ${render(used)}; it must return the seed it used (the drawn entropy when none was given)`);
          const type = spaceType(a);
          if (x === 123) {
            if (type === "Dict" && !isPlainObject(used)) fail(`Dict.seed(123) returned ${render(used)}, not one seed per key`);
            if (type === "Tuple" && (!Array.isArray(used) || used.length !== (tupleSpaces(a) ?? []).length)) fail(`Tuple.seed(123) returned ${render(used)}, not one seed per subspace`);
            if (type === "OneOf" && (!Array.isArray(used) || used.length !== children(a).length + 1)) fail(`OneOf.seed(123) returned ${render(used)}, not [own seed, one per subspace]`);
          }
          const first = Array.from({ length: 5 }, () => a.sample());
          const b = fresh();
          let replayed: unknown[];
          try {
            b.seed(used as number);
            replayed = Array.from({ length: 5 }, () => b.sample());
          } catch (error) {
            if (x === undefined && JSON.stringify(used, (_k, v: unknown) => (typeof v === "bigint" ? "big" : v)).includes("big")) {
              ctx.note("the unseeded entropy is a 128-bit value outside Plume's seed domain [0, 2^32 - 1], so it cannot be fed back (a documented deviation from Gymnasium)");
              continue;
            }
            fail(`seed(${render(used)}) (the value seed(${render(x)}) returned) threw ${describeError(error)}`);
          }
          const d = exactDiff(first, replayed, "samples");
          if (d !== undefined) fail(`feeding seed(${render(x)})'s return value ${render(used)} back into seed() does not replay the samples: ${d}`);
        }
      },
    },
    {
      id: "space.seed-generator-shared",
      run(ctx) {
        const s = fresh();
        if (!(generatorsOf(s).length > 0)) ctx.skip("the space exposes no npRandom generator");
        const json = jsonOf(s) as Rec;
        const gen = Generator.fromSeed(5);
        const C = (s as unknown as { constructor: Ctor }).constructor;
        const type = spaceType(s);
        const plain = isPlainObject(json) ? json : {};
        const rebuilt = tryNew(() => spaceFromJSON(json)) as unknown as Rec | undefined;
        const built = tryNew(() => {
          switch (type) {
            case "Box":
              return new C({ low: (s as unknown as Rec)["low"], high: (s as unknown as Rec)["high"], shape: plain["shape"], dtype: plain["dtype"], seed: gen });
            case "Discrete":
              return new C({ n: plain["n"], start: plain["start"], seed: gen });
            case "MultiDiscrete":
              return new C({ nvec: (s as unknown as Rec)["nvec"], start: (s as unknown as Rec)["start"], dtype: plain["dtype"], seed: gen });
            case "MultiBinary":
              return new C({ n: plain["n"], seed: gen });
            case "Text":
              return new C({ maxLength: plain["maxLength"], minLength: plain["minLength"], charset: plain["charset"], seed: gen });
            case "Tuple":
            case "OneOf":
              return new C(rebuilt?.["spaces"], { seed: gen });
            case "Dict":
              return new C((rebuilt as unknown as { entries?: () => unknown })?.entries?.(), { seed: gen });
            case "Sequence":
              return new C(rebuilt?.["featureSpace"], { stack: plain["stack"], seed: gen });
            default:
              return undefined;
          }
        });
        if (built === undefined) ctx.skip(`the ${type} constructor does not accept @plume/spaces' options with a Generator seed`);
        const used = (built as unknown as { npRandom?: unknown }).npRandom;
        if (used !== gen) fail(`a Generator passed as the seed option is not used as is: space.npRandom is ${used === undefined ? "undefined" : "a different generator (copied?)"}`);
      },
    },
    {
      id: "space.seed-invalid",
      run() {
        for (const bad of ["abc", -1, 1.5, Number.NaN, 2 ** 64] as const) expectThrow(`seed(${render(bad)})`, () => fresh().seed(bad as number), true);
        const s = fresh();
        const type = spaceType(s);
        if (type === "Tuple" || type === "OneOf") expectThrow(`${type}.seed with the wrong number of seeds`, () => fresh().seed([1] as unknown as number), true);
        if (type === "Dict") expectThrow("Dict.seed with the wrong keys", () => fresh().seed({ __no_such_key__: 1 } as unknown as number), true);
        if (type === "Sequence") expectThrow("Sequence.seed with 3 seeds", () => fresh().seed([1, 2, 3] as unknown as number), true);
      },
    },
    {
      id: "space.numpy-parity",
      run(ctx) {
        const s = fresh();
        if (generatorsOf(s).length === 0) ctx.skip("the space has no NumPy-compatible generator (npRandom)");
        const repr = spaceLabel(s);
        const type = spaceType(s);
        let compared = 0;
        if (["Box", "Discrete", "MultiDiscrete", "MultiBinary", "Text"].includes(type)) {
          for (const { seed, random_8 } of NUMPY_RANDOM_8) {
            const copy = fresh();
            copy.seed(seed);
            const g = (copy as unknown as { npRandom: Generator }).npRandom;
            const draws = Array.from({ length: 8 }, () => g.random());
            if (exactDiff(draws, [...random_8]) !== undefined) fail(`after seed(${seed}) the space's generator draws ${render(draws)}, not NumPy's default_rng(${seed}).random(8) = ${render(random_8)}`);
            compared += 1;
          }
        }
        for (const fx of GYMNASIUM_SAMPLES.filter((f) => f.repr === repr)) {
          const copy = fresh();
          copy.seed(fx.seed);
          fx.samples.forEach((want, i) => {
            const got = plainSample(copy.sample());
            const d = exactDiff(got, want, `sample ${i}`);
            if (d !== undefined) fail(`${repr} seeded ${fx.seed}: ${d} (Gymnasium 1.4 gives ${render(want)})`);
          });
          compared += 1;
        }
        if (compared === 0) ctx.skip(`no recorded NumPy vectors apply to ${repr}`);
      },
    },
    {
      id: "space.json-roundtrip",
      run(ctx) {
        const s = fresh();
        const own = typeof (s as unknown as Rec)["toJsonable"] === "function" && typeof (s as unknown as Rec)["fromJsonable"] === "function";
        if (!own) ctx.note("the space has no toJsonable/fromJsonable; samples were checked with the kit's structural codec");
        ctx.property(arb.seed(), (seed) => {
          const batch = samplesOf(fresh(), seed, 2);
          const text = guard("toJsonable + JSON.stringify", () =>
            JSON.stringify(own ? (s as unknown as { toJsonable(x: unknown[]): unknown }).toJsonable(batch) : batch.map((x) => encodeSample(s, x))),
          );
          const back = guard("JSON.parse + fromJsonable", () => {
            const parsed = JSON.parse(text) as unknown;
            return own ? (s as unknown as { fromJsonable(j: unknown): unknown }).fromJsonable(parsed) : (parsed as unknown[]).map((j) => decodeSample(s, j));
          });
          const d = exactDiff(back, batch, "samples");
          if (d !== undefined) fail(`samples do not survive the JSON round trip (dtype and class must be kept): ${d}`, batch);
        }, { numRuns: Math.max(10, Math.ceil(runs / 2)) });
      },
    },
    {
      id: "space.equality",
      run() {
        const s = fresh();
        if (guard("equals(itself)", () => s.equals(s)) !== true) fail("space.equals(space) is not true");
        const twin = fresh();
        if (guard("equals(an equal space)", () => s.equals(twin)) !== true) fail(`two spaces built by the factory are not equal: ${spaceLabel(s)} vs ${spaceLabel(twin)}`);
        const rebuilt = tryNew(() => spaceFromJSON(jsonOf(s)));
        const json = jsonOf(s);
        if (rebuilt !== undefined) {
          for (const p of perturbations(json)) {
            const other = tryNew(() => spaceFromJSON(p));
            if (other === undefined) continue;
            if (guard(`equals(${spaceLabel(other)})`, () => s.equals(other)) !== false) fail(`${spaceLabel(s)}.equals(${spaceLabel(other)}) is true, but they differ (${render(p, 160)})`);
          }
        }
        const foreignSpace = spaceType(s) === "Discrete" ? new spaces.Box({ low: 0, high: 1 }) : new spaces.Discrete(2);
        if (guard("equals(a space of another type)", () => s.equals(foreignSpace)) !== false) fail(`${spaceLabel(s)} equals ${spaceLabel(foreignSpace)}`);
        for (const x of [null, undefined, 3, {}, "Discrete(2)"]) if (guard(`equals(${render(x)})`, () => s.equals(x)) !== false) fail(`equals(${render(x)}) is not false`);
      },
    },
    {
      id: "space.serialize-roundtrip",
      run(ctx) {
        const s = fresh();
        const text = guard("JSON.stringify(toJSON())", () => JSON.stringify(s.toJSON()));
        const C = (s as unknown as { constructor: { fromJSON?: (j: unknown) => unknown } }).constructor;
        if (typeof C.fromJSON !== "function" && !(SPACE_TYPE_NAMES as readonly string[]).includes(spaceType(s))) {
          ctx.skip(`the space has no static fromJSON and @plume/spaces does not know the type ${spaceType(s)}`);
        }
        const back = guard("fromJSON(JSON.parse(text))", () => {
          const parsed = JSON.parse(text) as unknown;
          return typeof C.fromJSON === "function" ? C.fromJSON(parsed) : spaceFromJSON(parsed);
        });
        if (!isSpaceLike(back)) fail(`rebuilding from the descriptor gave ${render(back)}, not a space`);
        if (!guard("equals(rebuilt)", () => s.equals(back)) || !guard("rebuilt.equals(original)", () => back.equals(s))) {
          fail(`the space rebuilt from its descriptor ${text.slice(0, 200)} is ${spaceLabel(back)}, not equal to ${spaceLabel(s)} (is the descriptor missing dtype, start or bounds?)`);
        }
        s.seed(7);
        for (let i = 0; i < 3; i++) s.sample();
        const from = generatorsOf(s);
        const to = generatorsOf(back);
        if (from.length === 0 || from.length !== to.length) {
          ctx.incomplete("the generators of the original and the rebuilt space cannot be read, so sample replay was not compared");
          return;
        }
        from.forEach((g, i) => {
          (to[i] as Generator).state = g.state;
        });
        const a = Array.from({ length: 5 }, () => s.sample());
        const b = Array.from({ length: 5 }, () => back.sample());
        const d = exactDiff(a, b, "samples");
        if (d !== undefined) fail(`with the generator state exported, the rebuilt space samples differently: ${d}`);
      },
    },
    {
      id: "space.repr",
      run() {
        const s = fresh();
        const text = guard("toString()", () => String(s));
        if (text === "" || text === "[object Object]") fail(`toString() gives ${JSON.stringify(text)}; give a readable description like Box(0.0, 1.0, (2,), float32)`);
      },
    },
    {
      id: "space.sample-distribution",
      run(ctx) {
        const s = fresh();
        const problems: string[][] = [];
        let tests = 0;
        for (const seed of [1, 2, 3]) {
          const found: string[] = [];
          const copy = fresh();
          copy.seed(seed);
          const samples = Array.from({ length: 1000 }, () => copy.sample());
          tests = Math.max(tests, distributionProblems(s, samples, found));
          problems.push(found);
        }
        if (tests === 0) ctx.skip(`no distribution rule applies to ${spaceLabel(s)}`);
        const failing = problems.filter((p) => p.length > 0);
        if (failing.length >= 2) fail(`samples do not follow the expected distribution for ${failing.length} of 3 pinned seeds: ${(failing[0] as string[]).slice(0, 3).join("; ")}`);
      },
    },
    {
      id: "space.sample-mask",
      run(ctx) {
        let ran = 0;
        for (const [path, s] of spaceTree(fresh())) {
          const type = spaceType(s);
          const copy = samplingCopy(s);
          copy.seed(ctx.seed);
          const sample = (mask: unknown) => (copy as unknown as { sample(m: unknown): unknown }).sample(mask);
          if (type === "Box") {
            ran += 1;
            expectThrow(`${path}: Box.sample(mask)`, () => sample(ndarray("int8", [1], [1])));
          } else if (type === "Discrete") {
            ran += 1;
            const d = discreteView(s) as { n: number; start: number };
            for (let v = 0; v < Math.min(d.n, 8); v++) {
              const mask = ndarray("int8", [d.n], Int8Array.from({ length: d.n }, (_, i) => (i === v ? 1 : 0)));
              for (let k = 0; k < 3; k++) {
                const x = guard(`${path}.sample(mask allowing ${d.start + v})`, () => sample(mask));
                if (x !== d.start + v) fail(`${path}: with a mask allowing only ${d.start + v}, sample() returned ${render(x)}`);
              }
            }
            const none = guard(`${path}.sample(all-zero mask)`, () => sample(ndarray("int8", [d.n], new Int8Array(d.n))));
            if (none !== d.start) fail(`${path}: with an all-zero mask, sample() returned ${render(none)}, not start (${d.start})`);
            expectThrow(`${path}.sample(mask of the wrong length)`, () => sample(ndarray("int8", [d.n + 1], new Int8Array(d.n + 1).fill(1))));
            expectThrow(`${path}.sample(float mask)`, () => sample(ndarray("float32", [d.n], new Float32Array(d.n).fill(1))));
            expectThrow(`${path}.sample(mask value 2)`, () => sample(ndarray("int8", [d.n], new Int8Array(d.n).fill(2))));
          } else if (type === "MultiBinary") {
            ran += 1;
            const shape = (s as unknown as { shape: number[] }).shape;
            const size = shape.reduce((a, b) => a * b, 1);
            const mask = ndarray("int8", shape, Int8Array.from({ length: size }, (_, i) => [0, 1, 2][i % 3] as number));
            for (let k = 0; k < 5; k++) {
              const x = guard(`${path}.sample(mask)`, () => sample(mask)) as NDArray;
              const bad = Array.from(x.data as ArrayLike<number>).findIndex((v, i) => (i % 3 === 0 && v !== 0) || (i % 3 === 1 && v !== 1) || (i % 3 === 2 && v !== 0 && v !== 1));
              if (bad >= 0) fail(`${path}: mask ${render(mask)} gave ${render(x)} (element ${bad} ignores its mask value)`);
            }
            expectThrow(`${path}.sample(mask value 3)`, () => sample(ndarray("int8", shape, new Int8Array(size).fill(3))));
            expectThrow(`${path}.sample(mask of the wrong shape)`, () => sample(ndarray("int8", [size + 1], new Int8Array(size + 1))));
          } else if (type === "MultiDiscrete") {
            ran += 1;
            const nvec = Array.from(((s as unknown as { nvec: NDArray }).nvec.data as ArrayLike<number | bigint>), Number);
            const start = Array.from(((s as unknown as { start: NDArray }).start.data as ArrayLike<number | bigint>), Number);
            const shape = (s as unknown as { shape: number[] }).shape;
            if (shape.length === 1) {
              const mask = nvec.map((n) => ndarray("int8", [n], Int8Array.from({ length: n }, (_, i) => (i === n - 1 ? 1 : 0))));
              const x = guard(`${path}.sample(mask)`, () => sample(mask)) as NDArray;
              const got = Array.from(x.data as ArrayLike<number | bigint>, Number);
              if (got.some((v, i) => v !== (start[i] as number) + (nvec[i] as number) - 1)) fail(`${path}: a per-dimension mask allowing only the last value gave ${render(got)}`);
              expectThrow(`${path}.sample(mask with too few dimensions)`, () => sample(mask.slice(1)));
            }
          } else if (type === "Text") {
            ran += 1;
            const t = s as unknown as { minLength: number; maxLength: number; characterList: readonly string[] };
            const n = t.characterList.length;
            const len = Math.max(t.minLength, Math.min(t.maxLength, 3));
            const mask = ndarray("int8", [n], Int8Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0)));
            const x = guard(`${path}.sample([${len}, mask])`, () => sample([len, mask])) as string;
            if (typeof x !== "string" || Array.from(x).length !== len || Array.from(x).some((c) => c !== t.characterList[0])) {
              fail(`${path}: sample([${len}, mask allowing only ${JSON.stringify(t.characterList[0])}]) returned ${render(x)}`);
            }
            expectThrow(`${path}.sample([length above maxLength, null])`, () => sample([t.maxLength + 1, null]));
          } else if (type === "Tuple" || type === "OneOf") {
            ran += 1;
            const subs = (s as unknown as { spaces: AnySpace[] }).spaces;
            const mask = subs.map(simpleMask);
            for (let k = 0; k < 5; k++) {
              const x = guard(`${path}.sample(mask)`, () => sample(mask)) as unknown[];
              if (type === "Tuple") x.forEach((v, i) => {
                if (!maskedValueOk(subs[i] as AnySpace, v)) fail(`${path}: subspace ${i} ignored its mask (got ${render(v)})`);
              });
              else if (!maskedValueOk(subs[x[0] as number] as AnySpace, x[1])) fail(`${path}: subspace ${render(x[0])} ignored its mask (got ${render(x[1])})`);
            }
            expectThrow(`${path}.sample(mask of the wrong length)`, () => sample([...mask, null]));
          } else if (type === "Dict") {
            ran += 1;
            const entries = dictEntries(s) ?? [];
            const mask = Object.fromEntries(entries.map(([k, sub]) => [k, simpleMask(sub)]));
            const x = guard(`${path}.sample(mask)`, () => sample(mask)) as Rec;
            for (const [k, sub] of entries) if (!maskedValueOk(sub, x[k])) fail(`${path}.${k} ignored its mask (got ${render(x[k])})`);
            expectThrow(`${path}.sample(mask with the wrong keys)`, () => sample({ ...mask, __extra__: null }));
          } else if (type === "Sequence") {
            ran += 1;
            const x = guard(`${path}.sample([3, null])`, () => sample([3, null]));
            const length = Array.isArray(x) ? x.length : isNDArrayLike(x) ? x.shape[0] : -1;
            if (length !== 3) fail(`${path}: sample([3, null]) has length ${render(length)}, not 3`);
          }
        }
        if (ran === 0) ctx.skip("no mask rule applies to this space");
      },
    },
    {
      id: "space.sample-probability",
      run(ctx) {
        let ran = 0;
        for (const [path, s] of spaceTree(fresh())) {
          const type = spaceType(s);
          const copy = samplingCopy(s);
          copy.seed(ctx.seed);
          const sample = (mask: unknown, probability: unknown) => (copy as unknown as { sample(m: unknown, p: unknown): unknown }).sample(mask, probability);
          if (type === "Box") {
            ran += 1;
            expectThrow(`${path}: Box.sample(null, probability)`, () => sample(null, ndarray("float64", [1], [1])));
          } else if (type === "Discrete") {
            ran += 1;
            const d = discreteView(s) as { n: number; start: number };
            const p = Float64Array.from({ length: d.n }, (_, i) => (i === d.n - 1 ? 0 : 1 / (d.n - 1 || 1)));
            if (d.n > 1) {
              for (let k = 0; k < 50; k++) {
                const x = guard(`${path}.sample(null, probability)`, () => sample(null, ndarray("float64", [d.n], p)));
                if (x === d.start + d.n - 1) fail(`${path}: a value with probability 0 (${x}) was drawn`);
                if (!safeContains(s, x)) fail(`${path}: sample with a probability vector returned ${render(x)}, not a member`);
              }
            }
            expectThrow(`${path}.sample(null, negative probability)`, () => sample(null, ndarray("float64", [d.n], Float64Array.from({ length: d.n }, (_, i) => (i === 0 ? -1 : 2 / Math.max(1, d.n - 1))))));
            expectThrow(`${path}.sample(null, probabilities summing to 2)`, () => sample(null, ndarray("float64", [d.n], new Float64Array(d.n).fill(2 / d.n))));
            expectThrow(`${path}.sample(null, probability of the wrong length)`, () => sample(null, ndarray("float64", [d.n + 1], new Float64Array(d.n + 1).fill(1 / (d.n + 1)))));
            expectThrow(`${path}.sample(null, float32 probability)`, () => sample(null, ndarray("float32", [d.n], new Float32Array(d.n).fill(1 / d.n))));
            expectThrow(`${path}.sample(mask, probability)`, () => sample(ndarray("int8", [d.n], new Int8Array(d.n).fill(1)), ndarray("float64", [d.n], new Float64Array(d.n).fill(1 / d.n))));
          } else if (type === "MultiBinary") {
            ran += 1;
            const shape = (s as unknown as { shape: number[] }).shape;
            const size = shape.reduce((a, b) => a * b, 1);
            const ones = guard(`${path}.sample(null, p = 1)`, () => sample(null, ndarray("float64", shape, new Float64Array(size).fill(1)))) as NDArray;
            if (Array.from(ones.data as ArrayLike<number>).some((v) => v !== 1)) fail(`${path}: probability 1 everywhere gave ${render(ones)}`);
            const zeros = guard(`${path}.sample(null, p = 0)`, () => sample(null, ndarray("float64", shape, new Float64Array(size)))) as NDArray;
            if (Array.from(zeros.data as ArrayLike<number>).some((v) => v !== 0)) fail(`${path}: probability 0 everywhere gave ${render(zeros)}`);
            expectThrow(`${path}.sample(null, p = 1.5)`, () => sample(null, ndarray("float64", shape, new Float64Array(size).fill(1.5))));
          } else if (type === "Text") {
            ran += 1;
            const t = s as unknown as { minLength: number; maxLength: number; characterList: readonly string[] };
            const n = t.characterList.length;
            const len = Math.max(t.minLength, Math.min(t.maxLength, 3));
            const p = ndarray("float64", [n], Float64Array.from({ length: n }, (_, i) => (i === n - 1 ? 1 : 0)));
            const x = guard(`${path}.sample(null, [${len}, probability])`, () => sample(null, [len, p])) as string;
            if (typeof x !== "string" || Array.from(x).some((c) => c !== t.characterList[n - 1])) fail(`${path}: probability 1 on ${JSON.stringify(t.characterList[n - 1])} gave ${render(x)}`);
            if (n > 1) expectThrow(`${path}.sample(null, probabilities summing to 2)`, () => sample(null, [len, ndarray("float64", [n], new Float64Array(n).fill(2 / n))]));
          } else if (type === "Tuple" || type === "Dict" || type === "OneOf") {
            ran += 1;
            if (type === "Dict") {
              const entries = dictEntries(s) ?? [];
              const prob = Object.fromEntries(entries.map(([k, sub]) => [k, simpleProbability(sub)]));
              const x = guard(`${path}.sample(null, probability)`, () => sample(null, prob)) as Rec;
              for (const [k, sub] of entries) if (!probabilityValueOk(sub, x[k])) fail(`${path}.${k} ignored its probability vector (got ${render(x[k])})`);
              expectThrow(`${path}.sample(mask, probability)`, () => sample(Object.fromEntries(entries.map(([k]) => [k, null])), prob));
            } else {
              const subs = (s as unknown as { spaces: AnySpace[] }).spaces;
              const prob = subs.map(simpleProbability);
              const x = guard(`${path}.sample(null, probability)`, () => sample(null, prob)) as unknown[];
              if (type === "Tuple") x.forEach((v, i) => {
                if (!probabilityValueOk(subs[i] as AnySpace, v)) fail(`${path}: subspace ${i} ignored its probability vector (got ${render(v)})`);
              });
              else if (!probabilityValueOk(subs[x[0] as number] as AnySpace, x[1])) fail(`${path}: subspace ${render(x[0])} ignored its probability vector`);
              expectThrow(`${path}.sample(mask, probability)`, () => sample(subs.map(() => null), prob));
            }
          }
        }
        if (ran === 0) ctx.skip("no probability rule applies to this space");
      },
    },
    {
      id: "space.flatdim",
      run() {
        const s = utilityGateFresh();
        const want = expectedFlatdim(s as unknown as AnySpace);
        if (want === undefined) {
          expectThrow(`flatdim(${spaceLabel(s as unknown as AnySpace)}) (contains a Sequence)`, () => util.flatdim(s));
          return;
        }
        const got = guard("flatdim(space)", () => util.flatdim(s));
        if (got !== want) fail(`flatdim(${spaceLabel(s as unknown as AnySpace)}) is ${got}, expected ${want}`);
      },
    },
    {
      id: "space.flatten-space",
      run() {
        const s = utilityGateFresh();
        const want = expectedFlatdim(s as unknown as AnySpace);
        const flat = guard("flattenSpace(space)", () => util.flattenSpace(s)) as unknown as AnySpace;
        if (want === undefined) return;
        const box = boxView(flat);
        if (box === undefined) fail(`flattenSpace(${spaceLabel(s as unknown as AnySpace)}) is ${spaceLabel(flat)}, not a Box`);
        if (box.shape.length !== 1 || box.shape[0] !== want) fail(`flattenSpace gives shape [${box.shape.join(", ")}], expected [${want}]`);
      },
    },
    {
      id: "space.flatten-sample",
      run(ctx) {
        const base = utilityGateFresh();
        if (containsSequence(base as unknown as AnySpace)) ctx.skip("the space contains a Sequence, which does not flatten to a vector");
        ctx.property(arb.seed(), (seed) => {
          const s = utilityGateFresh();
          const flat = util.flattenSpace(s) as unknown as AnySpace;
          const n = util.flatdim(s);
          for (const x of samplesOf(s as unknown as AnySpace, seed, 3)) {
            const v = guard("flatten(space, sample)", () => util.flatten(s, x));
            if (!isNDArray(v) || v.shape.length !== 1 || v.shape[0] !== n) fail(`flatten(${render(x)}) is ${render(v)}, not a 1-D vector of length ${n}`, x);
            const why = explainNotContained(flat, v, "flatten(sample)");
            if (why !== undefined) fail(why, x);
          }
        }, { numRuns: Math.max(5, Math.ceil(runs / 5)) });
      },
    },
    {
      id: "space.flatten-roundtrip",
      run(ctx) {
        const base = utilityGateFresh();
        ctx.property(arb.seed(), (seed) => {
          const s = utilityGateFresh();
          for (const x of samplesOf(s as unknown as AnySpace, seed, 3)) {
            const back = guard("unflatten(space, flatten(space, sample))", () => util.unflatten(s, util.flatten(s, x)));
            const d = exactDiff(back, x, "unflatten(flatten(sample))");
            if (d !== undefined) fail(`unflatten(flatten(x)) differs from x: ${d}`, x);
          }
        }, { numRuns: Math.max(5, Math.ceil(runs / 5)) });
        const d = discreteView(base as unknown as AnySpace);
        if (d !== undefined) expectThrow("unflatten(Discrete, all-zero one-hot)", () => util.unflatten(base, ndarray("int64", [d.n], new BigInt64Array(d.n))));
      },
    },
    {
      id: "space.dtype-shape-equiv",
      run(ctx) {
        const found = injected?.isSpaceDtypeShapeEquiv ?? (spaces as unknown as Rec)["isSpaceDtypeShapeEquiv"];
        if (typeof found !== "function") return ctx.skip("@plume/spaces has no vector utility isSpaceDtypeShapeEquiv");
        const util = found as (a: unknown, b: unknown) => unknown;
        const s = fresh();
        if (util(s, fresh()) !== true) fail(`isSpaceDtypeShapeEquiv(${spaceLabel(s)}, an equal space) is not true`);
        const box = boxView(s);
        if (box === undefined) return;
        const size = box.low.length;
        const Arr = (globalThis as unknown as Rec)[DTYPE_ARRAY[box.dtype]] as new (b: ArrayBufferLike, o: number, n: number) => ArrayLike<number | bigint> & { set(a: ArrayLike<number | bigint>): void };
        const bytes = ((Arr as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT ?? 8) * size;
        const shared = new SharedArrayBuffer(bytes * 2);
        const samples = samplesOf(fresh(), ctx.seed, 2) as NDArray[];
        samples.forEach((x, slot) => new Arr(shared, slot * bytes, size).set(x.data as ArrayLike<number>));
        samples.forEach((x, slot) => {
          const back = ndarray(box.dtype, box.shape, Array.from(new Arr(shared, slot * bytes, size)) as number[]);
          const d = exactDiff(back.data, x.data, `slot ${slot}`);
          if (d !== undefined) fail(`a sample written to slot ${slot} of a shared batch buffer reads back differently: ${d}`);
        });
      },
    },
    {
      id: "space.box.definition",
      run(ctx) {
        for (const [path, s] of ofType("Box", ctx)) {
          const box = boxView(s);
          if (box === undefined) fail(`${path}: a Box without readable dtype, shape, low and high`);
          const size = box.shape.reduce((a, b) => a * b, 1);
          if (box.low.length !== size || box.high.length !== size) fail(`${path}: low/high have ${box.low.length}/${box.high.length} elements for shape [${box.shape.join(", ")}]`);
          for (let i = 0; i < size; i++) {
            if (Number.isNaN(Number(box.low[i])) || Number.isNaN(Number(box.high[i]))) fail(`${path}: bound ${i} is NaN`);
            if ((box.low[i] as number) > (box.high[i] as number)) fail(`${path}: low[${i}] > high[${i}]`);
          }
          if (!(box.dtype in DTYPE_ARRAY)) fail(`${path}: dtype ${render(box.dtype)} is not a numeric dtype`);
        }
        const s = (ofType("Box", ctx)[0] as [string, AnySpace])[1];
        const C = classProbe(s, (K) => new K({ low: 0, high: 1, shape: [2] }));
        if (C === undefined) {
          ctx.incomplete("the Box constructor differs from @plume/spaces' signature; construction rules were not probed");
          return;
        }
        const shapeOf = (x: AnySpace) => (x as unknown as { shape: number[] }).shape.join(",");
        const inferred = guard("new Box({ low: [0, 0, 0], high: [1, 1, 1] })", () => new C({ low: [0, 0, 0], high: [1, 1, 1] }));
        if (shapeOf(inferred) !== "3") fail(`shape is not inferred from array bounds: got [${shapeOf(inferred)}], expected [3]`);
        const scalar = guard("new Box({ low: 0, high: 1 })", () => new C({ low: 0, high: 1 }));
        if (shapeOf(scalar) !== "1") fail(`scalar bounds give shape [${shapeOf(scalar)}], expected [1]`);
        if ((scalar as unknown as Rec)["dtype"] !== "float32") fail(`the default dtype is ${render((scalar as unknown as Rec)["dtype"])}, not float32`);
        expectThrow("new Box with dtype null", () => new C({ low: 0, high: 1, dtype: null }));
        expectThrow('new Box with dtype "complex64"', () => new C({ low: 0, high: 1, dtype: "complex64" }));
        expectThrow("new Box with a NaN bound", () => new C({ low: Number.NaN, high: 1 }));
        expectThrow("new Box uint8 with low -Infinity", () => new C({ low: -Infinity, high: 1, dtype: "uint8" }));
        expectThrow("new Box bool with high Infinity", () => new C({ low: 0, high: Infinity, dtype: "bool" }));
        expectThrow("new Box uint8 with high 300", () => new C({ low: 0, high: 300, dtype: "uint8" }));
        expectThrow("new Box with low > high", () => new C({ low: 2, high: 1 }));
        expectThrow("new Box with low of the wrong shape", () => new C({ low: [0, 0], high: 1, shape: [3] }));
        guard("new Box with equal bounds (legal here)", () => new C({ low: 1, high: 1, shape: [2] }));
        const ints = guard("new Box int32 with infinite bounds", () => new C({ low: -Infinity, high: Infinity, shape: [1], dtype: "int32" }));
        const iv = boxView(ints);
        if (iv === undefined || Number(iv.low[0]) !== -2147483648 || Number(iv.high[0]) !== 2147483647) fail(`±Infinity in an int32 Box should map to the int32 min/max, got [${iv?.low[0]}, ${iv?.high[0]}]`);
      },
    },
    {
      id: "space.box.contains",
      run(ctx) {
        for (const [path, s] of ofType("Box", ctx)) {
          const box = boxView(s) as NonNullable<ReturnType<typeof boxView>>;
          const size = box.low.length;
          const copy = samplingCopy(s);
          copy.seed(ctx.seed);
          const x = copy.sample() as NDArray;
          const data = Array.from(x.data as ArrayLike<number | bigint>, Number);
          const expect = (what: string, v: unknown, want: boolean) => {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what}) is ${render(got)}, expected ${want} (${spaceLabel(s)})`, v);
          };
          const make = (dtype: DType, shape: readonly number[], values: number[]) => ndarray(dtype, shape, values);
          expect("a sample", x, true);
          expect("a sample with an extra leading axis", make(box.dtype, [1, ...box.shape], data), false);
          if (size > 1) expect("a shorter array", make(box.dtype, [size - 1], data.slice(1)), false);
          if (box.dtype === "float32") expect("the sample as float64", make("float64", box.shape, data), false);
          if (box.dtype.startsWith("float")) {
            const lowInts = data.map((_, i) => Math.ceil(Number(box.low[i])));
            if (lowInts.every((v, i) => Number.isFinite(v) && v <= Number(box.high[i]) && v >= -32768 && v <= 32767)) expect("in-range integers as int16", make("int16", box.shape, lowInts), true);
            expect("a NaN element", make(box.dtype, box.shape, data.map((v, i) => (i === 0 ? Number.NaN : v))), false);
            const hi = Number(box.high[0]);
            if (Number.isFinite(hi)) {
              expect("high exactly (inclusive)", make(box.dtype, box.shape, data.map((v, i) => (i === 0 ? hi : v))), true);
              const above = box.dtype === "float32" ? Math.fround(hi + Math.max(1e-3, Math.abs(hi) * 1e-3)) : hi + Math.max(1e-9, Math.abs(hi) * 1e-9);
              expect("just above high", make(box.dtype, box.shape, data.map((v, i) => (i === 0 ? above : v))), false);
            }
            const lo = Number(box.low[0]);
            if (Number.isFinite(lo)) expect("low exactly (inclusive)", make(box.dtype, box.shape, data.map((v, i) => (i === 0 ? lo : v))), true);
          } else if (box.dtype !== "int64" && box.dtype !== "uint64") {
            expect("the sample as float64", make("float64", box.shape, data), false);
            const widen: Partial<Record<DType, DType>> = { int8: "int16", uint8: "int16", int16: "int32", uint16: "int32", int32: "int64" };
            const wide = widen[box.dtype];
            if (wide !== undefined && wide !== "int64") {
              const info = { int8: 200, uint8: 300, int16: 40000, uint16: 70000, int32: 0 } as Partial<Record<DType, number>>;
              const outside = info[box.dtype];
              if (outside !== undefined && outside !== 0) expect(`a value (${outside}) outside the ${box.dtype} range, as ${wide}`, make(wide, box.shape, data.map((v, i) => (i === 0 ? outside : v))), false);
            }
          }
          expect("a plain object", { dtype: box.dtype, shape: [...box.shape], data }, false);
        }
      },
    },
    {
      id: "space.box.bounds-flags",
      run(ctx) {
        for (const [path, s] of ofType("Box", ctx)) {
          const j = jsonOf(s) as Rec;
          const size = (boxView(s) as NonNullable<ReturnType<typeof boxView>>).low.length;
          const side = (v: unknown, inf: string) => Array.from({ length: size }, (_, i) => (Array.isArray(v) ? v[i] : v) !== inf);
          const wantBelow = side(j["low"], "-inf");
          const wantAbove = side(j["high"], "inf");
          const r = s as unknown as { boundedBelow?: readonly boolean[]; boundedAbove?: readonly boolean[]; isBounded?: (m?: string) => boolean; dtype: DType };
          if (r.boundedBelow !== undefined && exactDiff([...r.boundedBelow], wantBelow) !== undefined) fail(`${path}.boundedBelow is ${render(r.boundedBelow)} but the bounds say ${render(wantBelow)}`);
          if (r.boundedAbove !== undefined && exactDiff([...r.boundedAbove], wantAbove) !== undefined) fail(`${path}.boundedAbove is ${render(r.boundedAbove)} but the bounds say ${render(wantAbove)}`);
          if (typeof r.isBounded === "function") {
            const below = wantBelow.every(Boolean);
            const above = wantAbove.every(Boolean);
            for (const [m, want] of [
              ["both", below && above],
              ["below", below],
              ["above", above],
            ] as const) {
              const got = guard(`${path}.isBounded("${m}")`, () => (r.isBounded as (m: string) => boolean).call(s, m));
              if (got !== want) fail(`${path}.isBounded("${m}") is ${render(got)}, expected ${want}`);
            }
          }
          for (const x of samplesOf(samplingCopy(s), ctx.seed, 20) as NDArray[]) {
            if (x.dtype !== r.dtype) fail(`${path}: a sample has dtype ${x.dtype}, not ${r.dtype}`);
            for (const v of Array.from(x.data as ArrayLike<number | bigint>)) if (typeof v === "number" && !Number.isFinite(v)) fail(`${path}: a sample holds ${v}; samples of infinite-bound Boxes must be finite`);
          }
        }
      },
    },
    {
      id: "space.discrete.definition",
      run(ctx) {
        for (const [path, s] of ofType("Discrete", ctx)) {
          const r = s as unknown as Rec;
          if (!Number.isSafeInteger(r["n"]) || (r["n"] as number) <= 0) fail(`${path}.n = ${render(r["n"])} is not a positive integer`);
          if (!Number.isSafeInteger(r["start"] ?? 0)) fail(`${path}.start = ${render(r["start"])} is not an integer`);
          if (!Array.isArray(r["shape"]) || (r["shape"] as unknown[]).length !== 0) fail(`${path}.shape is ${render(r["shape"])}, not []`);
          if (typeof r["dtype"] !== "string" || !/^u?int\d+$/.test(r["dtype"] as string)) fail(`${path}.dtype is ${render(r["dtype"])}, not an integer dtype`);
        }
        const s = (ofType("Discrete", ctx)[0] as [string, AnySpace])[1];
        const C = classProbe(s, (K) => new K(3));
        if (C === undefined) return ctx.incomplete("the space class's constructor differs from @plume/spaces' signature, so its construction rules were not probed");
        expectThrow("new Discrete(0)", () => new C(0));
        expectThrow("new Discrete(-1)", () => new C(-1));
        expectThrow("new Discrete(1.5)", () => new C(1.5));
        expectThrow("new Discrete(3, { start: 0.5 })", () => new C(3, { start: 0.5 }));
        expectThrow('new Discrete({ n: 3, dtype: "float32" })', () => new C({ n: 3, dtype: "float32" }));
      },
    },
    {
      id: "space.discrete.contains",
      run(ctx) {
        for (const [path, s] of ofType("Discrete", ctx)) {
          const d = discreteView(s) as { n: number; start: number };
          const table: [string, unknown, boolean][] = [
            ["start", d.start, true],
            ["start + n - 1", d.start + d.n - 1, true],
            ["start - 1", d.start - 1, false],
            ["start + n", d.start + d.n, false],
            ["start + 0.5", d.start + 0.5, false],
            ["NaN", Number.NaN, false],
            ["Infinity", Infinity, false],
            ["true", true, false],
            ["a numeric string", String(d.start), false],
            ["[start]", [d.start], false],
            ["a bigint", BigInt(d.start), false],
            ["null", null, false],
            ["2^31 + start", 2 ** 31 + d.start, d.n > 2 ** 31],
          ];
          for (const [what, v, want] of table) {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what} = ${render(v)}) is ${render(got)}, expected ${want} (${spaceLabel(s)})`);
          }
        }
      },
    },
    {
      id: "space.multidiscrete",
      run(ctx) {
        for (const [path, s] of ofType("MultiDiscrete", ctx)) {
          const r = s as unknown as { nvec: NDArray; start: NDArray; shape: number[]; dtype: DType; length?: number; at?: (i: number) => unknown };
          const nvec = Array.from(r.nvec.data as ArrayLike<number | bigint>, Number);
          const start = Array.from(r.start.data as ArrayLike<number | bigint>, Number);
          if (nvec.some((n) => !(n > 0))) fail(`${path}.nvec ${render(nvec)} has a count <= 0`);
          if (r.shape.join() !== r.nvec.shape.join() || r.start.shape.join() !== r.nvec.shape.join()) fail(`${path}: shape, nvec and start shapes differ`);
          if (!/^u?int\d+$/.test(r.dtype)) fail(`${path}.dtype ${r.dtype} is not an integer dtype`);
          const expect = (what: string, v: unknown, want: boolean) => {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what}) is ${render(got)}, expected ${want}`, v);
          };
          expect("start", ndarray(r.dtype, r.shape, start), true);
          expect("start + nvec - 1", ndarray(r.dtype, r.shape, start.map((v, i) => v + (nvec[i] as number) - 1)), true);
          expect("start + nvec", ndarray(r.dtype, r.shape, start.map((v, i) => v + (nvec[i] as number))), false);
          expect("start - 1", ndarray(r.dtype === "uint8" || r.dtype.startsWith("uint") ? "int64" : r.dtype, r.shape, start.map((v) => v - 1)), false);
          expect("a float array", ndarray("float64", r.shape, start), false);
          expect("the wrong shape", ndarray(r.dtype, [start.length + 1], [...start, start[0] ?? 0]), false);
          if (r.shape.length > 0 && r.length !== undefined && r.length !== r.shape[0]) fail(`${path}.length is ${r.length}, not ${r.shape[0]}`);
          if (typeof r.at === "function") {
            const sub = r.at.call(s, 0);
            if (!isSpaceLike(sub)) fail(`${path}.at(0) is ${render(sub)}, not a space`);
            const subStart = discreteView(sub)?.start;
            if (r.shape.length === 1 && subStart !== undefined && subStart !== start[0]) fail(`${path}.at(0) lost start: ${subStart} vs ${start[0]}`);
          } else ctx.note("no at(i) indexing to check");
        }
      },
    },
    {
      id: "space.multibinary",
      run(ctx) {
        for (const [path, s] of ofType("MultiBinary", ctx)) {
          const shape = (s as unknown as { shape: number[] }).shape;
          if (!shape.every((d) => Number.isSafeInteger(d) && d > 0)) fail(`${path}.shape ${render(shape)} has a dimension <= 0`);
          const size = shape.reduce((a, b) => a * b, 1);
          const expect = (what: string, v: unknown, want: boolean) => {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what}) is ${render(got)}, expected ${want}`, v);
          };
          expect("all zeros", ndarray("int8", shape, new Int8Array(size)), true);
          expect("all ones", ndarray("int8", shape, new Int8Array(size).fill(1)), true);
          expect("a 2", ndarray("int8", shape, Int8Array.from({ length: size }, (_, i) => (i === 0 ? 2 : 0))), false);
          expect("a -1", ndarray("int8", shape, Int8Array.from({ length: size }, (_, i) => (i === 0 ? -1 : 0))), false);
          expect("the wrong shape", ndarray("int8", [size + 1], new Int8Array(size + 1)), false);
        }
        const s = (ofType("MultiBinary", ctx)[0] as [string, AnySpace])[1];
        const C = classProbe(s, (K) => new K(3));
        if (C === undefined) return ctx.incomplete("the space class's constructor differs from @plume/spaces' signature, so its construction rules were not probed");
        expectThrow("new MultiBinary(0)", () => new C(0));
        expectThrow("new MultiBinary([2, 0])", () => new C([2, 0]));
      },
    },
    {
      id: "space.text",
      run(ctx) {
        for (const [path, s] of ofType("Text", ctx)) {
          const t = s as unknown as { minLength: number; maxLength: number; characterList: readonly string[] };
          if (!(t.minLength <= t.maxLength)) fail(`${path}: minLength ${t.minLength} > maxLength ${t.maxLength}`);
          if (t.characterList.some((c) => Array.from(c).length !== 1)) fail(`${path}: the charset holds multi-character entries`);
          const c0 = t.characterList[0] ?? "a";
          const outside = ["~", "é", "\u{1F600}", "Z", "0"].find((c) => !t.characterList.includes(c));
          const expect = (what: string, v: unknown, want: boolean) => {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what}) is ${render(got)}, expected ${want}`, v);
          };
          expect("a string of maxLength charset characters", c0.repeat(t.maxLength), true);
          expect("a string longer than maxLength", c0.repeat(t.maxLength + 1), false);
          if (t.minLength > 0) expect("a string shorter than minLength", c0.repeat(t.minLength - 1), false);
          if (outside !== undefined && t.maxLength > 0) expect(`a character outside the charset (${outside})`, outside.repeat(Math.max(1, t.minLength)), false);
          expect("a number", 5, false);
          const a = samplingCopy(s);
          const b = samplingCopy(s);
          a.seed(9);
          b.seed(9);
          const sa = Array.from({ length: 5 }, () => a.sample());
          const sb = Array.from({ length: 5 }, () => b.sample());
          if (exactDiff(sa, sb) !== undefined) fail(`${path}: sampling is not reproducible under the same seed`);
        }
        const s = (ofType("Text", ctx)[0] as [string, AnySpace])[1];
        const C = classProbe(s, (K) => new K({ maxLength: 3, charset: "ab" }));
        if (C === undefined) return ctx.incomplete("the space class's constructor differs from @plume/spaces' signature, so its construction rules were not probed");
        const ordered = guard('new Text({ maxLength: 3, charset: "cbac" })', () => new C({ maxLength: 3, charset: "cbac" })) as unknown as { characterList: readonly string[]; characters: string };
        if (ordered.characterList.join("") !== "cba") fail(`a string charset "cbac" gives the character list ${render(ordered.characterList)}, expected ["c", "b", "a"] (declared order, duplicates dropped)`);
        if (ordered.characters !== "abc") fail(`characters is ${render(ordered.characters)}, expected the sorted "abc"`);
        expectThrow('new Text with the charset entry "ab"', () => new C({ maxLength: 3, charset: ["ab"] }));
        expectThrow("new Text with minLength > maxLength", () => new C({ maxLength: 2, minLength: 3 }));
      },
    },
    {
      id: "space.tuple",
      run(ctx) {
        for (const [path, s] of ofType("Tuple", ctx)) {
          const subs = tupleSpaces(s) ?? [];
          if (subs.length === 0) fail(`${path} is an empty Tuple`);
          const x = samplesOf(samplingCopy(s), ctx.seed, 1)[0] as unknown[];
          const expect = (what: string, v: unknown, want: boolean) => {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what}) is ${render(got)}, expected ${want}`, v);
          };
          expect("a sample", x, true);
          expect("a longer array", [...x, x[0]], false);
          expect("a shorter array", x.slice(1), false);
          expect("an object", { ...x }, false);
          const bad = foreignCandidates(subs[0] as AnySpace).find((f) => !safeContains(subs[0] as AnySpace, f));
          if (bad !== undefined) expect("an element outside its subspace", [bad, ...x.slice(1)], false);
          const r = s as unknown as { length?: number; at?: (i: number) => unknown };
          if (r.length !== undefined && r.length !== subs.length) fail(`${path}.length is ${r.length}, not ${subs.length}`);
          if (typeof r.at === "function" && r.at.call(s, 0) !== subs[0]) fail(`${path}.at(0) is not the first subspace`);
          const seeds = guard(`${path}.seed(3)`, () => samplingCopy(s).seed(3));
          if (!Array.isArray(seeds) || seeds.length !== subs.length) fail(`${path}.seed(3) returned ${render(seeds)}, not one seed per subspace`);
          guard(`${path}.seed([...one per subspace])`, () => samplingCopy(s).seed(subs.map((_, i) => i) as unknown as number));
          expectThrow(`${path}.seed with too many seeds`, () => samplingCopy(s).seed([...subs.map(() => 1), 1] as unknown as number));
        }
      },
    },
    {
      id: "space.dict",
      run(ctx) {
        for (const [path, s] of ofType("Dict", ctx)) {
          const entries = dictEntries(s) ?? [];
          if (entries.length === 0) fail(`${path} is an empty Dict`);
          const x = samplesOf(samplingCopy(s), ctx.seed, 1)[0] as Rec;
          const expect = (what: string, v: unknown, want: boolean) => {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what}) is ${render(got)}, expected ${want}`, v);
          };
          expect("a sample", x, true);
          expect("a sample with an extra key", { ...x, __extra__: 0 }, false);
          const [k0, sub0] = entries[0] as readonly [string, AnySpace];
          const { [k0]: _dropped, ...missing } = x;
          expect(`a sample without "${k0}"`, missing, false);
          const bad = foreignCandidates(sub0).find((f) => !safeContains(sub0, f));
          if (bad !== undefined) expect(`a sample whose "${k0}" is outside its subspace`, { ...x, [k0]: bad }, false);
          expect("an array", Object.values(x), false);
          const r = s as unknown as { get?: (k: string) => unknown; keys?: readonly string[]; spaces: Rec };
          if (typeof r.get === "function" && r.get.call(s, k0) !== r.spaces[k0]) fail(`${path}.get("${k0}") is not the subspace`);
          const seeds = guard(`${path}.seed(3)`, () => samplingCopy(s).seed(3));
          if (!isPlainObject(seeds) || Object.keys(seeds).sort().join() !== entries.map(([k]) => k).sort().join()) fail(`${path}.seed(3) returned ${render(seeds)}, not one seed per key`);
          guard(`${path}.seed({ one seed per key })`, () => samplingCopy(s).seed(Object.fromEntries(entries.map(([k], i) => [k, i])) as unknown as number));
          guard(`${path}.seed()`, () => samplingCopy(s).seed());
        }
        const s = (ofType("Dict", ctx)[0] as [string, AnySpace])[1];
        const D = new spaces.Discrete(2);
        const B = new spaces.Discrete(3);
        const C = classProbe(s, (K) => new K({ b: D, a: B }));
        if (C === undefined) return ctx.incomplete("the space class's constructor differs from @plume/spaces' signature, so its construction rules were not probed");
        const sorted = guard("new Dict({ b, a })", () => new C({ b: D, a: B })) as unknown as { keys: readonly string[] };
        if (sorted.keys.join() !== "a,b") fail(`a plain-object spec gives the key order ${render(sorted.keys)}, expected sorted ["a", "b"]`);
        const listed = guard('new Dict([["b", D], ["a", B]])', () => new C([["b", D], ["a", B]])) as unknown as { keys: readonly string[] };
        if (listed.keys.join() !== "b,a") fail(`an entry list gives the key order ${render(listed.keys)}, expected its own order ["b", "a"]`);
        expectThrow("new Dict with duplicate keys", () => new C([["a", D], ["a", B]]));
        expectThrow("new Dict with a non-Space value", () => new C({ a: 3 }));
      },
    },
    {
      id: "space.sequence",
      run(ctx) {
        for (const [path, s] of ofType("Sequence", ctx)) {
          const r = s as unknown as { featureSpace: AnySpace; stack: boolean; isNpFlattenable: boolean };
          if (r.isNpFlattenable !== false) fail(`${path}.isNpFlattenable is ${render(r.isNpFlattenable)}; a Sequence is not flattenable`);
          const copy = samplingCopy(s);
          copy.seed(ctx.seed);
          const x = copy.sample();
          if (guard(`${path}.contains(sample)`, () => s.contains(x)) !== true) fail(`${path} does not contain its own sample ${render(x)}`, x);
          const three = guard(`${path}.sample([3, null])`, () => (copy as unknown as { sample(m: unknown): unknown }).sample([3, null]));
          const len3 = Array.isArray(three) ? three.length : isNDArrayLike(three) ? three.shape[0] : -1;
          if (len3 !== 3) fail(`${path}: the length mask 3 gave length ${render(len3)}`);
          const allowed = ndarray("int64", [2], new BigInt64Array([2n, 4n]));
          for (let k = 0; k < 5; k++) {
            const y = guard(`${path}.sample([[2, 4], null])`, () => (copy as unknown as { sample(m: unknown): unknown }).sample([allowed, null]));
            const len = Array.isArray(y) ? y.length : isNDArrayLike(y) ? y.shape[0] : -1;
            if (len !== 2 && len !== 4) fail(`${path}: the length mask [2, 4] gave length ${render(len)}`);
          }
          if (!r.stack) {
            const f = r.featureSpace;
            const member = samplesOf(samplingCopy(f), 1, 1)[0];
            const bad = foreignCandidates(f).find((v) => !safeContains(f, v));
            if (guard(`${path}.contains([member])`, () => s.contains([member])) !== true) fail(`${path} does not contain [a feature member]`);
            if (bad !== undefined && guard(`${path}.contains([non-member])`, () => s.contains([member, bad])) !== false) fail(`${path} contains an array holding a non-member ${render(bad)}`);
            if (guard(`${path}.contains(member)`, () => s.contains(member)) !== false && !Array.isArray(member)) fail(`${path} contains a bare feature member (not an array)`);
          }
        }
      },
    },
    {
      id: "space.graph",
      run(ctx) {
        for (const [path, s] of ofType("Graph", ctx)) {
          const r = s as unknown as { nodeSpace?: AnySpace; edgeSpace?: AnySpace | null };
          const copy = samplingCopy(s);
          copy.seed(ctx.seed);
          const g = copy.sample() as { nodes?: unknown; edges?: unknown; edgeLinks?: unknown };
          if (guard(`${path}.contains(sample)`, () => s.contains(g)) !== true) fail(`${path} does not contain its own sample`, g);
          const nodes = g.nodes as NDArray | undefined;
          const n = nodes !== undefined && isNDArrayLike(nodes) ? (nodes.shape[0] ?? 0) : 0;
          const hasEdges = r.edgeSpace !== undefined && r.edgeSpace !== null;
          if (hasEdges !== (g.edges !== undefined && g.edges !== null)) fail(`${path}: edges are ${hasEdges ? "missing although there is an edge space" : "present without an edge space"}`);
          if (hasEdges && n > 0) {
            const links = g.edgeLinks as NDArray | undefined;
            const m = links !== undefined && isNDArrayLike(links) ? (links.shape[0] ?? 0) : 0;
            if (m > 0) {
              const badLinks = ndarray("int64", [m, 2], Array.from({ length: m * 2 }, (_, i) => (i === 0 ? n : 0)).map(BigInt) as unknown as number[]);
              if (guard(`${path}.contains(edge link = #nodes)`, () => s.contains({ ...g, edgeLinks: badLinks })) !== false) fail(`${path} accepts an edge link index equal to the number of nodes (${n})`);
            }
          }
        }
      },
    },
    {
      id: "space.oneof",
      run(ctx) {
        for (const [path, s] of ofType("OneOf", ctx)) {
          const subs = (s as unknown as { spaces: AnySpace[] }).spaces;
          const x = samplesOf(samplingCopy(s), ctx.seed, 1)[0] as [number, unknown];
          const expect = (what: string, v: unknown, want: boolean) => {
            const got = guard(`${path}.contains(${what})`, () => s.contains(v));
            if (got !== want) fail(`${path}.contains(${what}) is ${render(got)}, expected ${want}`, v);
          };
          expect("a sample", x, true);
          expect("a negative index", [-1, x[1]], false);
          expect("index n", [subs.length, x[1]], false);
          expect("a fractional index", [x[0] + 0.5, x[1]], false);
          expect("a 3-element array", [x[0], x[1], 0], false);
          const sub = subs[x[0]] as AnySpace;
          const bad = foreignCandidates(sub).find((f) => !safeContains(sub, f));
          if (bad !== undefined) expect("a value outside the indexed subspace", [x[0], bad], false);
          const seeds = guard(`${path}.seed(3)`, () => samplingCopy(s).seed(3));
          if (!Array.isArray(seeds) || seeds.length !== subs.length + 1) fail(`${path}.seed(3) returned ${render(seeds)}, not n + 1 seeds`);
          expectThrow(`${path}.sample(mask of the wrong length)`, () => (samplingCopy(s) as unknown as { sample(m: unknown): unknown }).sample([null]), false);
        }
      },
    },
  ];

  function utilityGateFresh(): spaces.Space<unknown> {
    return fresh() as unknown as spaces.Space<unknown>;
  }
  // flatten checks are gated: wrap their run to turn a foreign class into a skip
  const gated = new Set(["space.flatdim", "space.flatten-space", "space.flatten-sample", "space.flatten-roundtrip"]);
  const wrapped = checks.map((c): CheckDefinition =>
    gated.has(c.id)
      ? {
          id: c.id,
          run(ctx) {
            utilityGate(ctx);
            c.run(ctx);
          },
        }
      : c,
  );
  return planSuite("space", subjectName(factory, options.name, "Space"), settings, wrapped);
}

/** Gymnasium's flatdim rule, or undefined for spaces that do not flatten to a vector (Sequence inside). */
export function expectedFlatdim(space: AnySpace): number | undefined {
  const type = spaceType(space);
  const r = space as unknown as Rec;
  switch (type) {
    case "Box":
    case "MultiBinary":
      return (r["shape"] as number[]).reduce((a, b) => a * b, 1);
    case "Discrete":
      return r["n"] as number;
    case "MultiDiscrete":
      return Array.from(((r["nvec"] as NDArray).data as ArrayLike<number | bigint>), Number).reduce((a, b) => a + b, 0);
    case "Tuple":
    case "Dict": {
      let sum = 0;
      for (const c of type === "Tuple" ? (tupleSpaces(space) ?? []) : (dictEntries(space) ?? []).map(([, x]) => x)) {
        const d = expectedFlatdim(c);
        if (d === undefined) return undefined;
        sum += d;
      }
      return sum;
    }
    case "Text":
      return r["maxLength"] as number;
    case "OneOf": {
      const dims = ((r["spaces"] as AnySpace[]) ?? []).map(expectedFlatdim);
      if (dims.some((d) => d === undefined)) return undefined;
      return 1 + Math.max(...(dims as number[]));
    }
    default:
      return undefined;
  }
}

/** Checks 1000 samples against the space type's distribution; returns the number of tests run. */
function distributionProblems(space: AnySpace, samples: readonly unknown[], out: string[]): number {
  const ALPHA = 0.001;
  let tests = 0;
  const chi = (label: string, values: readonly number[], lo: number, hi: number) => {
    const k = hi - lo + 1;
    if (k <= 1 || k > 200) return;
    tests += 1;
    const counts = new Array<number>(k).fill(0);
    for (const v of values) counts[v - lo] = (counts[v - lo] ?? 0) + 1;
    const expected = new Array<number>(k).fill(values.length / k);
    const p = chiSquarePValue(counts, expected);
    if (p < ALPHA) out.push(`${label}: chi-square p = ${p.toExponential(2)} against uniform {${lo}..${hi}}`);
  };
  const ks = (label: string, values: readonly number[], cdf: (x: number) => number, what: string) => {
    tests += 1;
    const p = ksPValue(values, cdf);
    if (p < ALPHA) out.push(`${label}: KS p = ${p.toExponential(2)} against ${what}`);
  };
  const type = spaceType(space);
  if (type === "Discrete") {
    const d = discreteView(space) as { n: number; start: number };
    chi("Discrete", samples as number[], d.start, d.start + d.n - 1);
  } else if (type === "Box") {
    const box = boxView(space);
    if (box === undefined) return tests;
    const json = jsonOf(space) as Rec;
    const size = box.low.length;
    const isFloat = box.dtype.startsWith("float");
    for (let i = 0; i < size; i++) {
      const vs = samples.map((x) => Number(((x as NDArray).data as ArrayLike<number | bigint>)[i]));
      const lowInf = (Array.isArray(json["low"]) ? json["low"][i] : json["low"]) === "-inf";
      const highInf = (Array.isArray(json["high"]) ? json["high"][i] : json["high"]) === "inf";
      const lo = Number(box.low[i]);
      const hi = Number(box.high[i]);
      const label = `Box element ${i}`;
      if (isFloat) {
        if (!lowInf && !highInf) {
          if (hi > lo) ks(label, vs, (x) => Math.min(1, Math.max(0, (x - lo) / (hi - lo))), `uniform [${lo}, ${hi}]`);
        } else if (!lowInf) ks(label, vs, (x) => (x <= lo ? 0 : 1 - Math.exp(-(x - lo))), `${lo} + Exp(1)`);
        else if (!highInf) ks(label, vs, (x) => (x >= hi ? 1 : Math.exp(-(hi - x))), `${hi} - Exp(1)`);
        else ks(label, vs, normalCdf, "N(0, 1)");
      } else if (!lowInf && !highInf) {
        if (hi - lo <= 199) {
          chi(label, vs, lo, hi);
          if (hi - lo <= 50 && hi > lo && (!vs.includes(lo) || !vs.includes(hi))) out.push(`${label}: 1000 samples never reached ${vs.includes(lo) ? "high" : "low"} (${vs.includes(lo) ? hi : lo})`);
        } else if (Number.isFinite(hi - lo)) {
          ks(label, vs, (x) => Math.min(1, Math.max(0, (x - lo + 0.5) / (hi - lo + 1))), `uniform integers [${lo}, ${hi}]`);
        }
      }
    }
  } else if (type === "MultiDiscrete") {
    const r = space as unknown as { nvec: NDArray; start: NDArray };
    const nvec = Array.from(r.nvec.data as ArrayLike<number | bigint>, Number);
    const start = Array.from(r.start.data as ArrayLike<number | bigint>, Number);
    nvec.forEach((n, i) => chi(`MultiDiscrete element ${i}`, samples.map((x) => Number(((x as NDArray).data as ArrayLike<number | bigint>)[i])), start[i] as number, (start[i] as number) + n - 1));
  } else if (type === "MultiBinary") {
    const size = ((space as unknown as { shape: number[] }).shape ?? []).reduce((a, b) => a * b, 1);
    for (let i = 0; i < size; i++) chi(`MultiBinary element ${i}`, samples.map((x) => Number(((x as NDArray).data as ArrayLike<number>)[i])), 0, 1);
  } else if (type === "Text") {
    const t = space as unknown as { minLength: number; maxLength: number; characterList: readonly string[] };
    chi("Text length", samples.map((x) => Array.from(x as string).length), t.minLength, t.maxLength);
    const index = new Map(t.characterList.map((c, i) => [c, i]));
    const chars = samples.flatMap((x) => Array.from(x as string).map((c) => index.get(c) ?? -1));
    if (chars.length >= 5 * t.characterList.length) chi("Text characters", chars, 0, t.characterList.length - 1);
  } else if (type === "Dict") {
    for (const [k, sub] of dictEntries(space) ?? []) tests += distributionProblems(sub, samples.map((x) => (x as Rec)[k]), out);
  } else if (type === "Tuple") {
    (tupleSpaces(space) ?? []).forEach((sub, i) => {
      tests += distributionProblems(sub, samples.map((x) => (x as unknown[])[i]), out);
    });
  } else if (type === "OneOf") {
    const n = ((space as unknown as { spaces: unknown[] }).spaces ?? []).length;
    chi("OneOf index", samples.map((x) => (x as [number])[0]), 0, n - 1);
  }
  return tests;
}

/** Runs the Space suite and returns its report. */
export function checkSpace(factory: SpaceFactory, options?: SpaceOptions): SuiteReport {
  return planSpace(factory, options).run();
}

/** The ConcentrationField suite (`field.*`, CHECKS.md §4). */
import type { ConcentrationField } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { describeError, fail, guard, planSuite, type CheckContext, type CheckDefinition, type SuitePlan } from "../engine.js";
import { FAR_STEPS, FAR_STEPS_AFTER_MS, gridParams, longRunSteps } from "../fields.js";
import { roundHalfEven } from "../kit.js";
import { concentrationFieldOptionsSchema, resolveOptions, type ConcentrationFieldOptions } from "../options.js";
import { trapped } from "../probes/trap.js";
import { diffSnapshot, isPlainObject, render, snapshot, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { checkProtocolShape, create, getMetadata, subjectName, requireFactory } from "./common.js";

export type ConcentrationFieldFactory<P = unknown> = (params?: P) => ConcentrationField;

const MAX_EXHAUSTIVE = 64 * 64;
/** The largest ladder grid a field is built on (1024 x 1024, 1001 x 1001 and 10,000 x 2 included; 2048² and 10,000² not). */
export const FIELD_LADDER_MAX_CELLS = 1024 * 1024;
/**
 * The ladder's core, always built (so that verdicts do not depend on the machine's speed): degenerate grids, one
 * grid each just past 64, 128 and int16 cells, two past uint16 cells (300 x 300 also puts cells more than 256 from
 * any source) and the elongated ones (1001 x 7, 10,000 x 2, ...). The ladder's other grids are built as time allows.
 */
const LADDER_CORE: ReadonlySet<string> = new Set(["1x1", "1x2", "2x1", "3x3", "63x65", "65x64", "129x131", "181x182", "257x258", "300x300", "1001x7", "7x1001", "4096x3", "3x4096", "10000x1", "1x10000", "10000x2"]);
/** Beyond the core, grids are built while the survey's construction time stays within this budget (ms). */
const LADDER_SURVEY_MS = 300;
/** A single construction slower than this (ms) stops the ladder (a plugin whose cost explodes with the grid). */
const LADDER_STOP_MS = 1500;
/** Checks that need fresh instances on every ladder grid use the core grids of at most this many cells. */
const LADDER_FRESH_CELLS = 20_000;
/** Positions at which `field.history-independence` compares each of the caller's instances with a fresh instance. */
const FRESH_POSITIONS = 16;

interface Instance {
  readonly index: number;
  readonly params: unknown;
  /** The ladder grid this instance was built on (undefined for the caller's own parameter sets). */
  readonly ladder?: arb.GridSpec;
  /** Construction time measured by the ladder survey (ms). */
  readonly ms?: number;
  /** The instance the ladder survey built (read-only checks share it). */
  readonly built?: ConcentrationField;
  make(): ConcentrationField;
}

/** What the survey of the size ladder found. */
interface LadderSurvey {
  readonly rungs: readonly Instance[];
  /** Grids left out (refused by the parameters, too slow to build within the budget). */
  readonly notes: readonly string[];
  /** Grids whose construction crashed (a non-Plume error on parameters the field accepts). */
  readonly crashes: readonly string[];
}

function isRefusal(error: unknown): boolean {
  const name = error instanceof Error ? error.name : "";
  return name === "ValidationError" || name === "ConfigurationError" || name === "ZodError";
}

interface GaussianInfo {
  readonly source: readonly [number, number];
  readonly sigma: number;
}

/** Builds the ConcentrationField suite without running it. */
export function planConcentrationField<P>(factory: ConcentrationFieldFactory<P>, rawOptions?: ConcentrationFieldOptions): SuitePlan {
  requireFactory(factory, "checkConcentrationField", "field");
  const { options, settings } = resolveOptions(concentrationFieldOptionsSchema, "concentration-field", rawOptions);
  const paramList = (options.params ?? [undefined]) as P[];
  const instances: Instance[] = paramList.map((params, index) => ({
    index,
    params,
    make: () => create(() => factory(params), paramList.length > 1 || params !== undefined ? `factory(${render(params, 80)})` : "factory"),
  }));
  const fallbackGrid = options.gridSize ?? [32, 32];
  const runs = settings.numRuns;
  const label = (inst: Instance) =>
    inst.ladder !== undefined
      ? `field on the ${inst.ladder[0]}x${inst.ladder[1]} ladder grid (params ${render(inst.params, 120)})`
      : paramList.length > 1 || inst.params !== undefined
        ? `field with params ${render(inst.params, 120)}`
        : "field";

  const gridOf = (f: ConcentrationField): arb.GridSpec => {
    const g = f.gridSize as { width?: unknown; height?: unknown } | undefined;
    if (g !== undefined && Number.isSafeInteger(g.width) && Number.isSafeInteger(g.height) && (g.width as number) > 0 && (g.height as number) > 0) {
      return [g.width as number, g.height as number];
    }
    return fallbackGrid;
  };
  /** Every cell of small grids; a fixed pseudo-random subset of large ones. */
  const cellsOf = (g: arb.GridSpec, seed: number): [number, number][] => {
    const [w, h] = g;
    if (w * h <= MAX_EXHAUSTIVE) {
      const out: [number, number][] = [];
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out.push([x, y]);
      return out;
    }
    const rng = Generator.fromSeed(seed);
    const out: [number, number][] = arb.cornersAndEdges(g);
    for (let i = 0; i < MAX_EXHAUSTIVE; i++) out.push([rng.integers(w), rng.integers(h)]);
    return out;
  };
  const sample = (f: ConcentrationField, x: number, y: number, t?: number): unknown =>
    guard(`sample(${x}, ${y}${t === undefined ? "" : `, ${t}`})`, () => (t === undefined ? f.sample(x, y) : f.sample(x, y, t)));
  const fieldValues = (f: ConcentrationField, cells: readonly (readonly [number, number])[]): unknown[] => cells.map(([x, y]) => sample(f, x, y));
  const gaussianInfo = (f: ConcentrationField): GaussianInfo | undefined => {
    const meta = typeof f.getMetadata === "function" ? guard("getMetadata()", () => (f.getMetadata as () => unknown)()) : undefined;
    if (!isPlainObject(meta)) return undefined;
    const source = meta["source_location"];
    const sigma = meta["sigma"];
    if (!Array.isArray(source) || source.length !== 2 || typeof sigma !== "number") return undefined;
    return { source: [Number(source[0]), Number(source[1])], sigma };
  };
  const inGrid = ([w, h]: arb.GridSpec, x: number, y: number) => x >= 0 && x < w && y >= 0 && y < h;
  const gaussianInstances = (ctx: CheckContext, ladder = false): { inst: Instance; f: ConcentrationField; g: GaussianInfo; grid: arb.GridSpec }[] => {
    const list = (ladder ? withLadder(ctx) : instances).flatMap((inst) => {
      const f = inst.make();
      const g = gaussianInfo(f);
      const grid = gridOf(f);
      // a ladder grid too small for the source the parameters place is not a Gaussian instance to judge
      if (g === undefined || (inst.ladder !== undefined && !inGrid(grid, g.source[0], g.source[1]))) return [];
      return [{ inst, f, g, grid }];
    });
    if (list.length === 0) ctx.skip("no instance declares a Gaussian profile (metadata source_location and sigma)");
    return list;
  };
  const compareFields = (a: unknown[], b: unknown[], cells: readonly (readonly [number, number])[], what: string) => {
    for (let i = 0; i < a.length; i++) {
      if (!Object.is(a[i], b[i])) {
        const [x, y] = cells[i] as readonly [number, number];
        fail(`${what}: cell (${x}, ${y}) is ${render(a[i])} vs ${render(b[i])}`);
      }
    }
  };
  const instanceIndex = fc.integer({ min: 0, max: instances.length - 1 });
  const inst = (i: number) => instances[i] as Instance;

  // ---- the size ladder (issue 20, class 2): the same field built on large and elongated grids
  const sizeParams = options.sizeParams === false ? undefined : (options.sizeParams ?? paramList.map((p) => gridParams(p)).find((f) => f !== undefined));
  const surveyLadder = (): LadderSurvey => {
    const rungs: Instance[] = [];
    const notes: string[] = [];
    const crashes: string[] = [];
    if (sizeParams === undefined) return { rungs, notes: ["no parameter set states its grid (pass sizeParams, or params with gridSize: [w, h])"], crashes };
    let spent = 0;
    let perCell = 0;
    // parameters that give the grid as [height, width] (a NumPy-style shape) are detected once and swapped
    let swap = false;
    const slow: string[] = [];
    for (const g of arb.sizeLadder(FIELD_LADDER_MAX_CELLS)) {
      const cells = g[0] * g[1];
      const core = LADDER_CORE.has(`${g[0]}x${g[1]}`);
      if (!core && spent + perCell * cells > LADDER_SURVEY_MS) {
        slow.push(`${g[0]}x${g[1]}`);
        continue;
      }
      let params: unknown;
      const build = (): ConcentrationField => factory(params as P);
      try {
        params = sizeParams(swap ? [g[1], g[0]] : g);
      } catch (error) {
        notes.push(`sizeParams(${g[0]}x${g[1]}) threw ${describeError(error)}`);
        continue;
      }
      if (params === undefined) continue;
      const start = performance.now();
      let f: ConcentrationField;
      try {
        f = build();
        const got = gridOf(f);
        if (!swap && g[0] !== g[1] && got[0] === g[1] && got[1] === g[0]) {
          swap = true;
          params = sizeParams([g[1], g[0]]);
          if (params === undefined) continue;
          f = build();
        }
      } catch (error) {
        if (!isRefusal(error)) crashes.push(`factory(${render(params, 160)}) threw ${describeError(error)}`);
        continue;
      }
      const ms = performance.now() - start;
      spent += ms;
      if (cells >= 4096) perCell = Math.max(perCell, ms / cells);
      if (ms > LADDER_STOP_MS) {
        notes.push(`building the field on ${g[0]}x${g[1]} took ${Math.round(ms)} ms: larger grids left out`);
        rungs.push({ index: instances.length + rungs.length, params, ladder: g, ms, built: f, make: () => create(() => factory(params as P), `factory(${render(params, 80)})`) });
        break;
      }
      const got = gridOf(f);
      if (got[0] !== g[0] || got[1] !== g[1]) {
        notes.push(`parameters for a ${g[0]}x${g[1]} grid built a ${got[0]}x${got[1]} field, so the ladder does not apply`);
        return { rungs: [], notes, crashes };
      }
      rungs.push({ index: instances.length + rungs.length, params, ladder: g, ms, built: f, make: () => create(() => factory(params as P), `factory(${render(params, 80)})`) });
    }
    if (slow.length > 0) notes.push(`grids ${slow.join(", ")} left out: building them would exceed the ladder's time budget`);
    return { rungs, notes, crashes };
  };
  /**
   * The caller's instances plus the ladder's. Read-only checks (`fresh: false`) get the instances the survey built;
   * checks that need fresh instances get the core grids of at most `LADDER_FRESH_CELLS` cells (the elongated
   * 1001 x 7 and 10,000 x 2 included).
   */
  const withLadder = (ctx: CheckContext, fresh = false): Instance[] => {
    const survey = ctx.memo("field.ladder", surveyLadder);
    // a crash on a grid the parameters accept is field.finite's failure (the others judge the grids that were built)
    if (ctx.id === "field.finite") {
      if (survey.crashes.length > 0) fail(`building the field on a larger grid its parameters accept crashed: ${survey.crashes.slice(0, 3).join("; ")}`);
      for (const n of survey.notes) ctx.note(n);
    }
    let ladder: Instance[];
    if (fresh) {
      ladder = survey.rungs.filter(({ ladder: [w, h] = [0, 0] }) => w * h <= LADDER_FRESH_CELLS && LADDER_CORE.has(`${w}x${h}`));
    } else {
      ladder = survey.rungs.map((r) => ({ ...r, make: () => r.built as ConcentrationField }));
    }
    if (survey.rungs.length > 0) {
      const big = ladder.at(-1)?.ladder;
      ctx.note(`size ladder: ${ladder.length} grids${big === undefined ? "" : ` up to ${big[0]}x${big[1]}`}`);
    }
    return [...instances, ...ladder];
  };

  const checks: CheckDefinition[] = [
    {
      id: "field.protocol-shape",
      run() {
        for (const i of instances) {
          const f = i.make();
          checkProtocolShape(f, "ConcentrationField", { methods: ["sample", "reset"], optionalMethods: ["advanceToStep", "onReset", "getMetadata"] });
          if (f.sample.length === 1) fail("sample takes a single parameter; the protocol is sample(x, y, t?) with numbers, not an object");
          const g = f.gridSize as unknown;
          if (g !== undefined) {
            const gs = g as { width?: unknown; height?: unknown };
            if (!Number.isSafeInteger(gs.width) || !Number.isSafeInteger(gs.height) || (gs.width as number) < 1 || (gs.height as number) < 1) {
              fail(`gridSize is ${render(g)}, not a GridSize with positive integer width and height`);
            }
          }
          const arr = f.fieldArray as unknown;
          if (arr !== undefined && !(arr instanceof Float32Array)) fail(`fieldArray is a ${typeName(arr)}, not a Float32Array`);
          const src = f.sourceLocation as unknown;
          if (src !== undefined && (typeof src !== "object" || src === null || !Number.isSafeInteger((src as { x?: unknown }).x) || !Number.isSafeInteger((src as { y?: unknown }).y))) {
            fail(`sourceLocation is ${render(src)}, not a Coordinates`);
          }
        }
      },
    },
    {
      id: "field.finite",
      run(ctx) {
        for (const i of withLadder(ctx)) {
          const f = i.make();
          // ladder grids: corners, edges and 512 seeded cells at the current step (some fields are slow to sample)
          const cells = i.ladder === undefined ? cellsOf(gridOf(f), ctx.seed) : cellsOf(gridOf(f), ctx.seed).slice(0, 520);
          for (const [x, y] of cells) {
            for (const t of i.ladder === undefined ? [undefined, 0, 5] : [undefined]) {
              const v = sample(f, x, y, t);
              if (typeof v !== "number" || !Number.isFinite(v)) fail(`${label(i)}: sample(${x}, ${y}${t === undefined ? "" : `, ${t}`}) is ${render(v)} (a ${typeName(v)}), not a finite primitive number`);
            }
          }
        }
      },
    },
    ...(["field.non-negative", "field.bounded"] as const).map(
      (id): CheckDefinition => ({
        id,
        run(ctx) {
          const ok = (v: number) => (id === "field.non-negative" ? v >= 0 : v <= 1);
          const rule = id === "field.non-negative" ? ">= 0" : "<= 1 (normalise, or clip the sum of sources)";
          for (const i of instances) {
            const f = i.make();
            const stages: (number | undefined)[] = [undefined];
            if (typeof f.advanceToStep === "function") stages.push(1, 3);
            for (const stage of stages) {
              if (stage !== undefined) guard(`advanceToStep(${stage})`, () => (f.advanceToStep as (k: number) => void)(stage));
              const where = stage === undefined ? "" : ` after advanceToStep(${stage})`;
              for (const [x, y] of cellsOf(gridOf(f), ctx.seed)) {
                const v = sample(f, x, y);
                if (typeof v === "number" && Number.isFinite(v) && !ok(v)) fail(`${label(i)}: sample(${x}, ${y}) = ${render(v)}${where}; every value must be ${rule}`);
              }
              const arr = f.fieldArray;
              if (arr instanceof Float32Array) {
                for (let k = 0; k < arr.length; k++) if (!ok(arr[k] as number)) fail(`${label(i)}: fieldArray[${k}] = ${arr[k]}${where}; every value must be ${rule}`);
              }
            }
          }
        },
      }),
    ),
    {
      id: "field.determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const g0 = gridOf(inst(0).make());
        ctx.property(
          fc.tuple(instanceIndex, fc.oneof(arb.pos(g0), arb.offgrid(g0)), fc.constantFrom<number | undefined>(undefined, 0, 3)),
          ([i, [x, y], t]) => {
            const f = inst(i).make();
            const values = [0, 1, 2].map(() => guard(`sample(${x}, ${y}${t === undefined ? "" : `, ${t}`})`, () => trapped(() => (t === undefined ? f.sample(x, y) : f.sample(x, y, t)))));
            if (!Object.is(values[0], values[1]) || !Object.is(values[1], values[2])) fail(`three calls of sample(${x}, ${y}) gave ${values.map((v) => render(v)).join(", ")}`);
          },
        );
      },
    },
    {
      id: "field.construction-determinism",
      run(ctx) {
        for (const i of instances) {
          const a = i.make();
          const b = i.make();
          const cells = cellsOf(gridOf(a), ctx.seed);
          compareFields(fieldValues(a, cells), fieldValues(b, cells), cells, `two instances built with the same parameters differ (${label(i)})`);
        }
      },
    },
    {
      id: "field.reset-determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(
          fc.tuple(instanceIndex, arb.seed()),
          ([i, seed]) => {
            const a = inst(i).make();
            const b = inst(i).make();
            const cells = cellsOf(gridOf(a), ctx.seed);
            guard(`reset(${seed})`, () => trapped(() => a.reset(seed)));
            guard(`reset(${seed})`, () => trapped(() => b.reset(seed)));
            const fa = fieldValues(a, cells);
            compareFields(fa, fieldValues(b, cells), cells, `two instances reset with seed ${seed} differ`);
            if (typeof a.advanceToStep === "function") guard("advanceToStep(4)", () => (a.advanceToStep as (k: number) => void)(4));
            guard(`reset(${seed})`, () => trapped(() => a.reset(seed)));
            compareFields(fieldValues(a, cells), fa, cells, `reset(${seed}) later on the same instance does not reproduce the field`);
            // across resets with another seed, after an episode that sampled several steps: equal to a fresh instance
            const other = (seed + 1) % 2 ** 32;
            for (const k of [1, 2, 3]) {
              if (typeof a.advanceToStep === "function") guard(`advanceToStep(${k})`, () => (a.advanceToStep as (k: number) => void)(k));
              fieldValues(a, cells.slice(0, 64));
            }
            const c = inst(i).make();
            guard(`reset(${other})`, () => trapped(() => a.reset(other)));
            guard(`reset(${other})`, () => trapped(() => c.reset(other)));
            const steps = typeof a.advanceToStep === "function" ? [0, 1, 2, 3] : [0];
            for (const k of steps) {
              if (k > 0) {
                guard(`advanceToStep(${k})`, () => (a.advanceToStep as (k: number) => void)(k));
                guard(`advanceToStep(${k})`, () => (c.advanceToStep as (k: number) => void)(k));
              }
              compareFields(fieldValues(a, cells), fieldValues(c, cells), cells, `after an episode with seed ${seed}, reset(${other})${k > 0 ? ` and advanceToStep(${k})` : ""} differs from a fresh instance reset(${other}) (does reset keep a cache of the previous episode?)`);
            }
          },
          { numRuns: Math.max(5, Math.ceil(runs / 5)) },
        );
      },
    },
    {
      id: "field.purity",
      run(ctx) {
        ctx.property(
          fc.tuple(instanceIndex, fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })),
          ([i, s1, s2]) => {
            const a = inst(i).make();
            const b = inst(i).make();
            const grid = gridOf(a);
            const base = cellsOf(grid, ctx.seed);
            const pick = Generator.fromSeed(s1);
            const cells: [number, number][] = Array.from({ length: Math.min(200, base.length) }, () => base[pick.integers(base.length)] as [number, number]);
            const order2 = shuffle(cells.map((_, k) => k), Generator.fromSeed(s2));
            const arrSnap = a.fieldArray instanceof Float32Array ? snapshot(a.fieldArray, undefined, "fieldArray") : undefined;
            const first = cells.map(([x, y]) => sample(a, x, y));
            const third = new Array<unknown>(cells.length);
            for (const k of order2) third[k] = sample(a, (cells[k] as [number, number])[0], (cells[k] as [number, number])[1]);
            compareFields(first, third, cells, "sampling the same cells again gave different values (does sample() advance time or fill a cache wrongly?)");
            // a fresh instance sampled in another order must agree too, when fresh instances agree at all
            // (instances that differ in the same order are field.construction-determinism's failure)
            const control = inst(i).make();
            const same = cells.map(([x, y]) => sample(control, x, y));
            if (exactDiffList(same, first)) {
              const second = new Array<unknown>(cells.length);
              for (const k of order2) second[k] = sample(b, (cells[k] as [number, number])[0], (cells[k] as [number, number])[1]);
              compareFields(first, second, cells, "sampling the same cells in another order gave different values");
            }
            if (arrSnap !== undefined) {
              const d = diffSnapshot(arrSnap, a.fieldArray, undefined, "fieldArray");
              if (d !== undefined) fail(`sampling changed the field: ${d}`);
            }
          },
          { numRuns: Math.max(5, Math.ceil(runs / 5)) },
        );
      },
    },
    {
      id: "field.history-independence",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        if (ctx.capabilities.stateful === true) ctx.skip("capabilities.stateful is declared");
        const same = (a: unknown, b: unknown) => Object.is(a, b) || (a === 0 && b === 0);
        const list = withLadder(ctx, true);
        for (const i of list) {
          const one = i.make();
          // long sequences on the caller's instances (a bounded cache that goes wrong once full), shorter on the ladder
          const length = i.ladder !== undefined ? 360 : i.index === 0 ? 5000 : 1000;
          const seq = historyPositions(gridOf(one), (ctx.seed ^ Math.imul(i.index + 1, 0x9e3779b1)) >>> 0, length);
          const at = (f: ConcentrationField, [x, y, t]: Probe): unknown => sample(f, x, y, t);
          const forward = seq.map((p) => at(one, p));
          const other = i.make();
          const backward = new Array<unknown>(seq.length);
          for (let k = seq.length - 1; k >= 0; k--) backward[k] = at(other, seq[k] as Probe);
          // a fresh instance per position at the first positions of the caller's instances (ladder grids: on a mismatch)
          const freshCount = i.ladder === undefined ? FRESH_POSITIONS : 0;
          const freshAt = (k: number): unknown => {
            const a = at(i.make(), seq[k] as Probe);
            const b = at(i.make(), seq[k] as Probe);
            return same(a, b) ? a : HIDDEN_CONSTRUCTION; // instances that differ from birth: field.construction-determinism's failure
          };
          for (let k = 0; k < seq.length; k++) {
            const mismatch = !same(forward[k], backward[k]);
            if (!mismatch && k >= freshCount) continue;
            const fresh = freshAt(k);
            if (fresh === HIDDEN_CONSTRUCTION) continue;
            if (!mismatch && same(fresh, forward[k])) continue;
            const [x, y, t] = seq[k] as Probe;
            fail(
              `${label(i)}: sample(${x}, ${y}${t === undefined ? "" : `, ${t}`}) is ${render(forward[k])} as call ${k + 1} on one instance, ${render(backward[k])} as call ${seq.length - k} on another ` +
                `(the same positions in reverse order), and ${render(fresh)} on a fresh instance: a field's value may depend only on the position ` +
                `(and step), never on earlier calls (a memo keyed on something that collides, e.g. x + 1000 * y, on the unrounded position, or without t?)`,
            );
          }
        }
      },
    },
    {
      id: "field.out-of-bounds",
      run(ctx) {
        const g0 = gridOf(inst(0).make());
        ctx.property(fc.tuple(instanceIndex, arb.offgrid(g0)), ([i, [x, y]]) => {
          const f = inst(i).make();
          const g = gridOf(f);
          if (inGrid(g, roundHalfEven(x), roundHalfEven(y))) return;
          const v = sample(f, x, y);
          if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > 1) fail(`off-grid sample(${x}, ${y}) on a ${g[0]}x${g[1]} grid is ${render(v)}, not a finite number in [0, 1]`);
        });
        // just off every ladder grid (a bounds check against a fixed maximum width, or reading into the next row)
        for (const i of withLadder(ctx).filter((l) => l.ladder !== undefined)) {
          const f = i.make();
          for (const [x, y] of offGridProbes(gridOf(f))) {
            const v = sample(f, x, y);
            if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > 1) fail(`${label(i)}: off-grid sample(${x}, ${y}) is ${render(v)}, not a finite number in [0, 1]`);
          }
        }
      },
    },
    {
      id: "field.out-of-bounds-zero",
      run(ctx) {
        const g0 = gridOf(inst(0).make());
        ctx.property(fc.tuple(instanceIndex, arb.offgrid(g0)), ([i, [x, y]]) => {
          const f = inst(i).make();
          const g = gridOf(f);
          if (inGrid(g, roundHalfEven(x), roundHalfEven(y))) return;
          const meta = typeof f.getMetadata === "function" ? guard("getMetadata()", () => (f.getMetadata as () => unknown)()) : undefined;
          const declared = isPlainObject(meta) && typeof meta["out_of_bounds_value"] === "number" ? (meta["out_of_bounds_value"] as number) : 0;
          const v = sample(f, x, y);
          if (!Object.is(v, declared) && !(v === 0 && declared === 0)) {
            fail(`off-grid sample(${x}, ${y}) on a ${g[0]}x${g[1]} grid is ${render(v)}, not ${declared}${declared === 0 ? " (declare metadata.out_of_bounds_value if another value is intended)" : " (the declared out_of_bounds_value)"}`);
          }
        });
        for (const i of withLadder(ctx).filter((l) => l.ladder !== undefined)) {
          const f = i.make();
          const meta = typeof f.getMetadata === "function" ? guard("getMetadata()", () => (f.getMetadata as () => unknown)()) : undefined;
          const declared = isPlainObject(meta) && typeof meta["out_of_bounds_value"] === "number" ? (meta["out_of_bounds_value"] as number) : 0;
          for (const [x, y] of offGridProbes(gridOf(f))) {
            const v = sample(f, x, y);
            if (!Object.is(v, declared) && !(v === 0 && declared === 0)) fail(`${label(i)}: off-grid sample(${x}, ${y}) is ${render(v)}, not ${declared} (0, or the declared out_of_bounds_value)`);
          }
        }
      },
    },
    {
      id: "field.array-shape",
      run(ctx) {
        let ran = false;
        for (const i of withLadder(ctx)) {
          const f = i.make();
          if (f.fieldArray === undefined || f.gridSize === undefined) continue;
          ran = true;
          const [w, h] = gridOf(f);
          const arr = f.fieldArray as unknown;
          if (!(arr instanceof Float32Array)) fail(`${label(i)}: fieldArray is a ${typeName(arr)}, not a Float32Array`);
          if (arr.length !== w * h) fail(`${label(i)}: fieldArray has ${arr.length} elements but a ${w}x${h} grid (shape [${h}, ${w}]) needs ${w * h}`);
        }
        if (!ran) ctx.skip("no instance exposes both fieldArray and gridSize");
      },
    },
    {
      id: "field.array-indexing",
      run(ctx) {
        let ran = false;
        let nonSquare = false;
        for (const i of withLadder(ctx)) {
          const f = i.make();
          if (!(f.fieldArray instanceof Float32Array) || f.gridSize === undefined) continue;
          ran = true;
          const [w, h] = gridOf(f);
          if (w !== h) nonSquare = true;
          const arr = f.fieldArray;
          for (const [x, y] of indexingCells([w, h], ctx.seed, i.ladder === undefined ? MAX_EXHAUSTIVE : 1024)) {
            const v = sample(f, x, y);
            if (!Object.is(arr[y * w + x], v)) {
              fail(`${label(i)}: fieldArray[${y} * ${w} + ${x}] = ${arr[y * w + x]} but sample(${x}, ${y}) = ${render(v)}: the array must be row-major [y][x] with shape [height, width], and every row reachable (no narrow integer row offsets)`);
            }
          }
        }
        if (!ran) ctx.skip("no instance exposes both fieldArray and gridSize");
        if (!nonSquare) ctx.incomplete("only square grids were given, so a transposed [x][y] layout cannot be detected (pass params with a non-square grid)");
      },
    },
    {
      id: "field.time-hook",
      run(ctx) {
        const withHook = instances.filter((i) => typeof i.make().advanceToStep === "function");
        if (withHook.length === 0) ctx.skip("no instance has advanceToStep");
        for (const i of withHook) {
          const a = i.make();
          const cells = cellsOf(gridOf(a), ctx.seed).slice(0, 1024);
          const adv = (f: ConcentrationField, k: number) => guard(`advanceToStep(${k})`, () => trapped(() => (f.advanceToStep as (k: number) => void)(k)));
          const seq = [0, 1, 1, 5, 3];
          const seen = new Map<number, unknown[]>();
          for (const k of seq) {
            adv(a, k);
            const values = fieldValues(a, cells);
            const before = seen.get(k);
            if (before !== undefined) compareFields(values, before, cells, `${label(i)}: advanceToStep(${k}) twice differs from once (it must set the step, not increment it)`);
            else seen.set(k, values);
            const direct = i.make();
            adv(direct, k);
            compareFields(values, fieldValues(direct, cells), cells, `${label(i)}: after advanceToStep(${seq.slice(0, seq.indexOf(k) + 1).join("), (")}) the field differs from a fresh instance advanced straight to ${k}`);
          }
          guard("reset(0)", () => trapped(() => a.reset(0)));
          const fresh = i.make();
          guard("reset(0)", () => trapped(() => fresh.reset(0)));
          compareFields(fieldValues(a, cells), fieldValues(fresh, cells), cells, `${label(i)}: reset() after advancing does not return to the step-0 field`);
        }
      },
    },
    {
      id: "field.time-long-run",
      run(ctx) {
        const withHook = instances.filter((i) => typeof i.make().advanceToStep === "function");
        if (withHook.length === 0) return ctx.skip("no instance has advanceToStep");
        const same = (a: unknown, b: unknown) => Object.is(a, b) || (a === 0 && b === 0);
        const adv = (f: ConcentrationField, k: number) => guard(`advanceToStep(${k})`, () => trapped(() => (f.advanceToStep as (k: number) => void)(k)));
        for (const i of withHook) {
          const f = i.make();
          const grid = gridOf(f);
          const rng = Generator.fromSeed(ctx.seed);
          const meta = typeof f.getMetadata === "function" ? getMetadata(f) : undefined;
          // every step to 5,000 (a glitch at one step of a schedule or a frame table shows), then the long-run landmarks
          const steps = [...new Set([...Array.from({ length: 5001 }, (_, k) => k), ...longRunSteps(meta)])].sort((a, b) => a - b);
          const few: [number, number][] = [...arb.cornersAndEdges(grid)];
          const src = f.sourceLocation as { x?: unknown; y?: unknown } | undefined;
          if (src !== undefined && Number.isSafeInteger(src.x) && Number.isSafeInteger(src.y) && inGrid(grid, src.x as number, src.y as number)) few.push([src.x as number, src.y as number]);
          const g = gaussianInfo(f);
          if (g !== undefined && inGrid(grid, g.source[0], g.source[1])) few.push([g.source[0], g.source[1]]);
          for (let n = 0; n < 32; n++) few.push([rng.integers(grid[0]), rng.integers(grid[1])]);
          const wide = [...few, ...cellsOf(grid, ctx.seed).slice(0, 1024)];
          // between the landmarks, past step 300: the source cells, the corners and one random cell
          const tiny = [...few.slice(arb.cornersAndEdges(grid).length, few.length - 31), ...arb.cornersAndEdges(grid).slice(0, 4), few.at(-1) as [number, number]];
          const marks = longRunSteps(meta).filter((k) => k > 300);
          const landmarks = new Set([...steps.filter((k) => k <= 300 && k % 25 === 0), ...marks]);
          const recordAt = new Set([...landmarks].filter((_, n) => n % 3 === 0));
          const recorded = new Map<number, unknown[]>();
          let previous = 0;
          const started = performance.now();
          // past 10,000, where 16-bit step counters and step-derived indices wrap: only for fields cheap to advance
          // (a simulation would replay tens of thousands of steps), so this part depends on the machine's speed
          for (const k of [...steps, ...FAR_STEPS]) {
            if (k === FAR_STEPS[0] && performance.now() - started > FAR_STEPS_AFTER_MS) break;
            adv(f, k);
            const where = ` after advanceToStep(${k}) (from ${previous})`;
            const cells = landmarks.has(k) ? wide : k <= 300 ? few : tiny;
            const values = cells.map(([x, y]) => {
              const v = sample(f, x, y);
              if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > 1) {
                fail(`${label(i)}: sample(${x}, ${y}) = ${render(v)}${where}: the field must stay a finite number in [0, 1] through long episodes and past any recorded frames (wrap, hold the last frame, or fade to 0)`);
              }
              return v;
            });
            const arr = landmarks.has(k) || grid[0] * grid[1] <= 4096 ? f.fieldArray : undefined;
            if (arr instanceof Float32Array) {
              for (let n = 0; n < arr.length; n++) {
                const v = arr[n] as number;
                if (!(v >= 0 && v <= 1)) fail(`${label(i)}: fieldArray[${n}] = ${v}${where}: every element must stay in [0, 1] through long episodes`);
              }
            }
            if (recordAt.has(k)) recorded.set(k, values.slice(0, few.length));
            previous = k;
          }
          // advanceToStep sets the step: revisiting earlier steps in a scrambled order gives what the first visit gave
          // (the early recorded steps and one late one: a simulation replays from the episode's start to go back)
          const early = [...recorded.keys()].filter((k) => k <= 300);
          const late = [...recorded.keys()].filter((k) => k > 300 && k <= 3000).at(-1);
          for (const k of shuffle([...early, ...(late === undefined ? [] : [late])], rng)) {
            adv(f, k);
            const first = recorded.get(k) as unknown[];
            few.forEach(([x, y], n) => {
              const v = sample(f, x, y);
              if (!same(v, first[n])) fail(`${label(i)}: at step ${k}, sample(${x}, ${y}) = ${render(v)} when revisited after other steps, but ${render(first[n])} on the first visit: advanceToStep(k) must give the field of step k whatever came before`);
            });
          }
          // across resets: a long-used instance reset with a seed replays what a fresh instance reset with it gives
          if (ctx.capabilities.nondeterministic === true || typeof f.reset !== "function") continue;
          const replay = [0, 1, 2, 3, 5, 8, ...[...recorded.keys()].slice(0, 4)];
          for (const seed of [7, 0, 0xffffffff]) {
            const fresh = i.make();
            guard(`reset(${seed})`, () => trapped(() => f.reset(seed)));
            guard(`reset(${seed})`, () => trapped(() => fresh.reset(seed)));
            for (const k of replay) {
              adv(f, k);
              adv(fresh, k);
              few.forEach(([x, y]) => {
                const a = sample(f, x, y);
                const b = sample(fresh, x, y);
                if (!same(a, b)) {
                  fail(`${label(i)}: after a long run, reset(${seed}) and advanceToStep(${k}) give sample(${x}, ${y}) = ${render(a)}, but a fresh instance reset(${seed}) and advanced to ${k} gives ${render(b)}: reset(seed) must clear everything an episode cached (frames memoised by step, offsets, ...)`);
                }
              });
            }
          }
        }
      },
    },
    {
      id: "field.reset-idempotent",
      run(ctx) {
        const probe = inst(0).make();
        const hasReset = typeof probe.reset === "function";
        const hasOnReset = typeof probe.onReset === "function";
        if (!hasReset && !hasOnReset) ctx.skip("the field has neither reset nor onReset");
        for (const i of instances) {
          for (const seed of [0, 123]) {
            const a = i.make();
            const b = i.make();
            const cells = cellsOf(gridOf(a), ctx.seed).slice(0, 2048);
            const doReset = (f: ConcentrationField) => {
              if (hasReset) guard(`reset(${seed})`, () => f.reset(seed));
              if (hasOnReset) guard("onReset()", () => (f.onReset as () => void)());
            };
            doReset(a);
            doReset(a);
            doReset(b);
            compareFields(fieldValues(a, cells), fieldValues(b, cells), cells, `${label(i)}: two consecutive resets with seed ${seed} differ from one`);
          }
        }
      },
    },
    {
      id: "field.rounding-ties",
      run(ctx) {
        const same = (a: unknown, b: unknown) => Object.is(a, b) || (a === 0 && b === 0);
        let sensitive = 0;
        for (const i of instances) {
          const f = i.make();
          const grid = gridOf(f);
          const rng = Generator.fromSeed(ctx.seed);
          const cells: [number, number][] = [...arb.cornersAndEdges(grid)];
          const src = f.sourceLocation as { x?: unknown; y?: unknown } | undefined;
          if (src !== undefined && Number.isSafeInteger(src.x) && Number.isSafeInteger(src.y)) cells.push([src.x as number, src.y as number]);
          const g = gaussianInfo(f);
          if (g !== undefined) cells.push([g.source[0], g.source[1]]);
          const arr = f.fieldArray;
          if (arr instanceof Float32Array && arr.length === grid[0] * grid[1]) {
            let best = 0;
            for (let k = 1; k < arr.length; k++) if ((arr[k] as number) > (arr[best] as number)) best = k;
            cells.push([best % grid[0], Math.floor(best / grid[0])]);
          }
          for (let n = 0; n < 40; n++) cells.push([rng.integers(grid[0]), rng.integers(grid[1])]);
          for (const [x, y] of roundingProbes(grid, cells)) {
            const cx = roundHalfEven(x);
            const cy = roundHalfEven(y);
            const got = sample(f, x, y);
            const want = sample(f, cx, cy);
            if (!same(got, want)) {
              fail(
                `${label(i)}: sample(${x}, ${y}) = ${render(got)} but the cell it rounds to, (${cx}, ${cy}), holds ${render(want)}: a position reads the nearest cell, ` +
                  `with .5 ties rounded half-to-even as Python's round does (2.5 -> 2, 3.5 -> 4, -0.5 -> 0), so [size - 0.5, size) is off the grid; not Math.round, floor or trunc`,
              );
            }
            const fx = x - Math.floor(x);
            const fy = y - Math.floor(y);
            if (fx === 0.5 && !same(sample(f, Math.floor(x), cy), sample(f, Math.floor(x) + 1, cy))) sensitive += 1;
            if (fy === 0.5 && !same(sample(f, cx, Math.floor(y)), sample(f, cx, Math.floor(y) + 1))) sensitive += 1;
          }
        }
        if (sensitive === 0) ctx.incomplete("no .5 tie lay between two cells with different values, so the rounding of ties could not be observed");
      },
    },
    {
      id: "field.gaussian.max-at-source",
      run(ctx) {
        for (const { inst: i, f, g, grid } of gaussianInstances(ctx, true)) {
          const [sx, sy] = g.source;
          if (!inGrid(grid, sx, sy)) fail(`${label(i)}: the declared source (${sx}, ${sy}) is outside the ${grid[0]}x${grid[1]} grid`);
          const peak = sample(f, sx, sy) as number;
          for (const [x, y] of cellsOf(grid, ctx.seed)) {
            const v = sample(f, x, y) as number;
            if (v > peak) fail(`${label(i)}: cell (${x}, ${y}) = ${v} exceeds the value ${peak} at the declared source (${sx}, ${sy})`);
          }
        }
      },
    },
    {
      id: "field.gaussian.formula",
      run(ctx) {
        const list = gaussianInstances(ctx, true);
        for (const { inst: i, f, g } of list) {
          const peak = sample(f, g.source[0], g.source[1]) as number;
          if (!(Math.abs(peak - 1) <= 1e-6)) fail(`${label(i)}: the value at the source is ${peak}, not 1 (within 1e-6): drop any amplitude factor`);
        }
        ctx.property(fc.tuple(fc.integer({ min: 0, max: list.length - 1 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })), ([k, s]) => {
          const { inst: i, f, g, grid } = list[k] as (typeof list)[number];
          const rng = Generator.fromSeed(s);
          for (let n = 0; n < 20; n++) {
            const x = rng.integers(grid[0]);
            const y = rng.integers(grid[1]);
            const d2 = (x - g.source[0]) ** 2 + (y - g.source[1]) ** 2;
            const want = Math.exp(-d2 / (2 * g.sigma * g.sigma));
            const v = sample(f, x, y) as number;
            if (!(Math.abs(v - want) <= 1e-6 * Math.abs(want) + 1e-7)) {
              fail(`${label(i)}: sample(${x}, ${y}) = ${v} but exp(-d²/(2σ²)) = ${want} (d² = ${d2}, σ = ${g.sigma})`);
            }
          }
        });
      },
    },
    {
      id: "field.gaussian.monotone",
      run(ctx) {
        const list = gaussianInstances(ctx, true);
        for (const { inst: i, f, g, grid } of list) {
          const [sx, sy] = g.source;
          for (const [dx, dy] of [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
          ] as const) {
            let prev = sample(f, sx, sy) as number;
            for (let k = 1; inGrid(grid, sx + k * dx, sy + k * dy); k++) {
              const v = sample(f, sx + k * dx, sy + k * dy) as number;
              if (v > prev + 1e-10) fail(`${label(i)}: along the axis from the source, (${sx + k * dx}, ${sy + k * dy}) = ${v} is higher than the nearer cell's ${prev}`);
              prev = v;
            }
          }
        }
        ctx.property(fc.tuple(fc.integer({ min: 0, max: list.length - 1 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })), ([k, s]) => {
          const { inst: i, f, g, grid } = list[k] as (typeof list)[number];
          const rng = Generator.fromSeed(s);
          for (let n = 0; n < 20; n++) {
            const a: [number, number] = [rng.integers(grid[0]), rng.integers(grid[1])];
            const b: [number, number] = [rng.integers(grid[0]), rng.integers(grid[1])];
            const da = (a[0] - g.source[0]) ** 2 + (a[1] - g.source[1]) ** 2;
            const db = (b[0] - g.source[0]) ** 2 + (b[1] - g.source[1]) ** 2;
            if (da === db) continue;
            const [near, far] = da < db ? [a, b] : [b, a];
            const vn = sample(f, near[0], near[1]) as number;
            const vf = sample(f, far[0], far[1]) as number;
            if (vf > vn + 1e-10) fail(`${label(i)}: (${far[0]}, ${far[1]}) = ${vf} is farther from the source than (${near[0]}, ${near[1]}) = ${vn} but higher`);
          }
        });
      },
    },
    {
      id: "field.gaussian.symmetry",
      run(ctx) {
        for (const { inst: i, f, g, grid } of gaussianInstances(ctx)) {
          const [sx, sy] = g.source;
          const close = (a: number, b: number) => Math.abs(a - b) <= 1e-5 * Math.max(Math.abs(a), Math.abs(b)) + 1e-12;
          for (let dx = 0; dx <= 16; dx++) {
            for (let dy = 0; dy <= 16; dy++) {
              const pts: [number, number][] = [
                [sx + dx, sy + dy],
                [sx - dx, sy + dy],
                [sx + dx, sy - dy],
                [sx - dx, sy - dy],
                [sx + dy, sy + dx],
                [sx - dy, sy - dx],
              ];
              const inside = pts.filter(([x, y]) => inGrid(grid, x, y));
              if (inside.length < 2) continue;
              const [x0, y0] = inside[0] as [number, number];
              const v0 = sample(f, x0, y0) as number;
              for (const [x, y] of inside.slice(1)) {
                const v = sample(f, x, y) as number;
                if (!close(v0, v)) fail(`${label(i)}: (${x0}, ${y0}) = ${v0} and (${x}, ${y}) = ${v} mirror each other around the source (${sx}, ${sy}) but differ`);
              }
            }
          }
        }
      },
    },
    {
      id: "field.gaussian.sigma-extremes",
      run(ctx) {
        let ran = 0;
        for (const { inst: i, f, g, grid } of gaussianInstances(ctx)) {
          const [sx, sy] = g.source;
          const peak = sample(f, sx, sy) as number;
          if (g.sigma <= 0.5) {
            ran += 1;
            if (!(peak > 0.9)) fail(`${label(i)}: with σ = ${g.sigma} the source value is ${peak}, not > 0.9`);
            for (const [x, y] of [
              [sx + 2, sy],
              [sx - 2, sy],
              [sx, sy + 2],
              [sx, sy - 2],
            ] as const) {
              if (!inGrid(grid, x, y)) continue;
              const v = sample(f, x, y) as number;
              if (!(v < 0.1)) fail(`${label(i)}: with σ = ${g.sigma}, (${x}, ${y}) at distance 2 is ${v}, not < 0.1 (is σ used as the variance?)`);
            }
          }
          if (g.sigma >= 20 && grid[0] <= 32 && grid[1] <= 32) {
            ran += 1;
            for (const [x, y] of [
              [0, 0],
              [grid[0] - 1, 0],
              [0, grid[1] - 1],
              [grid[0] - 1, grid[1] - 1],
            ] as const) {
              const v = sample(f, x, y) as number;
              if (!(v > 0.3 * peak)) fail(`${label(i)}: with σ = ${g.sigma} on ${grid[0]}x${grid[1]}, the corner (${x}, ${y}) is ${v}, not > 0.3 × the source value ${peak}`);
            }
          }
        }
        if (ran === 0) ctx.skip("no Gaussian instance with σ <= 0.5, or σ >= 20 on a grid of at most 32x32 (pass such params to run it)");
      },
    },
    {
      id: "field.gaussian.rounding",
      run(ctx) {
        let tested = 0;
        for (const { inst: i, f, g, grid } of gaussianInstances(ctx)) {
          const [sx, sy] = g.source;
          for (const axis of ["x", "y"] as const) {
            const size = axis === "x" ? grid[0] : grid[1];
            for (let k = 0; k + 1 < size; k++) {
              const at = (c: number) => (axis === "x" ? sample(f, c, sy) : sample(f, sx, c)) as number;
              const lo = at(k);
              const hi = at(k + 1);
              if (Object.is(lo, hi)) continue;
              tested += 1;
              const tie = k + 0.5;
              const want = roundHalfEven(tie) === k ? lo : hi;
              const got = at(tie);
              const where = axis === "x" ? `(${tie}, ${sy})` : `(${sx}, ${tie})`;
              if (!Object.is(got, want)) {
                fail(`${label(i)}: sample${where} = ${got} but Python's round(${tie}) = ${roundHalfEven(tie)} gives ${want}: round ties half-to-even (2.5 -> 2, 3.5 -> 4), not with Math.round`);
              }
              for (const [frac, cell, v] of [
                [0.4, k, lo],
                [0.6, k + 1, hi],
              ] as const) {
                const got2 = at(k + frac);
                if (!Object.is(got2, v)) fail(`${label(i)}: sample at ${axis} = ${k + frac} is ${got2}, not the value ${v} of the nearest cell ${axis} = ${cell}`);
              }
            }
          }
        }
        if (tested === 0) ctx.incomplete("no two neighbouring cells differ, so rounding could not be observed");
      },
    },
  ];
  return planSuite("concentration-field", subjectName(() => factory(paramList[0]), options.name, "ConcentrationField"), settings, checks);
}

function exactDiffList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

/** A position to sample, with the optional time step `t` of `sample(x, y, t)`. */
export type Probe = readonly [x: number, y: number, t?: number];

/** Marks a position where two fresh instances already differ (another check's failure, not history). */
const HIDDEN_CONSTRUCTION = Symbol("construction differs");

/** Multipliers of hand-rolled memo keys (`x + K * y`, `K * x + y`): with K below the grid's width the keys collide. */
const KEY_MULTIPLIERS = [10, 64, 100, 128, 255, 256, 512, 1000, 1024, 2048, 4096, 10_000, 65_536];

/**
 * A long varied sequence of positions on a grid for one-instance-many-states checks: pairs of cells whose
 * hand-rolled memo keys collide (`x + K * y` with K too small, `K * x + y`, string keys `${x}${y}`), fractional
 * positions next to the cells they round to (keys on the raw or floored position), off-grid positions, corners,
 * edges and random cells, shuffled so that each member of a pair comes first in about half the pairs.
 */
export function historyPositions([w, h]: arb.GridSpec, seed: number, max = 360): Probe[] {
  const rng = Generator.fromSeed(seed);
  const groups: [number, number][][] = [];
  const cell = (x: number, y: number): [number, number] | undefined => (x >= 0 && x < w && y >= 0 && y < h ? [x, y] : undefined);
  const pair = (a: [number, number] | undefined, b: [number, number] | undefined) => {
    if (a !== undefined && b !== undefined && (a[0] !== b[0] || a[1] !== b[1])) groups.push(rng.random() < 0.5 ? [a, b] : [b, a]);
  };
  for (const k of KEY_MULTIPLIERS) {
    for (let n = 0; n < 3; n++) {
      if (k < w && h > 1) {
        const x = rng.integers(w - k);
        const y = 1 + rng.integers(h - 1);
        pair(cell(x, y), cell(x + k, y - 1));
      }
      if (k < h && w > 1) {
        const x = 1 + rng.integers(w - 1);
        const y = rng.integers(h - k);
        pair(cell(x, y), cell(x - 1, y + k));
      }
    }
  }
  // string keys without a separator: "1" + "11" === "11" + "1"
  for (const [a, b] of [
    [[1, 11], [11, 1]],
    [[1, 23], [12, 3]],
    [[2, 10], [21, 0]],
    [[10, 1], [1, 1]],
  ] as const) pair(cell(a[0], a[1]), cell(b[0], b[1]));
  // fractional positions and the cells around them
  for (let n = 0; n < 16; n++) {
    const x = rng.integers(Math.max(1, w - 1));
    const y = rng.integers(h);
    const f = [0.25, 0.5, 0.75, 0.6][n % 4] as number;
    groups.push([[x + f, y], [x, y], ...(x + 1 < w ? [[x + 1, y] as [number, number]] : [])]);
    if (h > 1) groups.push([[x, Math.min(y, h - 2) + f], [x, Math.min(y, h - 2)]]);
  }
  for (const c of arb.cornersAndEdges([w, h])) groups.push([c]);
  for (const c of [[-1, 0], [w, 0], [0, h], [-0.5, 0], [w - 0.5, h - 1]] as const) groups.push([[c[0], c[1]]]);
  while (groups.reduce((n, g) => n + g.length, 0) < max) groups.push([[rng.integers(w), rng.integers(h)]]);
  // a tenth of the positions also ask for a time step t, next to the same position without one (a memo ignoring t)
  const out: Probe[] = [];
  for (const g of shuffle(groups, rng)) {
    for (const [x, y] of g) {
      if (rng.random() < 0.1) {
        const t = [0, 1, 3, 7, 64][rng.integers(5)] as number;
        const pair: Probe[] = [[x, y, t], [x, y]];
        out.push(...(rng.random() < 0.5 ? pair : pair.reverse()));
      } else out.push([x, y]);
    }
  }
  return out.slice(0, max);
}

/**
 * Positions probing how a field rounds a position to a cell: exact .5 ties of both parities and values just
 * below and above them on each axis around `cells`, the grid's far edge [size - 0.5, size) and its near edge
 * (-0.5, the tie that rounds to cell 0, and just beyond).
 */
export function roundingProbes([w, h]: arb.GridSpec, cells: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  const fracs = [0.5, -0.5, 0.4999999, 0.5000001, -0.4999999, -0.5000001, 0.25, 0.75, 1.5, -1.5];
  for (const [x, y] of cells) {
    for (const f of fracs) {
      out.push([x + f, y], [x, y + f]);
    }
    out.push([x + 0.5, y + 0.5], [x - 0.5, y + 0.5], [x + 0.5, y - 0.5], [x + 1.5, y + 2.5]);
  }
  const ys = [0, Math.floor((h - 1) / 2), h - 1];
  const xs = [0, Math.floor((w - 1) / 2), w - 1];
  for (const y of ys) for (const d of [0.5, 0.25, 1e-9, 0.5000001, 0.4999999, 1.5]) out.push([w - d, y], [-d, y], [w - 1 + d, y]);
  for (const x of xs) for (const d of [0.5, 0.25, 1e-9, 0.5000001, 0.4999999, 1.5]) out.push([x, h - d], [x, -d], [x, h - 1 + d]);
  return out;
}

/**
 * Cells to compare `fieldArray` with `sample` on: every cell of grids up to 128², else the corners, edges and
 * random cells, plus the rows where `y * width` crosses 2^7, 2^8, 2^15, 2^16 and 2^24 (narrow integer row
 * offsets wrap there) and the last rows.
 */
export function indexingCells([w, h]: arb.GridSpec, seed: number, random = MAX_EXHAUSTIVE): [number, number][] {
  const out: [number, number][] = [];
  if (w * h <= 4 * MAX_EXHAUSTIVE) {
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out.push([x, y]);
    return out;
  }
  const rng = Generator.fromSeed(seed);
  out.push(...arb.cornersAndEdges([w, h]));
  for (let i = 0; i < random; i++) out.push([rng.integers(w), rng.integers(h)]);
  const rows = new Set<number>([h - 1, h - 2]);
  for (const k of [2 ** 7, 2 ** 8, 2 ** 15, 2 ** 16, 2 ** 24]) {
    const y = Math.ceil(k / w);
    for (const r of [y - 1, y, y + 1]) rows.add(r);
  }
  for (const y of rows) {
    if (y < 0 || y >= h) continue;
    for (const x of new Set([0, 1, Math.floor(w / 2), w - 1, rng.integers(w), rng.integers(w)])) out.push([x, y]);
  }
  return out;
}

/** Positions just off a grid: one cell beyond each edge and corner, beyond the far edge on the middle row/column, and far away. */
export function offGridProbes([w, h]: arb.GridSpec): [number, number][] {
  const mx = Math.floor(w / 2);
  const my = Math.floor(h / 2);
  return [[-1, 0], [0, -1], [w, 0], [0, h], [w, h - 1], [w - 1, h], [w, h], [-1, h - 1], [w, my], [mx, h], [-1, my], [mx, -1], [w + 1000, 0], [0, h + 1000]];
}

function shuffle<T>(items: T[], rng: Generator): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.integers(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Runs the ConcentrationField suite and returns its report. */
export function checkConcentrationField<P>(factory: ConcentrationFieldFactory<P>, options?: ConcentrationFieldOptions): SuiteReport {
  return planConcentrationField(factory, options).run();
}

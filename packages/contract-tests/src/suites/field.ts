/** The ConcentrationField suite (`field.*`, CHECKS.md §4). */
import type { ConcentrationField } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { fail, guard, planSuite, type CheckDefinition, type SuitePlan } from "../engine.js";
import { roundHalfEven } from "../kit.js";
import { concentrationFieldOptionsSchema, resolveOptions, type ConcentrationFieldOptions } from "../options.js";
import { trapped } from "../probes/trap.js";
import { diffSnapshot, isPlainObject, render, snapshot, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { checkProtocolShape, create, subjectName, requireFactory } from "./common.js";

export type ConcentrationFieldFactory<P = unknown> = (params?: P) => ConcentrationField;

const MAX_EXHAUSTIVE = 64 * 64;

interface Instance {
  readonly index: number;
  readonly params: unknown;
  make(): ConcentrationField;
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
  const label = (inst: Instance) => (paramList.length > 1 || inst.params !== undefined ? `field with params ${render(inst.params, 120)}` : "field");

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
  const gaussianInstances = (ctx: { skip(reason: string): never }): { inst: Instance; f: ConcentrationField; g: GaussianInfo; grid: arb.GridSpec }[] => {
    const list = instances.flatMap((inst) => {
      const f = inst.make();
      const g = gaussianInfo(f);
      return g === undefined ? [] : [{ inst, f, g, grid: gridOf(f) }];
    });
    if (list.length === 0) ctx.skip("no instance declares a Gaussian profile (metadata source_location and sigma)");
    return list;
  };
  const inGrid = ([w, h]: arb.GridSpec, x: number, y: number) => x >= 0 && x < w && y >= 0 && y < h;
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
        for (const i of instances) {
          const f = i.make();
          for (const [x, y] of cellsOf(gridOf(f), ctx.seed)) {
            for (const t of [undefined, 0, 5]) {
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
      },
    },
    {
      id: "field.array-shape",
      run(ctx) {
        let ran = false;
        for (const i of instances) {
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
        for (const i of instances) {
          const f = i.make();
          if (!(f.fieldArray instanceof Float32Array) || f.gridSize === undefined) continue;
          ran = true;
          const [w, h] = gridOf(f);
          if (w !== h) nonSquare = true;
          const arr = f.fieldArray;
          for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
              const v = sample(f, x, y);
              if (!Object.is(arr[y * w + x], v)) {
                fail(`${label(i)}: fieldArray[${y} * ${w} + ${x}] = ${arr[y * w + x]} but sample(${x}, ${y}) = ${render(v)}: the array must be row-major [y][x] with shape [height, width]`);
              }
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
      id: "field.gaussian.max-at-source",
      run(ctx) {
        for (const { inst: i, f, g, grid } of gaussianInstances(ctx)) {
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
        const list = gaussianInstances(ctx);
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
        const list = gaussianInstances(ctx);
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

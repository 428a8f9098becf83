/** The VectorField / wind suite (`wind.*`, CHECKS.md §5). */
import { Coordinates, ndarray, type PointLike, type VectorField } from "@plume/core-types";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { fail, guard, planSuite, type CheckDefinition, type SuitePlan } from "../engine.js";
import { resolveOptions, vectorFieldOptionsSchema, type VectorFieldOptions } from "../options.js";
import { HiddenNondeterminismError, trapped } from "../probes/trap.js";

const HIDDEN = Symbol("hidden");
import { deepFreeze, diffSnapshot, exactDiff, isFrozenWriteError, render, snapshot, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { explainNotContained } from "../spaces-util.js";
import { checkProtocolShape, create, getMetadata, subjectName, requireFactory } from "./common.js";
import { FAR_STEPS, FAR_STEPS_AFTER_MS, longRunSteps } from "../fields.js";

export type VectorFieldFactory = () => VectorField;

/** Builds the VectorField suite without running it. */
export function planVectorField(factory: VectorFieldFactory, rawOptions?: VectorFieldOptions): SuitePlan {
  requireFactory(factory, "checkVectorField", "windField");
  const { options, settings } = resolveOptions(vectorFieldOptionsSchema, "vector-field", rawOptions);
  const fresh = () => create(factory);
  const grid = (options.gridSize ?? [32, 32]) as arb.GridSpec;
  const runs = settings.numRuns;
  const positions = fc.oneof(arb.pos(grid), arb.offgrid(grid));
  // the size ladder (issue 20, class 2): positions on grids up to 10,000 wide, where tables indexed by narrow
  // integers (a Uint8 column, an Int16 cell index) wrap or run off their end
  const ladderPositions = arb.ladderGrid().chain((g) => arb.pos(g));
  const widePositions = fc.oneof({ arbitrary: positions, weight: 3 }, { arbitrary: ladderPositions, weight: 1 });
  const point = ([x, y]: readonly [number, number]): PointLike => (Number.isSafeInteger(x) && Number.isSafeInteger(y) ? new Coordinates(x, y) : { x, y });
  const sample = (f: VectorField, p: PointLike): unknown => guard(`sample(${render(p)})`, () => f.sample(p));
  const field = (f: VectorField, cells: readonly (readonly [number, number])[]) => cells.map((c) => sample(f, point(c)));
  const cells = (seedCells: number): [number, number][] => [...arb.cornersAndEdges(grid), ...fc.sample(arb.pos(grid), { seed: seedCells, numRuns: 24 }).map((p) => [p[0], p[1]] as [number, number])];

  const checks: CheckDefinition[] = [
    {
      id: "wind.protocol-shape",
      run() {
        const f = fresh();
        checkProtocolShape(f, "VectorField", { methods: ["sample"], optionalMethods: ["reset", "advanceToStep", "getMetadata"] });
        if (f.sample.length >= 2) fail(`sample declares ${f.sample.length} parameters; the protocol is sample(position) with one { x, y } argument`);
      },
    },
    {
      id: "wind.vector-shape",
      run(ctx) {
        ctx.property(arb.pos(grid), (p) => {
          const v = sample(fresh(), point(p));
          if (!(v instanceof Float32Array)) fail(`sample(${render(p)}) returned ${render(v)} (a ${typeName(v)}), not a Float32Array [vx, vy]`, v);
          if (v.length !== 2) fail(`sample(${render(p)}) returned ${v.length} components, not 2`, v);
        });
      },
    },
    {
      id: "wind.finite",
      run(ctx) {
        // every cell of the grid (a singular point such as a vortex centre sits on one cell)
        const all = fresh();
        for (let y = 0; y < grid[1]; y++) {
          for (let x = 0; x < grid[0]; x++) {
            const v = sample(all, point([x, y]));
            const items = v instanceof Float32Array || Array.isArray(v) ? Array.from(v as ArrayLike<number>) : [];
            items.forEach((c, i) => {
              if (!Number.isFinite(c)) fail(`sample(${render({ x, y })})[${i}] is ${c}: both components must be finite at every cell`, v);
            });
          }
        }
        ctx.property(widePositions, (p) => {
          const v = sample(fresh(), point(p));
          const items = v instanceof Float32Array || Array.isArray(v) ? Array.from(v as ArrayLike<number>) : [];
          items.forEach((c, i) => {
            if (!Number.isFinite(c)) fail(`sample(${render(p)})[${i}] is ${c}: both components must be finite on and off the grid, on grids of any size`, v);
          });
        });
        // and at every rung of the size ladder: its corners, edges and the cells where narrow integer indices wrap
        const onLadder = fresh();
        for (const g of arb.sizeLadder()) {
          const [w, h] = g;
          const cols = [...new Set([w - 1, 127, 128, 255, 256, 32767, 32768].filter((x) => x < w))];
          const rows = [...new Set([h - 1, 127, 128, 255, 256].filter((y) => y < h))];
          for (const [x, y] of [...arb.cornersAndEdges(g), ...cols.map((x) => [x, 0] as [number, number]), ...rows.map((y) => [0, y] as [number, number])]) {
            const v = sample(onLadder, point([x, y]));
            const items = v instanceof Float32Array || Array.isArray(v) ? Array.from(v as ArrayLike<number>) : [];
            items.forEach((c, i) => {
              if (!Number.isFinite(c)) fail(`sample(${render({ x, y })})[${i}] is ${c} (the ${w}x${h} grid of the size ladder): both components must be finite at every position`, v);
            });
          }
        }
      },
    },
    {
      id: "wind.determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(positions, (p) => {
          const f = fresh();
          const a = guard(`sample(${render(p)})`, () => trapped(() => f.sample(point(p))));
          const b = guard(`sample(${render(p)})`, () => trapped(() => f.sample(point(p))));
          const d = exactDiff(a, b, "vector");
          if (d !== undefined) fail(`two samples at ${render(p)} differ: ${d}`);
        });
      },
    },
    {
      id: "wind.returns-copy",
      run() {
        const fields: VectorField[] = [fresh()];
        const advanced = fresh();
        if (typeof advanced.advanceToStep === "function") {
          guard("advanceToStep(3)", () => (advanced.advanceToStep as (k: number) => void)(3));
          fields.push(advanced);
        }
        for (const f of fields)
        for (const c of arb.cornersAndEdges(grid)) {
          const p = point(c);
          const first = sample(f, p);
          if (!(first instanceof Float32Array) && !Array.isArray(first)) continue;
          const before = Array.from(first as ArrayLike<number>);
          const control = sample(f, p) as ArrayLike<number>;
          if (Array.from(control).some((v, i) => !Object.is(v, before[i]))) continue; // nondeterministic: wind.determinism's failure
          (first as Float32Array)[0] = 99;
          if ((first as Float32Array).length > 1) (first as Float32Array)[1] = 99;
          const again = sample(f, p) as ArrayLike<number>;
          const after = Array.from(again);
          if (after.some((v, i) => !Object.is(Math.fround(v), Math.fround(before[i] as number)))) {
            fail(`after writing 99 into a returned vector, sample(${render(p)}) returns ${render(after)} instead of ${render(before)}: return a new array each call`);
          }
        }
      },
    },
    {
      id: "wind.purity",
      run(ctx) {
        ctx.property(positions, (p) => {
          const pos = { x: p[0], y: p[1] };
          const snap = snapshot(pos, undefined, "position");
          guard("sample(position)", () => {
            try {
              return fresh().sample(pos);
            } catch (error) {
              if (isFrozenWriteError(error)) fail(`sample tried to write to its (frozen) position: ${(error as Error).message}`);
              throw error;
            }
          });
          const d = diffSnapshot(snap, pos, undefined, "position");
          if (d !== undefined) fail(`sample mutated its position argument: ${d}`);
          const frozen = deepFreeze({ x: p[0], y: p[1] });
          guard("sample(frozen position)", () => {
            try {
              return fresh().sample(frozen);
            } catch (error) {
              if (isFrozenWriteError(error)) fail(`sample tried to write to its (frozen) position: ${(error as Error).message}`);
              throw error;
            }
          });
        });
      },
    },
    {
      id: "wind.reset-determinism",
      run(ctx) {
        if (typeof fresh().reset !== "function") ctx.skip("the field has no reset");
        const where = cells(ctx.seed);
        ctx.property(
          arb.seed(),
          (seed) => {
            const a = fresh();
            const b = fresh();
            const run = (f: VectorField) => {
              guard(`reset(${seed})`, () => trapped(() => (f.reset as (s?: number) => void)(seed)));
              const out: unknown[] = [field(f, where)];
              if (typeof f.advanceToStep === "function") {
                for (const k of [1, 2, 3]) {
                  guard(`advanceToStep(${k})`, () => trapped(() => (f.advanceToStep as (k: number) => void)(k)));
                  out.push(field(f, where));
                }
              }
              return out;
            };
            const d = exactDiff(run(a), run(b), "samples");
            if (d !== undefined) fail(`two fields reset with seed ${seed} differ: ${d}`);
            // the same instance reset again with the same seed replays the same samples
            const d2 = exactDiff(run(a), run(fresh()), "samples");
            if (d2 !== undefined) fail(`a field reset with seed ${seed} a second time (after advancing) differs from a fresh field reset with ${seed}: ${d2}`);
          },
          { numRuns: Math.max(5, Math.ceil(runs / 5)) },
        );
      },
    },
    {
      id: "wind.time-hook",
      run(ctx) {
        if (typeof fresh().advanceToStep !== "function") ctx.skip("the field has no advanceToStep");
        const where = cells(ctx.seed);
        const adv = (f: VectorField, k: number) => guard(`advanceToStep(${k})`, () => trapped(() => (f.advanceToStep as (k: number) => void)(k)));
        const a = fresh();
        for (const k of [0, 1, 1, 5, 3]) {
          adv(a, k);
          const values = field(a, where);
          adv(a, k);
          const d = exactDiff(values, field(a, where), "samples");
          if (d !== undefined) fail(`advanceToStep(${k}) twice differs from once (it must set the step, not increment it): ${d}`);
          const direct = fresh();
          adv(direct, k);
          const d2 = exactDiff(values, field(direct, where), "samples");
          if (d2 !== undefined) fail(`after a sequence of advances, step ${k} differs from a fresh field advanced straight to ${k}: ${d2}`);
        }
      },
    },
    {
      id: "wind.history-independence",
      run(ctx) {
        if (ctx.capabilities.stateful === true) return ctx.skip("capabilities.stateful is declared");
        // one instance over 600 varied positions gives what a fresh instance gives at each
        const f = fresh();
        const long = fc.sample(widePositions, { seed: ctx.seed, numRuns: 600 });
        const quiet = (g: VectorField, p: readonly [number, number]): unknown => {
          try {
            return trapped(() => g.sample(point(p)));
          } catch (error) {
            if (error instanceof HiddenNondeterminismError) return HIDDEN;
            return sample(g, point(p));
          }
        };
        long.forEach((p, k) => {
          const got = quiet(f, p);
          const want = quiet(fresh(), p);
          // hidden randomness, or instances that differ from birth: other checks' findings, not history
          if (got === HIDDEN || want === HIDDEN || exactDiff(want, quiet(fresh(), p)) !== undefined) return;
          const d = exactDiff(got, want, "vector");
          if (d !== undefined) fail(`sample ${k + 1} on one instance, at ${render(p)}, differs from a fresh instance's (${d}): the vector depends on earlier calls, not on the position and step`);
        });
      },
    },
    {
      id: "wind.time-long-run",
      run(ctx) {
        const probe = fresh();
        if (typeof probe.advanceToStep !== "function") return ctx.skip("the field has no advanceToStep");
        const where = cells(ctx.seed).slice(0, 12);
        const adv = (f: VectorField, k: number) => guard(`advanceToStep(${k})`, () => trapped(() => (f.advanceToStep as (k: number) => void)(k)));
        const marks = longRunSteps(typeof probe.getMetadata === "function" ? getMetadata(probe) : undefined);
        const isMark = new Set(marks);
        // every step to 5,000 (a glitch at one entry of a table shows), then the landmarks beyond
        const ladder = [...new Set([...Array.from({ length: 5001 }, (_, k) => k), ...marks])].sort((a, b) => a - b);
        const f = fresh();
        let previous = 0;
        const started = performance.now();
        // past 10,000, where 16-bit step counters wrap: only for winds cheap to advance (machine-speed dependent)
        for (const k of [...ladder, ...FAR_STEPS]) {
          if (k === FAR_STEPS[0] && performance.now() - started > FAR_STEPS_AFTER_MS) break;
          adv(f, k);
          for (const c of isMark.has(k) ? where : where.slice(0, 4)) {
            const v = sample(f, point(c));
            const items = v instanceof Float32Array || Array.isArray(v) ? Array.from(v as ArrayLike<number>) : [Number.NaN];
            items.forEach((x, i) => {
              if (!Number.isFinite(x)) fail(`after advanceToStep(${k}) (from ${previous}), sample(${render(c)})[${i}] is ${x}: vectors must stay finite through long episodes and past any recorded frames`, v);
            });
          }
          previous = k;
        }
        // across a reset: the same instance replays what a fresh one gives
        if (typeof f.reset === "function") {
          guard("reset(7)", () => (f.reset as (s?: number) => void)(7));
          const g = fresh();
          if (typeof g.reset === "function") guard("reset(7)", () => (g.reset as (s?: number) => void)(7));
          for (const k of [0, 1, 2, 50]) {
            adv(f, k);
            adv(g, k);
            const d = exactDiff(field(f, where), field(g, where), "samples");
            if (d !== undefined) fail(`after a long run, reset(7) and advanceToStep(${k}) differ from a fresh field's: ${d}`);
          }
        }
      },
    },
    {
      id: "wind.sensor-range",
      run(ctx) {
        const space = options.sensorSpace;
        if (space === undefined) return ctx.skip("no paired sensor space (options.sensorSpace)");
        if (options.sensorClamps === true) ctx.skip("the paired sensor clamps vectors itself (options.sensorClamps)");
        ctx.property(positions, (p) => {
          const v = sample(fresh(), point(p));
          if (!(v instanceof Float32Array)) return;
          const obs = ndarray("float32", [v.length], v);
          const why = explainNotContained(space, obs, "vector");
          if (why !== undefined) fail(`the wind at ${render(p)} does not fit the paired sensor's space: ${why} (clamp in the sensor or bound the field)`, obs);
        });
      },
    },
  ];
  return planSuite("vector-field", subjectName(factory, options.name, "VectorField"), settings, checks);
}

/** Runs the VectorField suite and returns its report. */
export function checkVectorField(factory: VectorFieldFactory, options?: VectorFieldOptions): SuiteReport {
  return planVectorField(factory, options).run();
}

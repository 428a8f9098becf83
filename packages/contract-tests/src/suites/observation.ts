/** The ObservationModel suite (`obs.*`, CHECKS.md §1). */
import { Coordinates, GridSize, hasObservationBatch, type BatchObservationModel, type EnvState, type ObservationModel } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import * as batch from "../batch.js";
import { KitPlume, KitWind } from "../fields.js";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { fail, guard, planSuite, type CheckDefinition, type SuitePlan } from "../engine.js";
import { observationModelOptionsSchema, resolveOptions, type ObservationModelOptions } from "../options.js";
import { HiddenNondeterminismError, trapped } from "../probes/trap.js";
import { deepFreeze, diffSnapshot, exactDiff, isFrozenWriteError, isNDArrayLike, isPlainObject, numericLeaves, render, snapshot } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { applyStateExtensions } from "../state-extensions.js";
import { boxView, dtypeProblem, explainNotContained, spaceLabel, structureProblem, type AnySpace } from "../spaces-util.js";
import {
  checkMetadataJson,
  checkMetadataType,
  checkProtocolShape,
  checkSpaceValid,
  create,
  getMetadata,
  metaParam,
  readSpace,
  subjectName,
  requireFactory,
} from "./common.js";

/** What the suites accept as a sensor: any `ObservationModel` (its state type may extend `EnvState`). */
export type AnyObservationModel = ObservationModel<unknown, EnvState>;
export type ObservationModelFactory = () => AnyObservationModel;

/** Ladder grids up to this many cells (1024 x 1024) get full env states (a dense plume_field of 4 MB at most). */
const LADDER_DENSE_CELLS = 1 << 20;
/** Random ladder states (a dense field built per state) stay on grids up to this many cells. */
const LADDER_PROPERTY_CELLS = 100_000;

const EDGE_GRIDS: readonly arb.GridSpec[] = [
  [1, 1],
  [1, 7],
  [7, 1],
  [13, 9],
  [32, 32],
];



/** Builds the ObservationModel suite without running it (the vitest binding runs one `it` per check). */
export function planObservationModel(factory: ObservationModelFactory, rawOptions?: ObservationModelOptions): SuitePlan {
  requireFactory(factory, "checkObservationModel", "sensor");
  const { options, settings } = resolveOptions(observationModelOptionsSchema, "observation-model", rawOptions);
  const extend = options.extendState;
  const extensions = options.stateExtensions ?? [];
  const finish = (base: EnvState): EnvState => {
    const state = extensions.length === 0 ? base : applyStateExtensions(base, extensions);
    return extend === undefined ? state : guard("options.extendState(state)", () => extend(state));
  };
  const build = (spec: arb.EnvStateSpec): EnvState => finish(arb.buildEnvState(spec));
  const fresh = () => create(factory);
  const space = (m: AnyObservationModel) => readSpace(m, "observationSpace");
  const observe = (m: AnyObservationModel, state: EnvState) => guard("getObservation(envState)", () => m.getObservation(state));
  /** Declared stateful (capabilities.stateful) or offering reset(): history is allowed, reset() must clear it. */
  const isStateful = (m: AnyObservationModel) => settings.capabilities.stateful === true || typeof m.reset === "function";
  const resetIfStateful = (m: AnyObservationModel) => {
    if (typeof m.reset === "function") guard("reset()", () => (m.reset as () => void)());
  };
  const envStates = arb.envState();
  /** An observation with the trap set: HIDDEN when the sensor used hidden randomness or the clock (obs.determinism's finding). */
  const HIDDEN = Symbol("hidden");
  const observeUntrapped = (m: AnyObservationModel, state: EnvState): unknown => {
    try {
      return trapped(() => m.getObservation(state));
    } catch (error) {
      if (error instanceof HiddenNondeterminismError) return HIDDEN;
      return guard("getObservation(envState)", () => {
        throw error;
      });
    }
  };
  const describeSpec = (spec: arb.EnvStateSpec) => describeEnvStateSpec(spec);

  // ---- The size ladder (issue 20, class 2) ----
  /**
   * The plume of a ladder grid, built once per suite run and shared by the states on that grid (a dense
   * field of millions of cells is too slow to rebuild per observation; obs.purity checks sensors leave it alone).
   */
  const ladderPlumes = new Map<string, { readonly field: KitPlume; readonly dense: Float32Array | undefined }>();
  const ladderPlume = ([w, h]: arb.GridSpec, dense: boolean) => {
    const key = `${w}x${h}${dense ? "" : " sampled"}`;
    let plume = ladderPlumes.get(key);
    if (plume === undefined) {
      const source: [number, number] = [Math.floor(w / 3), Math.floor((2 * h) / 3)];
      const sigma = Math.max(1, Math.min(w, h) / 5);
      const field = new KitPlume(new GridSize(w, h), { kind: dense ? "gaussian" : "moving", source, source2: source, sigma }, 0);
      plume = { field, dense: dense ? field.fieldArray : undefined };
      ladderPlumes.set(key, plume);
    }
    return plume;
  };
  /** True when the sensor declares required_state_keys without plume_field (it may then be given a state without a dense field). */
  const noDenseField = (): boolean => {
    if (extensions.length > 0 || extend !== undefined) return false;
    let meta: unknown;
    try {
      meta = fresh().getMetadata();
    } catch {
      return false; // obs.metadata-type reports it
    }
    const keys = isPlainObject(meta) ? meta["required_state_keys"] : undefined;
    return Array.isArray(keys) && keys.every((k) => typeof k === "string") && !keys.includes("plume_field");
  };
  /**
   * An env state on a ladder grid with the agent at (x, y) and the goal at `goal`. Up to LADDER_DENSE_CELLS
   * it has every key (a dense plume_field); above that only a sensor that declares required_state_keys
   * without plume_field is given a state, with every other key and a plume sampled per call (no
   * fieldArray) — undefined for other sensors.
   */
  const ladderState = (g: arb.GridSpec, x: number, y: number, orientation: number, goal: readonly [number, number], step: number, sparse: boolean): EnvState | undefined => {
    const [w, h] = g;
    const dense = w * h <= LADDER_DENSE_CELLS;
    if (!dense && !sparse) return undefined;
    const { field, dense: array } = ladderPlume(g, dense);
    const full = {
      agent_state: arb.buildAgent({ x, y, orientation, step_count: step, total_reward: 0, goal_reached: false }),
      plume_field: array,
      concentration_field: field,
      wind_field: new KitWind({ kind: "varying", speed: 2, phase: 0.5 }, step),
      goal_location: new Coordinates(goal[0], goal[1]),
      grid_size: new GridSize(w, h),
      step_count: step,
      max_steps: step + 500,
      rng: Generator.fromSeed(7),
    };
    if (dense) return finish(full as EnvState);
    const { plume_field: _dense, ...rest } = full;
    return rest as unknown as EnvState;
  };
  /** A fresh sensor's observation at every ladder visit, judged by `judge` (a violation names the grid and position). */
  const judgeOnLadder = (orientations: readonly number[], cornersOnly: boolean, judge: (s: AnySpace, obs: unknown, path: string) => string | undefined) =>
    ladderVisits(orientations, cornersOnly, (state, where) => {
      const m = fresh();
      resetIfStateful(m);
      const obs = guard(`getObservation with ${where}`, () => m.getObservation(state));
      const why = judge(space(m), obs, "observation");
      if (why !== undefined) fail(`${where}: ${why}`, obs);
    });
  /** Every ladder grid's corners and edge midpoints (or only its corners), the goal at the opposite side. */
  const ladderVisits = (orientations: readonly number[], cornersOnly: boolean, visit: (state: EnvState, where: string) => void) => {
    const sparse = noDenseField();
    // state extensions and extendState run per state (an obstacle map of the grid's size, say): the large
    // grids would cost the user's extension millions of cells per visit, so they stop at LADDER_PROPERTY_CELLS
    const extended = extensions.length > 0 || extend !== undefined;
    for (const g of arb.sizeLadder(extended ? LADDER_PROPERTY_CELLS : undefined)) {
      const [w, h] = g;
      const spots = arb.cornersAndEdges(g).slice(0, cornersOnly ? 4 : 8);
      for (const [x, y] of spots) {
        for (const orientation of orientations) {
          const goal: [number, number] = [w - 1 - x, h - 1 - y];
          const step = 3 + ((x + y) % 2) * 1000;
          const state = ladderState(g, x, y, orientation, goal, step, sparse);
          if (state === undefined) break;
          visit(state, `the agent at (${x}, ${y}) facing ${orientation}° on a ${w}x${h} grid (goal at (${goal[0]}, ${goal[1]}), step ${step}${w * h > LADDER_DENSE_CELLS ? ", no plume_field (the sensor does not require it)" : ""})`);
        }
      }
    }
  };
  const runs = settings.numRuns;
  const isOpaque = (state: EnvState) => (v: object) => v === state.rng;

  const checks: CheckDefinition[] = [
    {
      id: "obs.protocol-shape",
      run() {
        checkProtocolShape(fresh(), "ObservationModel", {
          accessors: ["observationSpace"],
          methods: ["getObservation", "getMetadata"],
          optionalMethods: ["reset"],
        });
      },
    },
    {
      id: "obs.space-valid",
      run(ctx) {
        checkSpaceValid(ctx, guard("reading observationSpace", () => fresh().observationSpace), "observationSpace", () => fresh().observationSpace);
      },
    },
    {
      id: "obs.space-stable",
      run() {
        const m = fresh();
        const a = space(m);
        const b = guard("reading observationSpace", () => m.observationSpace);
        if (a !== b) fail("two reads of observationSpace returned different objects: the getter must return the same instance every time (build the space once, in the constructor)");
        resetIfStateful(m);
        for (let i = 0; i < 10; i++) observe(m, build(arb.defaultEnvStateSpec({ agent: { x: i, y: 10 - i, orientation: 0, step_count: i, total_reward: 0, goal_reached: false } })));
        if (guard("reading observationSpace", () => m.observationSpace) !== a) fail("observationSpace returned a different object after 10 observations");
      },
    },
    {
      id: "obs.space-unchanged",
      run(ctx) {
        ctx.property(
          envStates,
          (spec) => {
            const m = fresh();
            const s = space(m);
            const before = describeSpaceState(s);
            resetIfStateful(m);
            observe(m, build(spec));
            observe(m, build(spec));
            const after = describeSpaceState(s);
            if (before !== after) fail(`the observation space changed after getObservation: before ${before}, after ${after}`);
          },
          { describe: describeSpec },
        );
      },
    },
    {
      id: "obs.space-containment",
      run(ctx) {
        const check = (m: AnyObservationModel, state: EnvState) => {
          const obs = observe(m, state);
          const why = explainNotContained(space(m), obs, "observation");
          if (why !== undefined) fail(why, obs);
        };
        ctx.property(
          envStates,
          (spec) => {
            const m = fresh();
            resetIfStateful(m);
            check(m, build(spec));
          },
          { describe: describeSpec },
        );
        // a longer sequence on one instance (stateful sensors: history buffers)
        const m = fresh();
        resetIfStateful(m);
        const samples = fc.sample(envStates, { seed: ctx.seed, numRuns: 30 });
        samples.forEach((spec) => check(m, build(spec)));
        // the size ladder: random states on ladder grids, then the corners of every ladder grid
        ctx.property(
          arb.envState(arb.ladderGrid(LADDER_PROPERTY_CELLS)),
          (spec) => {
            const m = fresh();
            resetIfStateful(m);
            check(m, build(spec));
          },
          { describe: describeSpec, numRuns: Math.max(5, Math.ceil(runs / 10)) },
        );
        judgeOnLadder([0], true, explainNotContained);
      },
    },
    {
      id: "obs.shape-consistency",
      run(ctx) {
        const check = (spec: arb.EnvStateSpec) => {
          const m = fresh();
          resetIfStateful(m);
          const obs = observe(m, build(spec));
          const why = structureProblem(space(m), obs, "observation");
          if (why !== undefined) fail(why, obs);
        };
        check(arb.defaultEnvStateSpec());
        ctx.property(envStates, check, { describe: describeSpec, numRuns: Math.max(10, Math.ceil(runs / 2)) });
        // the size ladder: the observation's structure must not change with the grid
        judgeOnLadder([0], true, structureProblem);
      },
    },
    {
      id: "obs.dtype-consistency",
      run(ctx) {
        const check = (spec: arb.EnvStateSpec) => {
          const m = fresh();
          resetIfStateful(m);
          const obs = observe(m, build(spec));
          const why = dtypeProblem(space(m), obs, "observation");
          if (why !== undefined) fail(why, obs);
        };
        check(arb.defaultEnvStateSpec());
        ctx.property(envStates, check, { describe: describeSpec, numRuns: Math.max(10, Math.ceil(runs / 2)) });
      },
    },
    {
      id: "obs.finite",
      run(ctx) {
        ctx.property(
          envStates,
          (spec) => {
            const m = fresh();
            resetIfStateful(m);
            const obs = observe(m, build(spec));
            for (const [path, v] of numericLeaves(obs, "observation")) {
              if (v === Infinity || v === -Infinity) fail(`${path} is ${v}: observations must be finite, even when the space is unbounded`, obs);
            }
          },
          { describe: describeSpec },
        );
      },
    },
    {
      id: "obs.realistic-states",
      run(ctx) {
        // what long episodes on real grids supply: step counts far past 1,000 (past int16 and uint16, up to
        // 2^31 - 1), ladder grids, plumes without fieldArray, winds above 1
        ctx.property(
          arb.envState(fc.oneof(arb.grid(), arb.ladderGrid(LADDER_PROPERTY_CELLS)), arb.longStepCount()),
          (spec) => {
            const m = fresh();
            resetIfStateful(m);
            const obs = observe(m, build(spec));
            const s = space(m);
            const why = explainNotContained(s, obs, "observation") ?? structureProblem(s, obs, "observation") ?? dtypeProblem(s, obs, "observation");
            if (why !== undefined) fail(why, obs);
            for (const [path, v] of numericLeaves(obs, "observation")) {
              if (v === Infinity || v === -Infinity) fail(`${path} is ${v}: observations must be finite`, obs);
            }
          },
          { describe: describeSpec, numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
      },
    },
    {
      id: "obs.determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const probe = fresh();
        if (typeof probe.reset === "function") {
          ctx.note("stateful sensor: checked as reset() + the same state sequence -> the same observation sequence");
          ctx.property(
            fc.array(envStates, { minLength: 1, maxLength: 5 }),
            (specs) => {
              const m = fresh();
              const runOnce = () =>
                trapped(() => {
                  (m.reset as () => void)();
                  return specs.map((spec) => m.getObservation(build(spec)));
                });
              const a = guard("reset() + getObservation(envState)", runOnce);
              const b = guard("reset() + getObservation(envState)", runOnce);
              const d = exactDiff(a, b, "observations");
              if (d !== undefined) fail(`the same reset() and states gave different observations: ${d}`);
            },
            { numRuns: Math.max(10, Math.ceil(runs / 2)) },
          );
          return;
        }
        ctx.property(
          envStates,
          (spec) => {
            const m = fresh();
            const a = guard("getObservation(envState)", () => trapped(() => m.getObservation(build(spec))));
            const b = guard("getObservation(envState)", () => trapped(() => m.getObservation(build(spec))));
            const d = exactDiff(a, b, "observation");
            if (d !== undefined) fail(`the same env state (with a generator in the same state) gave different observations: ${d}`);
          },
          { describe: describeSpec },
        );
      },
    },
    {
      id: "obs.history-independence",
      run(ctx) {
        const stateful = isStateful(fresh());
        if (stateful && typeof fresh().reset !== "function") fail("capabilities.stateful is declared but the sensor has no reset(): a stateful sensor must offer reset() to start an episode afresh");
        const compare = (used: AnyObservationModel, specs: readonly arb.EnvStateSpec[], what: string) => {
          // stateless: each state on one instance equals a fresh instance on that state alone;
          // stateful: after reset() the sequence equals a fresh instance (reset) fed the same sequence
          const clean = fresh();
          resetIfStateful(clean);
          specs.forEach((spec, k) => {
            const got = observeUntrapped(used, build(spec));
            const want = observeUntrapped(stateful ? clean : fresh(), build(spec));
            if (got === HIDDEN || want === HIDDEN) return; // hidden randomness: obs.determinism reports it
            const d = exactDiff(got, want, "observation");
            // instances that differ from birth (e.g. seeded at construction) are another check's finding, not history
            if (d !== undefined && !stateful && exactDiff(want, observeUntrapped(fresh(), build(spec))) !== undefined) return;
            if (d !== undefined) {
              fail(
                stateful
                  ? `after ${what} and reset(), observation ${k + 1} differs from a fresh instance's (${d}): reset() must restore the initial state`
                  : `call ${k + 1} on one instance (after ${what}) differs from a fresh instance on the same state (${d}): the observation depends on earlier calls (a cache keyed on the wrong thing, a counter, drift); declare capabilities.stateful and offer reset() if the sensor keeps history`,
              );
            }
          });
        };
        // one long run (600 varied states) on one instance
        const long = fc.sample(envStates, { seed: ctx.seed, numRuns: 600 });
        const m = fresh();
        resetIfStateful(m);
        if (stateful) {
          for (const spec of long.slice(0, 300)) observe(m, build(spec));
          resetIfStateful(m);
          compare(m, long.slice(300), "300 observations");
        } else compare(m, long, "no earlier calls");
        ctx.property(
          fc.tuple(fc.array(envStates, { minLength: 1, maxLength: 40 }), fc.array(envStates, { minLength: 1, maxLength: 20 })),
          ([before, after]) => {
            const used = fresh();
            resetIfStateful(used);
            for (const spec of before) observeUntrapped(used, build(spec));
            resetIfStateful(used);
            compare(used, after, `${before.length} observations`);
          },
          { numRuns: Math.max(3, Math.ceil(runs / 10)), describe: ([a, b]) => `${a.length} states, then ${stateful ? "reset() and " : ""}${b.length} states` },
        );
      },
    },
    {
      id: "obs.rng-undeclared",
      run(ctx) {
        const meta = getMetadata(fresh());
        const noise = metaParam(meta, "noise_std");
        if (ctx.capabilities.usesRng === true || (typeof noise === "number" && noise > 0)) return ctx.skip("the sensor declares randomness (capabilities.usesRng or parameters.noise_std > 0): obs.rng-only checks it");
        if (ctx.capabilities.nondeterministic === true) return ctx.skip("capabilities.nondeterministic is declared");
        // the very same env_state object, generator included, twice: equal unless randomness is declared
        ctx.property(
          envStates,
          (spec) => {
            const state = build(spec);
            const m = fresh();
            resetIfStateful(m);
            const a = observeUntrapped(m, state);
            const m2 = fresh();
            resetIfStateful(m2);
            const b = observeUntrapped(m2, state);
            if (a === HIDDEN || b === HIDDEN) return; // hidden randomness: obs.determinism reports it
            const d = exactDiff(a, b, "observation");
            if (d !== undefined) fail(`the same env_state object (its generator included) gave two different observations (${d}): the sensor draws from envState.rng without declaring it (set capabilities.usesRng, or parameters.noise_std > 0)`);
          },
          { describe: describeSpec },
        );
      },
    },
    {
      id: "obs.batch-agrees",
      run(ctx) {
        const probe = fresh();
        if (!hasObservationBatch(probe)) return ctx.skip("the sensor has no fillObservationBatch (the batch protocol is optional)");
        const box = boxView(space(probe));
        if (box === undefined || box.dtype !== "float32") fail(`fillObservationBatch exists but the observation space is ${spaceLabel(space(probe))}: the batch protocol is for float32 Box observations`);
        const size = box.shape.reduce((a, b) => a * b, 1);
        const SENTINEL = -7.25;
        ctx.property(
          batch.batchSpec(),
          (b) => {
            const { context, rngs, grid, wind } = batch.batchWorld(b);
            const agents = batch.agentBatch(b);
            const before = batch.copyAgents(agents);
            const out = new Float32Array(b.envs.length * size).fill(SENTINEL);
            const { indices, count } = batch.indicesOf(b);
            const m = fresh();
            resetIfStateful(m);
            guard("fillObservationBatch(out, agents, context, indices, count)", () => (m as unknown as BatchObservationModel).fillObservationBatch(out, agents, context, indices, count));
            // the object path: each listed environment's own env state, its plume at its step count, its own generator
            const objectRngs = b.envs.map((e) => Generator.fromSeed(e.rngSeed));
            const obj = fresh();
            resetIfStateful(obj);
            const expected = new Float32Array(out.length).fill(SENTINEL);
            for (const i of b.listed) {
              const e = b.envs[i] as batch.BatchEnvSpec;
              const field = new KitPlume(grid, { kind: b.plume, source: b.source, source2: b.source, sigma: b.sigma }, e.stepCount);
              const state: EnvState = {
                agent_state: batch.agentOf(b, i),
                plume_field: field.fieldArray ?? field.frame(e.stepCount),
                concentration_field: field,
                ...(wind !== undefined && { wind_field: wind }),
                goal_location: new Coordinates(context.goalX, context.goalY),
                grid_size: grid,
                step_count: e.stepCount,
                max_steps: context.maxSteps,
                rng: objectRngs[i] as Generator,
              };
              const obs = observe(obj, state);
              const data = isNDArrayLike(obs) ? obs.data : undefined;
              if (data === undefined || data.length !== size) fail(`getObservation returned ${render(obs, 120)}, not a float32 NDArray of ${size} numbers`);
              expected.set(Array.from(data as ArrayLike<number>, Number), i * size);
            }
            const mm = batch.compareRows("out", out, expected, size);
            if (mm !== undefined) {
              const listed = b.listed.includes(mm.env);
              fail(`${mm.what} (environment ${mm.env}): the batch wrote ${mm.batch} but ${listed ? `getObservation of environment ${mm.env}'s state gives ${mm.object}` : `environment ${mm.env} is not listed (indices[0..count)), so its slot must stay ${mm.object}`}: batch and object methods must agree bit for bit`);
            }
            for (const key of ["x", "y", "orientation", "prevX", "prevY", "stepCount", "totalReward", "distance"] as const) {
              const d = batch.compareRows(`agents.${key}`, agents[key], before[key], 1);
              if (d !== undefined) fail(`fillObservationBatch changed ${d.what} from ${d.object} to ${d.batch}: it must write only its output`);
            }
            for (const i of b.listed) {
              if (!Object.is((rngs[i] as Generator).random(), (objectRngs[i] as Generator).random())) {
                fail(`environment ${i}'s generator is in a different state after the batch than after getObservation (a different number of draws, or another environment's generator)`);
              }
            }
          },
          { describe: (b) => batch.describeBatch(b), numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
      },
    },
    {
      id: "obs.rng-only",
      run(ctx) {
        const meta = getMetadata(fresh());
        const noise = metaParam(meta, "noise_std");
        const declared = ctx.capabilities.usesRng === true || (typeof noise === "number" && noise > 0);
        if (!declared) ctx.skip("the sensor declares no randomness (capabilities.usesRng, or parameters.noise_std > 0)");
        let tried = 0;
        let differed = 0;
        const sequence = (spec: arb.EnvStateSpec, seed: number) => {
          const m = fresh();
          resetIfStateful(m);
          const state = build({ ...spec, rngSeed: seed });
          return guard("getObservation(envState)", () => trapped(() => Array.from({ length: 20 }, () => m.getObservation(state))));
        };
        ctx.property(
          fc.tuple(envStates, arb.seed(), arb.seed()).filter(([, a, b]) => a !== b),
          ([spec, seedA, seedB]) => {
            const a1 = sequence(spec, seedA);
            const a2 = sequence(spec, seedA);
            const d = exactDiff(a1, a2, "observations");
            if (d !== undefined) fail(`two generators seeded alike (${seedA}) gave different observations, so randomness comes from elsewhere: ${d}`);
            const b = sequence(spec, seedB);
            // a state may hide the noise (e.g. multiplicative noise on a zero reading): count the states that show it
            tried += 1;
            if (exactDiff(a1, b) !== undefined) differed += 1;
            // without a generator the sensor must not fall back to a private (unseeded) source
            const m = fresh();
            resetIfStateful(m);
            const { rng: _rng, ...rest } = build({ ...spec, rngSeed: seedA });
            const noRng = rest as unknown as EnvState;
            let first: unknown;
            let second: unknown;
            try {
              first = trapped(() => m.getObservation(noRng));
              second = trapped(() => m.getObservation(noRng));
            } catch (error) {
              if (error instanceof Error && error.name === "HiddenNondeterminismError") {
                fail(`with envState.rng absent the sensor fell back to ${(error as Error & { source?: string }).source ?? "a hidden source"}: randomness must come from envState.rng only`);
              }
              return; // refusing a state without rng is fine
            }
            const d2 = exactDiff(first, second, "observation");
            if (d2 !== undefined) fail(`with envState.rng absent, two calls on the same state differ (${d2}): the sensor uses a private generator`);
          },
          { numRuns: Math.max(5, Math.ceil(runs / 5)), describe: ([spec, a, b]) => `${describeEnvStateSpec(spec)}, seeds ${a} and ${b}` },
        );
        if (differed === 0) {
          fail(`on ${tried} env states, generators seeded differently never gave different observations (20 calls each): the declared randomness does not come from envState.rng`);
        }
      },
    },
    {
      id: "obs.purity",
      run(ctx) {
        const check = (spec: arb.EnvStateSpec) => {
          const m = fresh();
          resetIfStateful(m);
          const state = build(spec);
          const opaque = isOpaque(state);
          const snap = snapshot(state, opaque, "envState");
          observe(m, state);
          const d = diffSnapshot(snap, state, opaque, "envState");
          if (d !== undefined) fail(`getObservation mutated its input: ${d}`);
          const frozenState = build(spec);
          deepFreeze(frozenState, isOpaque(frozenState), "envState");
          const m2 = fresh();
          resetIfStateful(m2);
          try {
            m2.getObservation(frozenState);
          } catch (error) {
            if (isFrozenWriteError(error)) fail(`getObservation tried to write to its (deep-frozen) input: ${(error as Error).message}`);
            throw error;
          }
        };
        check(arb.defaultEnvStateSpec());
        ctx.property(envStates, check, { describe: describeSpec, numRuns: Math.max(10, Math.ceil(runs / 2)) });
      },
    },
    {
      id: "obs.no-aliasing",
      run(ctx) {
        ctx.property(
          fc.tuple(envStates, envStates),
          ([s1, s2]) => {
            const m = fresh();
            resetIfStateful(m);
            const a = observe(m, build(s1));
            const snap = snapshot(a, () => false, "observation");
            observe(m, build(s2));
            const d = diffSnapshot(snap, a, () => false, "observation");
            if (d !== undefined) fail(`an observation returned earlier changed after a later call (${d}): return a new array every call instead of reusing a buffer`);
          },
          { describe: ([a, b]) => `first ${describeEnvStateSpec(a)}; then ${describeEnvStateSpec(b)}` },
        );
      },
    },
    {
      id: "obs.edge-positions",
      run() {
        for (const g of EDGE_GRIDS) {
          const [w, h] = g;
          const centre: [number, number] = [Math.floor(w / 2), Math.floor(h / 2)];
          for (const [x, y] of arb.cornersAndEdges(g)) {
            for (const orientation of [0, 45, 90, 180, 270]) {
              const spec = arb.defaultEnvStateSpec({
                grid: g,
                agent: { x, y, orientation, step_count: 3, total_reward: 0, goal_reached: false },
                source: centre,
                goal: centre,
              });
              const m = fresh();
              resetIfStateful(m);
              const obs = guard(`getObservation at (${x}, ${y}) facing ${orientation} on ${w}x${h}`, () => m.getObservation(build(spec)));
              const why = explainNotContained(space(m), obs, "observation");
              if (why !== undefined) fail(`agent at (${x}, ${y}) facing ${orientation}° on a ${w}x${h} grid: ${why}`, obs);
            }
          }
        }
        // every corner and edge of the size ladder's grids, up to 10,000 cells wide
        judgeOnLadder([0, 90, 180, 270], false, explainNotContained);
      },
    },
    {
      id: "obs.required-keys",
      run(ctx) {
        const meta = getMetadata(fresh());
        if (!isPlainObject(meta) || meta["required_state_keys"] === undefined) return ctx.skip("metadata declares no required_state_keys");
        const keys = meta["required_state_keys"];
        if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string")) fail(`required_state_keys is ${render(keys)}, not an array of strings`);
        for (const spec of [arb.defaultEnvStateSpec(), arb.defaultEnvStateSpec({ grid: [9, 5], agent: { x: 6, y: 2, orientation: 90, step_count: 0, total_reward: 0, goal_reached: false }, source: [3, 1], goal: [3, 1], wind: null })]) {
          const full = build(spec) as unknown as Record<string, unknown>;
          const minimal: Record<string, unknown> = {};
          for (const k of keys as string[]) {
            if (!(k in full)) fail(`required_state_keys lists "${k}", which the env state does not have (keys: ${Object.keys(full).join(", ")}); give the kit the environment's stateExtensions (or extendState) for custom keys`);
            minimal[k] = full[k];
          }
          const m = fresh();
          resetIfStateful(m);
          const obs = guard(`getObservation on a state with only ${render(keys)}`, () => m.getObservation(minimal as unknown as EnvState));
          const why = explainNotContained(space(m), obs, "observation");
          if (why !== undefined) fail(`with only the required keys ${render(keys)}: ${why}`, obs);
        }
      },
    },
    {
      id: "obs.optional-absent",
      run(ctx) {
        const meta = getMetadata(fresh());
        if (!isPlainObject(meta) || meta["optional_state_keys"] === undefined) return ctx.skip("metadata declares no optional_state_keys");
        const keys = meta["optional_state_keys"];
        if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string")) fail(`optional_state_keys is ${render(keys)}, not an array of strings`);
        const drops: string[][] = [...(keys as string[]).map((k) => [k]), keys as string[]];
        for (const drop of drops) {
          const state = { ...(build(arb.defaultEnvStateSpec()) as unknown as Record<string, unknown>) };
          for (const k of drop) delete state[k];
          const m = fresh();
          resetIfStateful(m);
          const obs = guard(`getObservation without ${render(drop)}`, () => m.getObservation(state as unknown as EnvState));
          const why = explainNotContained(space(m), obs, "observation");
          if (why !== undefined) fail(`without the optional key(s) ${render(drop)}: ${why}`, obs);
        }
      },
    },
    {
      id: "obs.metadata-type",
      run() {
        checkMetadataType(getMetadata(fresh()));
      },
    },
    {
      id: "obs.metadata-fields",
      run() {
        const meta = getMetadata(fresh());
        if (!isPlainObject(meta)) fail(`getMetadata() returned ${render(meta)}, not a plain object`);
        if (typeof meta["modality"] !== "string") fail(`metadata.modality is ${render(meta["modality"])}, not a string (e.g. "olfactory")`);
        if (!isPlainObject(meta["parameters"])) fail(`metadata.parameters is ${render(meta["parameters"])}, not a plain object`);
        const keys = meta["required_state_keys"];
        if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string")) fail(`metadata.required_state_keys is ${render(keys)}, not an array of strings`);
      },
    },
    {
      id: "obs.metadata-json",
      run() {
        checkMetadataJson(getMetadata(fresh()));
      },
    },
  ];
  return planSuite("observation-model", subjectName(factory, options.name, "ObservationModel"), settings, checks);
}

/** Runs the ObservationModel suite and returns its report. */
export function checkObservationModel(factory: ObservationModelFactory, options?: ObservationModelOptions): SuiteReport {
  return planObservationModel(factory, options).run();
}

/** A readable one-line rendering of an env state spec. */
export function describeEnvStateSpec(spec: arb.EnvStateSpec): string {
  const a = spec.agent;
  return (
    `{grid ${spec.grid[0]}x${spec.grid[1]}, agent (${a.x}, ${a.y}) facing ${a.orientation}°, ` +
    `plume ${spec.plume} at (${spec.source[0]}, ${spec.source[1]})${spec.plume === "two-sources" ? ` and (${spec.source2[0]}, ${spec.source2[1]})` : ""} sigma ${spec.sigma}${spec.plume === "moving" ? " (no fieldArray)" : ""}, ` +
    `step_count ${spec.step_count}, max_steps ${spec.max_steps}, goal (${spec.goal[0]}, ${spec.goal[1]}), ` +
    `wind ${spec.wind === null ? "absent" : spec.wind.kind === "constant" ? `constant (${spec.wind.vx}, ${spec.wind.vy})` : `varying, speeds up to ${spec.wind.speed}`}, rng seed ${spec.rngSeed}}`
  );
}

function describeSpaceState(space: AnySpace): string {
  let json: string;
  try {
    json = JSON.stringify(space.toJSON());
  } catch {
    json = "(toJSON failed)";
  }
  return `${spaceLabel(space)} ${json}`;
}

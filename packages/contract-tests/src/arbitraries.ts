/**
 * The kit's fast-check generators (CHECKS.md §0 "Generators"). They produce plain, printable
 * specs that `buildEnvState` / `buildAgent` turn into fresh objects on every use, so a mutating plugin
 * never corrupts later runs and counterexamples shrink and print readably.
 */
import { AgentState, Coordinates, GridSize, ndarray, type ConcentrationField, type EnvState, type NDArray } from "@plume/core-types";
export type { PlumeKind, WindSpec } from "./fields.js";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import { KitPlume, KitWind, type PlumeKind, type WindSpec } from "./fields.js";
import { KitGaussianField } from "./kit.js";
import { cloneValue } from "./probes/values.js";
import { extremeMembers, foreignCandidates, samplingCopy, type AnySpace } from "./spaces-util.js";

const MAX_SEED = 0xffffffff;

/** A grid as `[width, height]`. */
export type GridSpec = readonly [width: number, height: number];

/** Grids with sides in 1..max, biased to 1x1, 1xN, Nx1 and non-square grids. */
export function grid(max = 64): fc.Arbitrary<GridSpec> {
  const side = fc.integer({ min: 1, max });
  const small = fc.integer({ min: 2, max: Math.min(max, 16) });
  return fc.oneof(
    { arbitrary: fc.constant([1, 1] as const), weight: 1 },
    { arbitrary: side.map((n) => [1, n] as const), weight: 1 },
    { arbitrary: side.map((n) => [n, 1] as const), weight: 1 },
    { arbitrary: fc.tuple(small, small).filter(([w, h]) => w !== h), weight: 2 },
    { arbitrary: fc.tuple(side, side), weight: 3 },
  );
}

/**
 * The size ladder (issue 20, class 2): grids at the sizes where fixed-size buffers, narrow integer
 * types and hard-coded arena sizes break — sides around 64, 128 (int8), 256, 1000 (`x + 1000 * y` keys),
 * cell counts around 32,767 (int16) and 65,535 (uint16), very elongated grids, and the largest
 * dimension Plume allows (`MAX_GRID_DIMENSION`, 10,000). Ordered by cell count; `maxCells` drops the
 * grids too large for a check that builds a dense field (a Float32Array of `width * height`).
 */
export function sizeLadder(maxCells = Number.POSITIVE_INFINITY): GridSpec[] {
  return SIZE_LADDER.filter(([w, h]) => w * h <= maxCells);
}

const SIZE_LADDER: readonly GridSpec[] = (
  [
    [1, 1], [1, 2], [2, 1], [3, 3],
    [63, 65], [64, 64], [65, 64], [65, 65],
    [127, 129], [128, 128], [129, 128], [129, 131],
    [181, 182], // 32,942 cells: past int16
    [255, 257], [256, 256], [257, 256], [257, 258],
    [300, 300], [257, 300], // 90,000 and 77,100 cells: past uint16
    [1001, 7], [7, 1001], [1001, 1001],
    [1024, 1024], [2048, 2048],
    [4096, 3], [3, 4096],
    [10_000, 1], [1, 10_000], [10_000, 2], [10_000, 10_000],
  ] as const satisfies readonly GridSpec[]
).slice().sort((a, b) => a[0] * a[1] - b[0] * b[1]);

/** The size ladder's grids as an arbitrary (for properties that also draw positions on them). */
export function ladderGrid(maxCells?: number): fc.Arbitrary<GridSpec> {
  return fc.constantFrom(...sizeLadder(maxCells));
}

/** Large grids (sides up to 256). */
export function gridL(): fc.Arbitrary<GridSpec> {
  return grid(256);
}

/** The 4 corners and 4 edge midpoints of a grid (deduplicated). */
export function cornersAndEdges([w, h]: GridSpec): [number, number][] {
  const xs = [0, Math.floor((w - 1) / 2), w - 1];
  const ys = [0, Math.floor((h - 1) / 2), h - 1];
  const out: [number, number][] = [];
  const seen = new Set<string>();
  const add = (x: number, y: number) => {
    const key = `${x},${y}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push([x, y]);
    }
  };
  add(xs[0] as number, ys[0] as number);
  add(xs[2] as number, ys[0] as number);
  add(xs[0] as number, ys[2] as number);
  add(xs[2] as number, ys[2] as number);
  add(xs[1] as number, ys[0] as number);
  add(xs[2] as number, ys[1] as number);
  add(xs[1] as number, ys[2] as number);
  add(xs[0] as number, ys[1] as number);
  return out;
}

/** In-bounds integer positions of a grid, biased to the corners and edges. */
export function pos(g: GridSpec): fc.Arbitrary<readonly [number, number]> {
  const [w, h] = g;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...cornersAndEdges(g)), weight: 2 },
    { arbitrary: fc.tuple(fc.constantFrom(0, w - 1), fc.integer({ min: 0, max: h - 1 })), weight: 1 },
    { arbitrary: fc.tuple(fc.integer({ min: 0, max: w - 1 }), fc.constantFrom(0, h - 1)), weight: 1 },
    { arbitrary: fc.tuple(fc.integer({ min: 0, max: w - 1 }), fc.integer({ min: 0, max: h - 1 })), weight: 3 },
  );
}

/**
 * Off-grid positions: negative values, values >= the size, ±2^31, and .5 ties that round off the grid
 * under any rounding rule (e.g. -1.5, width + 0.5).
 */
export function offgrid(g: GridSpec): fc.Arbitrary<readonly [number, number]> {
  const [w, h] = g;
  const inX = fc.integer({ min: 0, max: w - 1 });
  const inY = fc.integer({ min: 0, max: h - 1 });
  const badX = fc.oneof(
    fc.constantFrom(-1, w, w + 1, -(2 ** 31), 2 ** 31, -1.5, -2.5, w + 0.5, w + 1.5),
    fc.integer({ min: -1000, max: -1 }),
    fc.integer({ min: w, max: w + 1000 }),
  );
  const badY = fc.oneof(
    fc.constantFrom(-1, h, h + 1, -(2 ** 31), 2 ** 31, -1.5, -2.5, h + 0.5, h + 1.5),
    fc.integer({ min: -1000, max: -1 }),
    fc.integer({ min: h, max: h + 1000 }),
  );
  return fc.oneof(fc.tuple(badX, inY), fc.tuple(inX, badY), fc.tuple(badX, badY));
}

/** The plain data of an agent state. */
export interface AgentSpec {
  readonly x: number;
  readonly y: number;
  readonly orientation: number;
  readonly step_count: number;
  readonly total_reward: number;
  readonly goal_reached: boolean;
}

/** Orientations in [0, 360), biased to 0, 45, 90, 180, 270 and 359.999. */
export function orientation(): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(0, 45, 90, 180, 270, 359.999), weight: 2 },
    { arbitrary: fc.double({ min: 0, max: 359.999, noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)), weight: 1 },
  );
}

/** Agent states on a grid: position (biased to edges), orientation, counters and the goal flag (as T:ST). */
export function agent(g: GridSpec): fc.Arbitrary<AgentSpec> {
  return fc.record({
    p: pos(g),
    orientation: orientation(),
    step_count: fc.integer({ min: 0, max: 100 }),
    total_reward: fc.oneof(fc.constant(0), fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true })),
    goal_reached: fc.boolean(),
  }).map(({ p, ...rest }) => ({ x: p[0], y: p[1], ...rest, total_reward: rest.total_reward + 0 }));
}

/** A fresh `AgentState` from its spec. */
export function buildAgent(spec: AgentSpec): AgentState {
  return new AgentState({
    position: new Coordinates(spec.x, spec.y),
    orientation: spec.orientation,
    step_count: spec.step_count,
    total_reward: spec.total_reward,
    goal_reached: spec.goal_reached,
  });
}

/** Seeds in [0, 2^32 - 1], biased to 0, 1, 42, 123 and 2^32 - 1. */
export function seed(): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(0, 1, 42, 123, MAX_SEED), weight: 1 },
    { arbitrary: fc.integer({ min: 0, max: MAX_SEED }), weight: 3 },
  );
}

/** Invalid seeds: -1, 2^32, 1.5, NaN, "7", 1n. */
export function badSeed(): fc.Arbitrary<unknown> {
  return fc.constantFrom<unknown>(-1, 2 ** 32, 1.5, Number.NaN, "7", 1n);
}

/** The plain data of an env state (what `buildEnvState` builds a fresh `EnvState` from). */
export interface EnvStateSpec {
  readonly grid: GridSpec;
  readonly agent: AgentSpec;
  /**
   * The plume: `gaussian` (dense, peak 1 at the source), `two-sources` (1 at both), `plateau` (exactly 1 on
   * a disc), `zeros`, or `moving` (time-varying, no `fieldArray`). `plume_field` is always that plume's dense
   * field at `step_count`, so the two keys describe the same plume, as in Plume's envs.
   */
  readonly plume: PlumeKind;
  readonly source: readonly [number, number];
  readonly source2: readonly [number, number];
  readonly sigma: number;
  /** Steps taken (also the agent's `step_count`, as the env's post-step state has it). */
  readonly step_count: number;
  readonly max_steps: number;
  readonly goal: readonly [number, number];
  /** The wind field, or null for none. */
  readonly wind: WindSpec | null;
  /** Seed of the state's `rng` (a NumPy-compatible `Generator`). */
  readonly rngSeed: number;
}

/** Step counts: 0, 1 and values around 1,000 and past it, up to 5,000. */
export function stepCount(): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(0, 1, 999, 1000, 1001, 4999), weight: 1 },
    { arbitrary: fc.integer({ min: 0, max: 200 }), weight: 2 },
    { arbitrary: fc.integer({ min: 0, max: 5000 }), weight: 1 },
  );
}

/** Winds: none, constant (speeds up to 3), or varying in space and time (speeds up to 4). */
export function wind(): fc.Arbitrary<WindSpec | null> {
  const constant = fc
    .tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.oneof(fc.constantFrom(0, 1, 2.5), fc.double({ min: 0, max: 3, noNaN: true })))
    .map(([deg, speed]): WindSpec => ({ kind: "constant", vx: Math.fround(speed * Math.cos((deg * Math.PI) / 180)), vy: Math.fround(speed * Math.sin((deg * Math.PI) / 180)) }));
  const varying = fc
    .record({ speed: fc.oneof(fc.constantFrom(1, 2, 4), fc.double({ min: 0.1, max: 4, noNaN: true })), phase: fc.double({ min: 0, max: 6.3, noNaN: true }) })
    .map((r): WindSpec => ({ kind: "varying", ...r }));
  return fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: constant, weight: 1 }, { arbitrary: varying, weight: 2 });
}

/**
 * Step counts of long episodes (class 12): past int16 (32,767 / 32,768), uint16 (65,535 / 65,536), 100,000
 * and 1,000,000 steps, up to int32's 2^31 − 1, and any count in between.
 */
export function longStepCount(): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(32_767, 32_768, 65_535, 65_536, 100_000, 1_000_000, 2 ** 31 - 1), weight: 2 },
    { arbitrary: fc.integer({ min: 5_000, max: 2 ** 31 - 1 }), weight: 1 },
  );
}

/**
 * Env states on grids from `gridArb` (default `grid()`), with step counts from `steps` (default
 * `stepCount()`): every key a Plume env supplies, and no other.
 */
export function envState(gridArb: fc.Arbitrary<GridSpec> = grid(), steps: fc.Arbitrary<number> = stepCount()): fc.Arbitrary<EnvStateSpec> {
  return gridArb.chain((g) =>
    fc
      .record({
        grid: fc.constant(g),
        agent: agent(g),
        plume: fc.constantFrom<PlumeKind>("gaussian", "gaussian", "two-sources", "plateau", "zeros", "moving", "moving"),
        source: pos(g),
        source2: pos(g),
        sigma: fc.oneof(fc.constantFrom(0.5, 1, 5, 20), fc.double({ min: 0.5, max: 20, noNaN: true })),
        step_count: steps,
        extraSteps: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 })),
        goalAtSource: fc.boolean(),
        goal: pos(g),
        wind: wind(),
        rngSeed: seed(),
      })
      .map(({ extraSteps, goalAtSource, ...s }) => ({
        ...s,
        agent: { ...s.agent, step_count: s.step_count },
        max_steps: Math.max(1, s.step_count + extraSteps),
        goal: goalAtSource ? s.source : s.goal,
      })),
  );
}

/** A env state spec with fixed contents (a 32x32 grid, agent at (10, 10)): the "default test state". */
export function defaultEnvStateSpec(overrides: Partial<EnvStateSpec> = {}): EnvStateSpec {
  return {
    grid: [32, 32],
    agent: { x: 10, y: 10, orientation: 0, step_count: 5, total_reward: 0, goal_reached: false },
    plume: "gaussian",
    source: [16, 16],
    source2: [4, 28],
    sigma: 4,
    step_count: 5,
    max_steps: 100,
    goal: [16, 16],
    wind: { kind: "constant", vx: 0.5, vy: -0.25 },
    rngSeed: 42,
    ...overrides,
  };
}

/** The plume a spec describes, advanced to its step count. */
export function buildField(spec: Pick<EnvStateSpec, "grid" | "plume" | "source" | "source2" | "sigma" | "step_count">): KitPlume {
  const [w, h] = spec.grid;
  return new KitPlume(new GridSize(w, h), { kind: spec.plume, source: spec.source, source2: spec.source2, sigma: spec.sigma }, spec.step_count);
}

/** The dense `plume_field` of a spec: its plume's field at `step_count`. */
export function buildPlume(spec: Pick<EnvStateSpec, "grid" | "plume" | "source" | "source2" | "sigma" | "step_count">): Float32Array {
  const field = buildField(spec);
  return field.fieldArray ?? field.frame(spec.step_count);
}

/**
 * A fresh `EnvState` from a spec, with exactly the keys of `ENV_STATE_KEYS` (`wind_field` only with wind):
 * no alias a real env never provides. Every call builds new objects, including a generator seeded with `rngSeed`.
 */
export function buildEnvState(spec: EnvStateSpec): EnvState {
  const [w, h] = spec.grid;
  const gridSize = new GridSize(w, h);
  const field = buildField(spec);
  return {
    agent_state: buildAgent(spec.agent),
    plume_field: field.fieldArray ?? field.frame(spec.step_count),
    concentration_field: field,
    ...(spec.wind !== null && { wind_field: new KitWind(spec.wind, spec.step_count) }),
    goal_location: new Coordinates(spec.goal[0], spec.goal[1]),
    grid_size: gridSize,
    step_count: spec.step_count,
    max_steps: spec.max_steps,
    rng: Generator.fromSeed(spec.rngSeed),
  };
}

/**
 * Actions of a space: seeded samples (from an independent copy of the space) plus its extremes
 * (Discrete start and start + n - 1; Box corners and 0). Values are fresh copies.
 */
export function action(space: AnySpace): fc.Arbitrary<unknown> {
  const extremes = extremeMembers(space);
  const sampled = fc.integer({ min: 0, max: MAX_SEED }).map((s) => {
    const copy = samplingCopy(space);
    copy.seed(s);
    return copy.sample();
  });
  if (extremes.length === 0) return sampled;
  return fc.oneof({ arbitrary: fc.constantFrom(...extremes).map((v) => cloneValue(v)), weight: 1 }, { arbitrary: sampled, weight: 2 });
}

/**
 * Non-members (and near-members) of a space: samples of other spaces, typed arrays of the wrong dtype
 * or length, NaN, ±Infinity, -0, 1.5, true, "0", null, undefined, {}, 1n, nested arrays, out-of-range values.
 * Not filtered: use `foreignValues` from the kit when strict non-members are needed.
 */
export function foreign(space: AnySpace): fc.Arbitrary<unknown> {
  const candidates = foreignCandidates(space);
  return fc.constantFrom(...candidates.map((_, i) => i)).map((i) => cloneValue(candidates[i]));
}

/** Up to `max` actions of a space. */
export function actions(space: AnySpace, max = 200): fc.Arbitrary<unknown[]> {
  return fc.array(action(space), { minLength: 1, maxLength: max });
}

/** Sequences of samples of a space (observation sequences for policies). */
export function obsSeq(space: AnySpace, max = 20): fc.Arbitrary<unknown[]> {
  return fc.tuple(fc.integer({ min: 0, max: MAX_SEED }), fc.integer({ min: 1, max })).map(([s, n]) => {
    const copy = samplingCopy(space);
    copy.seed(s);
    return Array.from({ length: n }, () => copy.sample());
  });
}

/** The plain data of a transition (prev, action, next, field) for rewards. */
export interface TransitionSpec {
  readonly prev: AgentSpec;
  /** A Discrete(4) index, or a Box action `[-1, 1]^2` or `[-1, 1]^3` (float32). */
  readonly action: number | readonly number[];
  readonly next: AgentSpec;
  readonly field: { readonly grid: GridSpec; readonly source: readonly [number, number]; readonly sigma: number; readonly asArray: boolean };
}

/**
 * Transitions on a 128x128 agent grid with fields 16-64 wide, actions from Discrete(4) ∪ Box(2) ∪ Box(3).
 * The field is a `ConcentrationField` object; with `arrays: true` it is sometimes a raw `Float32Array`
 * (support for arrays is only a warning-level requirement, `rew.accepts-field-array`).
 */
export function transition(options: { readonly arrays?: boolean } = {}): fc.Arbitrary<TransitionSpec> {
  const agentGrid: GridSpec = [128, 128];
  const f32 = fc.double({ min: -1, max: 1, noNaN: true }).map((v) => Math.fround(v) + 0);
  return fc.record({
    prev: agent(agentGrid),
    action: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.array(f32, { minLength: 2, maxLength: 2 }), fc.array(f32, { minLength: 3, maxLength: 3 })),
    next: agent(agentGrid),
    field: fc
      .tuple(fc.integer({ min: 16, max: 64 }), fc.integer({ min: 16, max: 64 }))
      .chain((g) => fc.record({ grid: fc.constant(g as GridSpec), source: pos(g), sigma: fc.double({ min: 0.5, max: 20, noNaN: true }), asArray: options.arrays === true ? fc.boolean() : fc.constant(false) })),
  });
}

/** Fresh objects for a transition: `[prev, action, next, field]` (Box actions as float32 NDArrays). */
export function buildTransition(spec: TransitionSpec): [AgentState, number | NDArray<"float32">, AgentState, ConcentrationField | Float32Array] {
  const [w, h] = spec.field.grid;
  const field = new KitGaussianField(new GridSize(w, h), { x: spec.field.source[0], y: spec.field.source[1] }, spec.field.sigma);
  const action = typeof spec.action === "number" ? spec.action : ndarray("float32", [spec.action.length], Float32Array.from(spec.action));
  return [buildAgent(spec.prev), action, buildAgent(spec.next), spec.field.asArray ? field.fieldArray.slice() : field];
}

import {
  GridSize,
  StateError,
  hasActionBatch,
  type ActionProcessor,
  type AgentBatch,
  type AgentState,
  type BatchContext,
  type PointLike,
  type RandomGenerator,
  type VectorField,
} from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OrientedGridActions, OrientedRunTumbleActions, SurgeCastActions } from "../src/index.js";
import {
  agentBatch,
  agentStateOf,
  batchCase,
  batchContext,
  expectAgentsMatch,
  indicesOf,
  snapshot,
  withPerEnv,
  type BatchCase,
} from "@plume/test-support/batch";

/** The reference's ConstantWindField: vx = speed cos(deg), vy = -speed sin(deg), stored as float32. */
function constantWind(directionDeg: number, speed: number): VectorField {
  const theta = directionDeg * (Math.PI / 180);
  const vector = Float32Array.of(speed * Math.cos(theta), -speed * Math.sin(theta));
  return { sample: (_position: PointLike) => vector.slice() };
}

/** Step sizes: whole, fractional, exact halves (rounding ties along the axes) and large enough to leave any grid. */
const headingStep = fc.oneof(
  fc.constantFrom(1, 2, 3, 0.5, 1.5, 2.5, 0.25, 100),
  fc.double({ min: 0.01, max: 10, noNaN: true }),
);

/** Per-env generators for the batch and identically seeded ones for the object path. */
function generators(seed: number, n: number): { readonly batch: Generator[]; readonly object: Generator[] } {
  const batch = Array.from({ length: n }, (_, i) => Generator.fromSeed(seed + 7919 * i));
  return { batch, object: batch.map((g) => g.clone()) };
}

/**
 * Runs the batch method on `c` and checks it against `processAction` per listed env (with `setRng(object[i])`
 * before each, as the env injects env i's generator), including every generator's state afterwards.
 */
function checkAgainstObjectPath(
  processor: ActionProcessor<number> & { setRng?(rng: RandomGenerator): void },
  c: BatchCase,
  actions: readonly number[],
  seed: number,
  context: (rngs: readonly RandomGenerator[]) => BatchContext = (rngs) => batchContext({ grid: c.grid, rngs }),
): AgentBatch {
  expect(hasActionBatch(processor)).toBe(true);
  if (!hasActionBatch(processor)) throw new Error("unreachable");
  const rngs = generators(seed, c.envs.length);
  const agents = agentBatch(c.envs);
  const before = snapshot(agents);
  const { indices, count } = indicesOf(c);
  processor.processActionBatch(Float64Array.from(actions), agents, context(rngs.batch), indices, count);
  const expected = new Map<number, AgentState>();
  for (const i of c.listed) {
    processor.setRng?.(rngs.object[i]!);
    expected.set(i, processor.processAction(actions[i]!, agentStateOf(c.envs[i]!), c.grid));
  }
  expectAgentsMatch(agents, before, c.listed, (i) => expected.get(i)!);
  rngs.batch.forEach((g, i) => expect(g.state, `generator ${i}`).toEqual(rngs.object[i]!.state));
  return agents;
}

describe("OrientedGridActions.processActionBatch", () => {
  it("equals processAction per listed env, bit for bit, and leaves the rest alone", () => {
    fc.assert(
      fc.property(withPerEnv(batchCase, () => fc.integer({ min: 0, max: 2 })), headingStep, ({ c, values }, stepSize) => {
        checkAgainstObjectPath(new OrientedGridActions({ stepSize }), c, values, 0);
      }),
      { numRuns: 300 },
    );
  });

  it("turns wrap around 0 and 360 exactly as normalizeOrientation", () => {
    const grid = new GridSize(3, 3);
    // 89.99999999999999 turned right gives -1.4e-14, which + 360 rounds to 360: normalised to 0
    const headings = [0, 90, 270, 359.999, 1e-13, 180, 89.99999999999999, 270.00000000000006];
    const envs = headings.flatMap((orientation) =>
      [1, 2].map(() => ({ x: 1, y: 1, orientation, stepCount: 0, totalReward: 0 })),
    );
    const c: BatchCase = { grid, envs, listed: envs.map((_, i) => i), trailing: [] };
    const agents = checkAgainstObjectPath(new OrientedGridActions(), c, envs.map((_, i) => 1 + (i % 2)), 0);
    expect(agents.orientation[1]).toBe(270); // 0 turned right: -90 -> 270
    expect(agents.orientation[4]).toBe(0); // 270 turned left: 360 -> 0
    expect(agents.orientation[13]).toBe(0);
  });
});

describe("OrientedRunTumbleActions.processActionBatch", () => {
  it("equals processAction per listed env, drawing from context.rngs[i] exactly as from the injected generator", () => {
    fc.assert(
      fc.property(
        withPerEnv(batchCase, () => fc.integer({ min: 0, max: 1 })),
        headingStep,
        fc.nat(1_000_000),
        ({ c, values }, stepSize, seed) => {
          checkAgainstObjectPath(new OrientedRunTumbleActions({ stepSize }), c, values, seed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("sets the drawn heading even when a wall blocks the move, and draws nothing for RUN", () => {
    const grid = new GridSize(1, 1);
    const envs = [0, 1, 2, 3].map(() => ({ x: 0, y: 0, orientation: 45, stepCount: 1, totalReward: 0 }));
    const c: BatchCase = { grid, envs, listed: [3, 1, 0, 2], trailing: [] };
    const agents = checkAgainstObjectPath(new OrientedRunTumbleActions(), c, [1, 0, 1, 0], 42);
    expect(agents.orientation[1]).toBe(45);
    expect(agents.orientation[0]).not.toBe(45);
  });

  it("throws StateError (rng) for a TUMBLE without a generator for that env", () => {
    const grid = new GridSize(4, 4);
    const agents = agentBatch([{ x: 1, y: 1, orientation: 0, stepCount: 0, totalReward: 0 }]);
    const actions = new OrientedRunTumbleActions();
    let caught: unknown;
    try {
      actions.processActionBatch(Float64Array.of(1), agents, batchContext({ grid, rngs: [] }), Int32Array.of(0), 1);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StateError);
    expect((caught as StateError).parameter).toBe("rng");
  });
});

/** Wind fields: none, constant (ties and tiny winds included), position-dependent float64, and broken ones. */
const windField: fc.Arbitrary<VectorField | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .tuple(
      fc.oneof(fc.constantFrom(0, 30, 45, 60, 90, 135, 180, 225, 270, 315), fc.double({ min: 0, max: 360, noNaN: true })),
      fc.oneof(fc.constantFrom(0, 1e-9, 0.8, 1, 5), fc.double({ min: 0, max: 10, noNaN: true })),
    )
    .map(([direction, speed]) => constantWind(direction, speed)),
  fc.constantFrom<VectorField>(
    { sample: () => Float32Array.of(-1, -1) },
    { sample: () => Float32Array.of(1, 1) },
    { sample: (p) => Float64Array.of(Math.sin(p.x * 0.7) - 0.3, Math.cos(p.y * 1.3) * 0.9) as unknown as Float32Array },
    {
      // broken at some cells: throws, NaN, wrong length, overflowing float32, a plain array
      sample: (p) => {
        const k = (p.x + 2 * p.y) % 6;
        if (k === 0) throw new Error("no data here");
        if (k === 1) return Float32Array.of(Number.NaN, 1);
        if (k === 2) return Float32Array.of(1) as never;
        if (k === 3) return [1e39, 0] as never;
        if (k === 4) return [0.3, -0.7] as never;
        return Float32Array.of(p.x - 3, 2 - p.y);
      },
    },
  ),
);

/** A Discrete(4) base over cardinal moves of 2 cells that also draws once per move (to check the draw order). */
class DrawingBase implements ActionProcessor<number> {
  readonly actionSpace = new Discrete(4);
  #rng: RandomGenerator | undefined;
  static readonly DX = [0, 2, 0, -2];
  static readonly DY = [2, 0, -2, 0];

  setRng(rng: RandomGenerator): void {
    this.#rng = rng;
  }

  processAction(action: number, state: AgentState, grid: GridSize): AgentState {
    const jitter = this.#rng!.random() < 0.5 ? 0 : 1;
    return state.withPosition(grid.clamp({ x: state.position.x + DrawingBase.DX[action]! + jitter, y: state.position.y + DrawingBase.DY[action]! }));
  }

  validateAction(action: unknown): action is number {
    return this.actionSpace.contains(action);
  }

  getMetadata() {
    return { type: "drawing_base", orientation_dependent: false };
  }
}

class BatchDrawingBase extends DrawingBase {
  processActionBatch(actions: ArrayLike<number>, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
    for (let k = 0; k < count; k++) {
      const i = indices[k]!;
      const action = actions[i]!;
      const jitter = context.rngs[i]!.random() < 0.5 ? 0 : 1;
      agents.x[i] = Math.max(0, Math.min(agents.x[i]! + DrawingBase.DX[action]! + jitter, context.gridWidth - 1));
      agents.y[i] = Math.max(0, Math.min(agents.y[i]! + DrawingBase.DY[action]!, context.gridHeight - 1));
    }
  }
}

describe("SurgeCastActions.processActionBatch", () => {
  it("equals processAction per listed env (wind, SURGE, CAST draws from context.rngs[i]), bit for bit", () => {
    fc.assert(
      fc.property(
        withPerEnv(batchCase, () => fc.integer({ min: 0, max: 1 })),
        windField,
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 4 }), fc.constant(Number.MAX_SAFE_INTEGER)),
        fc.nat(1_000_000),
        ({ c, values }, wind, stepSize, seed) => {
          checkAgainstObjectPath(new SurgeCastActions({ stepSize, ...(wind !== undefined && { windField: wind }) }), c, values, seed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("delegates the moves to a base with processActionBatch, keeping each env's draw order", () => {
    fc.assert(
      fc.property(withPerEnv(batchCase, () => fc.integer({ min: 0, max: 1 })), windField, fc.nat(1_000_000), ({ c, values }, wind, seed) => {
        const base = new BatchDrawingBase();
        checkAgainstObjectPath(new SurgeCastActions({ base, ...(wind !== undefined && { windField: wind }) }), c, values, seed);
      }),
      { numRuns: 150 },
    );
  });

  it("reuses one scratch array per batch size for a custom base", () => {
    const seen: ArrayLike<number>[] = [];
    const base = new (class extends BatchDrawingBase {
      override processActionBatch(actions: ArrayLike<number>, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
        seen.push(actions);
        super.processActionBatch(actions, agents, context, indices, count);
      }
    })();
    const actions = new SurgeCastActions({ base });
    const grid = new GridSize(5, 5);
    const run = (n: number) => {
      const rngs = Array.from({ length: n }, (_, i) => Generator.fromSeed(i));
      const agents = agentBatch(Array.from({ length: n }, () => ({ x: 2, y: 2, orientation: 0, stepCount: 0, totalReward: 0 })));
      actions.processActionBatch!(new Float64Array(n), agents, batchContext({ grid, rngs }), Int32Array.from({ length: n }, (_, i) => i), n);
    };
    run(3);
    run(3);
    run(4);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).not.toBe(seen[1]);
    expect(seen[2]!.length).toBe(4);
  });

  it("is absent when the custom base has no processActionBatch", () => {
    const actions = new SurgeCastActions({ base: new DrawingBase() });
    expect(hasActionBatch(actions)).toBe(false);
    expect("processActionBatch" in actions).toBe(false);
    expect(hasActionBatch(new SurgeCastActions({ base: new BatchDrawingBase() }))).toBe(true);
    expect(hasActionBatch(new SurgeCastActions())).toBe(true);
  });

  it("reads its own wind field at each listed agent's cell, in index order (not context.windField)", () => {
    const seen: [number, number][] = [];
    const field: VectorField = {
      sample: (p) => {
        seen.push([p.x, p.y]);
        return p.x < 3 ? Float32Array.of(-1, 0) : Float32Array.of(1, 0);
      },
    };
    const other = constantWind(90, 1);
    const grid = new GridSize(6, 3);
    const envs = [0, 1, 2, 3, 4, 5].map((x) => ({ x, y: x % 3, orientation: 0, stepCount: 0, totalReward: 0 }));
    const c: BatchCase = { grid, envs, listed: [4, 1, 5], trailing: [0] };
    const actions = new SurgeCastActions({ windField: field });
    checkAgainstObjectPath(actions, c, [0, 0, 0, 0, 0, 0], 1, (rngs) => batchContext({ grid, rngs, windField: other }));
    // the batch samples 4, 1, 5, then the object path samples them again
    expect(seen).toEqual([[4, 1], [1, 1], [5, 2], [4, 1], [1, 1], [5, 2]]);
  });
});

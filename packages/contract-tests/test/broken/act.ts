/** Broken ActionProcessors, one per `act.*` check id (CHECKS.md §2 "catches"). */
import { AgentState, ValidationError, isNDArray, ndarray, type ActionMetadata, type ActionProcessor, type GridSize, type NDArray, type RandomGenerator } from "@plume/core-types";
import { Box, Discrete } from "@plume/spaces";
import { checkActionProcessor, type ActionProcessorOptions } from "../../src/index.js";
import { ContinuousActions, DiscreteGridActions, EightDirectionActions, OrientedGridActions, OrientedRunTumbleActions } from "../reference/actions.js";
import { BatchCardinalActions } from "../reference/batch.js";
import type { FixtureTable } from "./harness.js";

type AP = ActionProcessor<unknown>;
const run = (create: () => AP, options: ActionProcessorOptions = {}) => (extra: Record<string, unknown> = {}) => checkActionProcessor(create, { ...options, ...extra });

const MOVES: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** A cardinal processor built from parts, so that each fixture replaces one of them. */
function cardinal(parts: {
  space?: () => unknown;
  process?: (action: number, s: AgentState, g: GridSize) => AgentState;
  validate?: (a: unknown) => boolean;
  metadata?: () => unknown;
  omitValidate?: boolean;
  /** Do not reject non-members in processAction (the invalid-action fixtures). */
  trusting?: boolean;
}): AP {
  const base = new DiscreteGridActions();
  const obj: Record<string, unknown> = {
    processAction: (a: number, s: AgentState, g: GridSize) => {
      if (parts.trusting !== true && !base.validateAction(a)) throw ValidationError.invalid("action", "an integer in [0, 3]", a);
      return (parts.process ?? ((x, y, z) => base.processAction(x, y, z)))(a, s, g);
    },
    getMetadata: () => (parts.metadata ?? (() => base.getMetadata()))(),
  };
  if (parts.omitValidate !== true) obj["validateAction"] = (a: unknown) => (parts.validate ?? ((x) => base.validateAction(x)))(a);
  Object.defineProperty(obj, "actionSpace", { get: () => (parts.space ?? (() => base.actionSpace))(), enumerable: true });
  return obj as unknown as AP;
}

/** The oriented surge/turn processor with FORWARD replaced: `move(heading in radians)` gives (dx, dy). */
function orientedForward(move: (rad: number) => readonly [number, number]): AP {
  const base = new OrientedGridActions();
  return {
    get actionSpace() {
      return base.actionSpace;
    },
    processAction(a: number, s: AgentState, g: GridSize) {
      if (!base.validateAction(a)) throw ValidationError.invalid("action", "0, 1 or 2", a);
      if (a !== 0) return base.processAction(a, s, g);
      const [dx, dy] = move((s.orientation * Math.PI) / 180);
      return s.withPosition(g.clamp({ x: s.position.x + dx, y: s.position.y + dy }));
    },
    validateAction: (a: unknown) => base.validateAction(a),
    getMetadata: () => base.getMetadata(),
  } as unknown as AP;
}

/** A Box whose reported high bound has the wrong number of elements. */
class BadBoundsBox extends Box<"float32"> {
  constructor() {
    super({ low: -1, high: 1, shape: [2], dtype: "float32" });
  }
  override get high(): NDArray<"float32"> {
    return ndarray("float32", [1], Float32Array.of(1));
  }
}

export const ACT_FIXTURES: FixtureTable = {
  "act.protocol-shape": {
    what: "missing validateAction",
    run: run(() => cardinal({ omitValidate: true })),
    alsoFails: ["act.validate-total", "act.validate-accepts-samples", "act.validate-matches-contains"],
  },
  "act.space-valid": {
    what: "a Box whose high bound does not match its shape",
    run: run(() => {
      const base = new ContinuousActions();
      const space = new BadBoundsBox();
      return {
        get actionSpace() {
          return space;
        },
        processAction: (a: NDArray<"float32">, s: AgentState, g: GridSize) => base.processAction(a, s, g),
        validateAction: (a: unknown) => base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
  },
  "act.space-stable": {
    what: "a getter returning new Discrete(4)",
    run: run(() => cardinal({ space: () => new Discrete(4) })),
  },
  "act.boundary-safety": {
    what: "no clamping",
    run: run(() => cardinal({ process: (a, s) => s.withPosition({ x: s.position.x + (MOVES[a]?.[0] ?? 0), y: s.position.y + (MOVES[a]?.[1] ?? 0) }) })),
    alsoFails: ["act.corner-edge"],
  },
  "act.corner-edge": {
    what: "only one axis clamped",
    run: run(() =>
      cardinal({
        process: (a, s, g) => s.withPosition({ x: Math.min(Math.max(s.position.x + (MOVES[a]?.[0] ?? 0), 0), g.width - 1), y: s.position.y + (MOVES[a]?.[1] ?? 0) }),
      }),
    ),
    alsoFails: ["act.boundary-safety"],
  },
  "act.result-valid": {
    what: "a continuous move not rounded (x = 3.5), returned as a plain object",
    run: run(() => {
      const base = new ContinuousActions();
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        processAction(a: NDArray<"float32">, s: AgentState, g: GridSize) {
          if (!base.validateAction(a)) throw ValidationError.invalid("action", "a Box member", a);
          const x = Math.min(Math.max(s.position.x + (a.data[0] as number) * 0.5, 0), g.width - 1);
          const y = Math.min(Math.max(s.position.y + (a.data[1] as number) * 0.5, 0), g.height - 1);
          return { position: { x, y }, orientation: s.orientation, step_count: s.step_count, total_reward: s.total_reward, goal_reached: s.goal_reached } as unknown as AgentState;
        },
        validateAction: (a: unknown) => base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
  },
  "act.new-instance": {
    what: "STAY returning currentState itself",
    run: run(() => {
      const base = new EightDirectionActions();
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        processAction: (a: number, s: AgentState, g: GridSize) => (a === 8 ? s : base.processAction(a, s, g)),
        validateAction: (a: unknown) => base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
  },
  "act.purity": {
    what: "scaling the action array in place",
    run: run(() => {
      const base = new ContinuousActions();
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        processAction(a: NDArray<"float32">, s: AgentState, g: GridSize) {
          if (!base.validateAction(a)) throw ValidationError.invalid("action", "a Box member", a);
          a.data[0] = (a.data[0] as number) * 0.5;
          a.data[1] = (a.data[1] as number) * 0.5;
          return s.withPosition(g.clamp({ x: s.position.x + Math.round(a.data[0] as number), y: s.position.y + Math.round(a.data[1] as number) }));
        },
        validateAction: (a: unknown) => base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
  },
  "act.preserves-fields": {
    what: "a new AgentState that zeroes the counters",
    run: run(() => cardinal({ process: (a, s, g) => new AgentState({ position: g.clamp({ x: s.position.x + (MOVES[a]?.[0] ?? 0), y: s.position.y + (MOVES[a]?.[1] ?? 0) }), orientation: s.orientation }) })),
  },
  "act.orientation-declared": {
    what: "a cardinal processor that also turns the agent to face its move, while its metadata says orientation_dependent: false",
    run: run(() => cardinal({ process: (a, s, g) => s.withPosition(g.clamp({ x: s.position.x + (MOVES[a]?.[0] ?? 0), y: s.position.y + (MOVES[a]?.[1] ?? 0) })).withOrientation([90, 0, 270, 180][a] ?? 0) })),
    ungated: () => checkActionProcessor(() => new OrientedGridActions(), { numRuns: 30 }),
  },
  "act.batch-agrees": {
    what: "a batch that ignores indices and moves environments 0..count-1",
    run: run(() => {
      const p = new BatchCardinalActions();
      const moves = [[0, 1], [1, 0], [0, -1], [-1, 0]] as const;
      p.processActionBatch = (actions, agents, context, _indices, count) => {
        for (let i = 0; i < count; i++) {
          const [dx, dy] = moves[actions[i] as number] ?? [0, 0];
          (agents.x as Int32Array)[i] = Math.min(context.gridWidth - 1, Math.max(0, (agents.x[i] as number) + dx));
          (agents.y as Int32Array)[i] = Math.min(context.gridHeight - 1, Math.max(0, (agents.y[i] as number) + dy));
        }
      };
      return p;
    }),
    ungated: () => checkActionProcessor(() => new DiscreteGridActions(), { numRuns: 10 }),
  },
  "act.determinism": {
    // eslint-disable-next-line no-restricted-properties -- a deliberately broken processor: hidden Math.random jitter
    run: run(() => cardinal({ process: (a, s, g) => s.withPosition(g.clamp({ x: s.position.x + (MOVES[a]?.[0] ?? 0) + Math.round(Math.random()), y: s.position.y + (MOVES[a]?.[1] ?? 0) })) })),
    what: "Math.random jitter",
  },
  "act.history-independence": {
    what: "a move cache keyed on (x, y, action) that ignores the grid",
    run: run(() => {
      const cache = new Map<string, readonly [number, number]>();
      return cardinal({
        process: (a, s, g) => {
          const key = `${s.position.x},${s.position.y},${a}`;
          let target = cache.get(key);
          if (target === undefined) {
            const p = g.clamp({ x: s.position.x + (MOVES[a]?.[0] ?? 0), y: s.position.y + (MOVES[a]?.[1] ?? 0) });
            target = [p.x, p.y];
            cache.set(key, target);
          }
          return s.withPosition({ x: target[0], y: target[1] });
        },
      });
    }),
  },
  "act.history-independence#stride-decay": {
    what: "a stride that shrinks after 700 calls on one instance",
    run: run(() => {
      let calls = 0;
      return cardinal({
        process: (a, s, g) => {
          calls += 1;
          const stride = calls > 700 ? 1 : 2;
          return s.withPosition(g.clamp({ x: s.position.x + (MOVES[a]?.[0] ?? 0) * stride, y: s.position.y + (MOVES[a]?.[1] ?? 0) * stride }));
        },
      });
    }),
  },
  "act.heading-convention": {
    what: "FORWARD along (sin h, cos h): heading 0 moves +y (a compass heading)",
    run: run(() => orientedForward((rad) => [Math.round(Math.sin(rad)), Math.round(Math.cos(rad))])),
    ungated: () => checkActionProcessor(() => new DiscreteGridActions(), { numRuns: 10 }),
  },
  "act.heading-convention#north-ccw": {
    what: "headings counterclockwise but from +y (heading 0 moves +y, 90 moves -x)",
    run: run(() => orientedForward((rad) => [Math.round(Math.cos(rad + Math.PI / 2)), Math.round(Math.sin(rad + Math.PI / 2))])),
  },
  "act.heading-convention#undeclared": {
    what: "a glide along the current heading (never turning it, orientation_dependent: false) with dx = sin h, dy = cos h",
    run: run(() =>
      cardinal({
        process: (a, s, g) => {
          const rad = (s.orientation * Math.PI) / 180;
          const step = a + 1;
          return s.withPosition(g.clamp({ x: s.position.x + Math.round(step * Math.sin(rad)), y: s.position.y + Math.round(step * Math.cos(rad)) }));
        },
      }),
    ),
  },
  "act.invalid-throws#tolerant-process": {
    what: "processAction tolerating 1e-6 beyond the Box bounds (validateAction is exact)",
    run: run(() => {
      const base = new ContinuousActions();
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        processAction(a: NDArray<"float32">, s: AgentState, g: GridSize) {
          const ok = isNDArray(a) && a.dtype === "float32" && a.shape.length === 1 && a.shape[0] === 2 && Array.from(a.data).every((v) => Math.abs(v) <= 1 + 1e-6);
          if (!ok) throw ValidationError.invalid("action", "a Box member", a);
          return base.processAction(ndarray("float32", [2], Float32Array.from(a.data, (v) => Math.max(-1, Math.min(1, v)))), s, g);
        },
        validateAction: (a: unknown) => base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
  },
  "act.boundary-safety#int8": {
    what: "the target position stored in an Int8Array (wraps at 128)",
    run: run(() => {
      const scratch = new Int8Array(2);
      return cardinal({
        process: (a, s, g) => {
          const p = g.clamp({ x: s.position.x + (MOVES[a]?.[0] ?? 0), y: s.position.y + (MOVES[a]?.[1] ?? 0) });
          scratch[0] = p.x;
          scratch[1] = p.y;
          return s.withPosition({ x: scratch[0], y: scratch[1] });
        },
      });
    }),
    alsoFails: ["act.corner-edge"],
  },
  "act.boundary-safety#late-episode": {
    what: "no upper clamp once step_count passes 1,000",
    run: run(() =>
      cardinal({
        process: (a, s, g) => {
          const x = s.position.x + (MOVES[a]?.[0] ?? 0);
          const y = s.position.y + (MOVES[a]?.[1] ?? 0);
          return s.withPosition(s.step_count > 1000 ? { x: Math.max(0, x), y: Math.max(0, y) } : g.clamp({ x, y }));
        },
      }),
    ),
    alsoFails: ["act.corner-edge"],
  },
  "act.validate-matches-contains#float32-tolerance": {
    what: "a Box validator tolerating 1e-6 beyond the bounds (accepts the next float32 above 1)",
    run: run(() => {
      const base = new ContinuousActions();
      const lenient = (a: unknown) => {
        if (!isNDArray(a)) return false;
        const nd = a;
        if (nd.dtype !== "float32" || nd.shape.length !== 1 || nd.shape[0] !== 2) return false;
        return Array.from((a as NDArray<"float32">).data).every((v) => Math.abs(v) <= 1 + 1e-6);
      };
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        processAction(a: NDArray<"float32">, s: AgentState, g: GridSize) {
          if (!lenient(a)) throw ValidationError.invalid("action", "a Box member", a);
          return base.processAction(ndarray("float32", [2], Float32Array.from(a.data, (v) => Math.max(-1, Math.min(1, v)))), s, g);
        },
        validateAction: lenient,
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
    alsoFails: ["act.invalid-throws"],
  },
  "act.rng-hook": {
    what: "a tumble heading drawn from Math.random despite setRng",
    run: run(() => {
      const base = new OrientedRunTumbleActions();
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        setRng(_rng: RandomGenerator) {},
        // eslint-disable-next-line no-restricted-properties -- a deliberately broken processor: ignores the injected generator
        processAction: (a: number, s: AgentState, g: GridSize) => (a === 1 ? s.withOrientation(360 * Math.random()) : base.processAction(a, s, g)),
        validateAction: (a: unknown) => base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
    alsoFails: ["act.determinism"],
    ungated: () => checkActionProcessor(() => new DiscreteGridActions()),
  },
  "act.accepts-valid": {
    what: "a Box check with < instead of <=, so ±1 throws",
    run: run(() => {
      const base = new ContinuousActions();
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        processAction(a: NDArray<"float32">, s: AgentState, g: GridSize) {
          if (!base.validateAction(a) || Array.from(a.data).some((v) => !(Math.abs(v) < 1))) throw ValidationError.invalid("action", "|v| < 1", a);
          return base.processAction(a, s, g);
        },
        validateAction: (a: unknown) => base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
    alsoFails: ["act.history-independence", "act.boundary-safety", "act.corner-edge", "act.result-valid", "act.new-instance", "act.purity", "act.determinism", "act.orientation-declared"],
  },
  "act.validate-total": {
    what: "validateAction reading .length, so it throws on null",
    run: run(() => {
      const base = new ContinuousActions();
      return {
        get actionSpace() {
          return base.actionSpace;
        },
        processAction: (a: NDArray<"float32">, s: AgentState, g: GridSize) => base.processAction(a, s, g),
        validateAction: (a: unknown) => (a as { data: { length: number } }).data.length === 2 && base.validateAction(a),
        getMetadata: () => base.getMetadata(),
      } as unknown as AP;
    }),
    alsoFails: ["act.validate-matches-contains"],
  },
  "act.validate-accepts-samples": {
    what: "rejecting start of a Discrete with start != 0",
    run: run(() => {
      const space = new Discrete(3, { start: -1 });
      return {
        get actionSpace() {
          return space;
        },
        processAction(a: number, s: AgentState, g: GridSize) {
          if (!space.contains(a)) throw ValidationError.invalid("action", "-1, 0 or 1", a);
          return s.withPosition(g.clamp({ x: s.position.x + a, y: s.position.y }));
        },
        validateAction: (a: unknown) => typeof a === "number" && Number.isInteger(a) && a > -1 && a < 2,
        getMetadata: (): ActionMetadata => ({ type: "shift", parameters: {}, movement_model: "shift", orientation_dependent: false }),
      } as unknown as AP;
    }),
    alsoFails: ["act.validate-matches-contains"],
  },
  "act.validate-matches-contains": {
    what: "accepting 1.5 (typeof number and in range)",
    run: run(() => cardinal({ validate: (a) => typeof a === "number" && a >= 0 && a < 4 })),
  },
  "act.invalid-throws": {
    what: "returning the state unchanged for a non-member",
    run: run(() => cardinal({ trusting: true, process: (a, s, g) => s.withPosition(g.clamp({ x: s.position.x + (MOVES[a]?.[0] ?? 0), y: s.position.y + (MOVES[a]?.[1] ?? 0) })) })),
  },
  "act.invalid-error-typed": {
    what: "a TypeError from destructuring undefined",
    run: run(() =>
      cardinal({
        trusting: true,
        process: (a, s, g) => {
          if (typeof a !== "number") throw new TypeError("action is not a number");
          const [dx, dy] = MOVES[a] as readonly [number, number];
          return s.withPosition(g.clamp({ x: s.position.x + dx, y: s.position.y + dy }));
        },
      }),
    ),
  },
  "act.metadata-type": {
    what: "metadata without type",
    run: run(() => cardinal({ metadata: () => ({ parameters: {}, movement_model: "cardinal_directions", orientation_dependent: false }) })),
  },
  "act.metadata-fields": {
    what: "missing parameters",
    run: run(() => cardinal({ metadata: () => ({ type: "cardinal", movement_model: "cardinal_directions", orientation_dependent: false }) })),
  },
  "act.metadata-json": {
    what: "the movement table stored as a Map",
    run: run(() => cardinal({ metadata: () => ({ type: "cardinal", parameters: { moves: new Map([[0, [0, 1]]]) }, movement_model: "cardinal_directions", orientation_dependent: false }) })),
  },
};

/** Broken environments, one per `env.*` check id (CHECKS.md §7 "catches" and §12.2). */
import {
  AgentState,
  StateError,
  ValidationError,
  ndarray,
  type ActionProcessor,
  type EnvInfo,
  type EnvState,
  type GridSize,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
  type ResetOptions,
} from "@plume/core-types";
import { Box, Dict, Discrete, Generator } from "@plume/spaces";
import { checkEnv, type AnyEnv, type EnvCheckOptions, type EnvFactoryOptions, type ReferenceFixture } from "../../src/index.js";
import { DiscreteGridActions } from "../reference/actions.js";
import { GridPlumeEnv, type GridPlumeEnvOptions } from "../reference/envs.js";
import { WindVectorSensor } from "../reference/sensors.js";
import type { FixtureTable } from "./harness.js";

type Step = readonly [unknown, number, boolean, boolean, EnvInfo];
type Reset = readonly [unknown, EnvInfo];

interface Overrides {
  reset?(inner: AnyEnv, options?: ResetOptions): unknown;
  step?(inner: AnyEnv, action: unknown): unknown;
  render?(inner: AnyEnv): unknown;
  close?(inner: AnyEnv): void;
  props?: Record<string, () => unknown>;
  omit?: readonly string[];
}

/** An env that delegates to `inner`, with some members replaced. */
export function wrap(inner: AnyEnv, o: Overrides = {}): AnyEnv {
  const env: Record<string, unknown> = {};
  const getters: Record<string, () => unknown> = {
    observationSpace: () => inner.observationSpace,
    actionSpace: () => inner.actionSpace,
    metadata: () => inner.metadata,
    renderMode: () => inner.renderMode,
    npRandom: () => inner.npRandom,
    unwrapped: () => env,
    gridSize: () => (inner as unknown as Record<string, unknown>)["gridSize"],
    goalRadius: () => (inner as unknown as Record<string, unknown>)["goalRadius"],
    maxSteps: () => (inner as unknown as Record<string, unknown>)["maxSteps"],
    ...o.props,
  };
  for (const [k, get] of Object.entries(getters)) if (!(o.omit ?? []).includes(k)) Object.defineProperty(env, k, { get, enumerable: true });
  const methods: Record<string, (...args: never[]) => unknown> = {
    reset: (options?: ResetOptions) => (o.reset ? o.reset(inner, options) : inner.reset(options)),
    step: (action: unknown) => (o.step ? o.step(inner, action) : inner.step(action)),
    render: () => (o.render ? o.render(inner) : inner.render()),
    close: () => (o.close ? o.close(inner) : inner.close()),
  };
  for (const [k, fn] of Object.entries(methods)) if (!(o.omit ?? []).includes(k)) env[k] = fn;
  return env as unknown as AnyEnv;
}

const make = (opts: GridPlumeEnvOptions = {}) => (hints?: EnvFactoryOptions) => new GridPlumeEnv({ ...hints, ...opts });
const wrapped = (o: Overrides, opts: GridPlumeEnvOptions = {}) => (hints?: EnvFactoryOptions) => wrap(new GridPlumeEnv({ ...hints, ...opts }), o);
const run = (factory: (hints?: EnvFactoryOptions) => AnyEnv, options: EnvCheckOptions = {}) => (extra: Record<string, unknown> = {}) =>
  checkEnv(factory, { goalRadius: 1, numRuns: 25, maxRolloutSteps: 120, ...options, ...extra });
const component = { capabilities: { componentEnv: true } } as const;
const gym = () => checkEnv(make(), { capabilities: { profile: "gymnasium" } });
const notComponent = () => checkEnv(make(), { goalRadius: 1 });

/** A sensor over any space, built from a function of the env state. */
function sensor<T>(space: unknown, observe: (s: EnvState) => T, extra: Partial<ObservationModel<T>> = {}): ObservationModel<T> {
  return {
    get observationSpace() {
      return space as ObservationModel<T>["observationSpace"];
    },
    getObservation: observe,
    getMetadata: (): ObservationMetadata => ({ type: "fixture", modality: "olfactory", parameters: {}, required_state_keys: ["agent_state"] }),
    ...extra,
  };
}
const validSeed = (s: unknown): s is number => typeof s === "number" && Number.isInteger(s) && s >= 0 && s <= 0xffffffff;
const conc = (s: EnvState) => Math.min(1, Math.max(0, s.concentration_field.sample(s.agent_state.position.x, s.agent_state.position.y)));
const unit = () => new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });

/** A [0, 1] Box whose contains() checks only dtype and shape ("bounds are guaranteed by construction"). */
class ShapeOnlyBox extends Box<"float32"> {
  constructor() {
    super({ low: 0, high: 1, shape: [1], dtype: "float32" });
  }
  override contains(v: unknown): v is NDArray<"float32"> {
    return typeof v === "object" && v !== null && (v as NDArray).dtype === "float32" && (v as NDArray).shape.length === 1 && (v as NDArray).shape[0] === 1;
  }
}

/** A [0, 1] Box sampling with Math.random (members, but not reproducible from a seed). */
class MathRandomBox extends Box<"float32"> {
  constructor() {
    super({ low: 0, high: 1, shape: [1], dtype: "float32" });
  }
  override sample(): NDArray<"float32"> {
    // eslint-disable-next-line no-restricted-properties -- a deliberately broken space: hidden Math.random
    return ndarray("float32", [1], Float32Array.of(Math.random()));
  }
}

/** A Box whose reported high bound has the wrong number of elements. */
class BadBoundsBox extends Box<"float32"> {
  constructor() {
    super({ low: 0, high: 1, shape: [1], dtype: "float32" });
  }
  override get high(): NDArray<"float32"> {
    return ndarray("float32", [2], Float32Array.of(1, 1));
  }
}

/** A processor with any action space, moving by rounded velocities (with or without clamping). */
function velocity(space: Box<"float32">, clamp = true): ActionProcessor<unknown> {
  return {
    get actionSpace() {
      return space;
    },
    processAction(a: unknown, s: AgentState, g: GridSize) {
      if (!space.contains(a)) throw ValidationError.invalid("action", String(space), a);
      const d = (a as NDArray<"float32">).data;
      const p = { x: s.position.x + Math.round(d[0] as number), y: s.position.y + Math.round(d[1] as number) };
      return s.withPosition(clamp ? g.clamp(p) : p);
    },
    validateAction: (a: unknown): a is unknown => space.contains(a),
    getMetadata: () => ({ type: "velocity", parameters: {}, movement_model: "velocity_control", orientation_dependent: false }),
  };
}

/** A cardinal processor that does not clamp. */
function unclamped(): ActionProcessor<unknown> {
  const base = new DiscreteGridActions();
  const moves = [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
  ] as const;
  return {
    get actionSpace() {
      return base.actionSpace;
    },
    processAction(a: unknown, s: AgentState) {
      if (!base.validateAction(a)) throw ValidationError.invalid("action", "0..3", a);
      const [dx, dy] = moves[a] as readonly [number, number];
      return s.withPosition({ x: s.position.x + 3 * dx, y: s.position.y + 3 * dy });
    },
    validateAction: (a: unknown): a is unknown => base.validateAction(a),
    getMetadata: () => base.getMetadata(),
  };
}

let instanceCounter = 0;
let sharedRng: Generator | undefined;

/** GridPlumeEnv whose generator is one module-level generator shared by every instance. */
class SharedRngEnv extends GridPlumeEnv {
  constructor(options?: GridPlumeEnvOptions) {
    super(options);
    Object.defineProperty(this, "npRandom", {
      get: () => sharedRng,
      set: (value: Generator | undefined) => {
        if (value !== undefined) sharedRng = value;
      },
      configurable: true,
    });
  }
}

/** Records reference episodes of an env (the fixture format of plume-nav-sim). */
export function recordReference(factory: () => AnyEnv, seeds: readonly (number | null)[], steps: number): ReferenceFixture {
  const env = factory();
  const space = new Discrete(4, { seed: 5 });
  return {
    name: "recorded",
    episodes: seeds.map((seed) => {
      const [obs, info] = (seed === null ? env.reset() : env.reset({ seed })) as unknown as Reset;
      const out: ReferenceFixture["episodes"][number] = { seed, reset: { obs: Array.from((obs as NDArray).data as Float32Array), info: { ...info } }, steps: [] };
      for (let i = 0; i < steps; i++) {
        const action = space.sample();
        const [o, r, t, tr, inf] = env.step(action) as unknown as Step;
        out.steps.push({ action, obs: Array.from((o as NDArray).data as Float32Array), reward: r, terminated: t, truncated: tr, info: { ...inf } });
        if (t || tr) break;
      }
      return out;
    }),
  };
}

/** The reference-parity fixture: start position drawn y first (the wrong RNG draw order). */
class SwappedDrawEnv extends GridPlumeEnv {
  override reset(options?: ResetOptions): readonly [unknown, EnvInfo] {
    const r = super.reset(options);
    const rng = this.npRandom as Generator;
    void rng.integers(2); // one extra draw
    return r;
  }
}

export const ENV_FIXTURES: FixtureTable = {
  "env.is-env": {
    what: "a plain object with no close",
    run: run(wrapped({ omit: ["close"] })),
    alsoFails: ["env.spaces-stable", "env.close-idempotent", "env.step-flags-boolean", "env.reward-number", "env.info-object", "env.obs-in-space", "env.obs-structure", "env.obs-finite", "env.type-stability", "env.step-count", "env.total-reward", "env.info-keys", "env.termination-flags", "env.agent-in-bounds", "env.render-all-modes", "env.lifecycle.closed-rejects", "env.lifecycle.close-any-state", "env.lifecycle.errors-typed", "env.lifecycle.model", "env.lifecycle.step-before-reset", "env.lifecycle.reset-ready", "env.lifecycle.step-after-done", "env.info-keys-reference", "env.obs-structure-types"],
  },
  "env.unwrapped": {
    what: "a wrapper passed in",
    run: run(wrapped({ props: { unwrapped: () => ({}) } })),
  },
  "env.action-space-present": {
    what: "actionSpace undefined",
    run: run(wrapped({ props: { actionSpace: () => undefined } })),
    alsoFails: "*",
  },
  "env.observation-space-present": {
    what: "observationSpace undefined",
    run: run(wrapped({ props: { observationSpace: () => undefined } })),
    alsoFails: ["env.is-env", "env.space-definition", "env.reset-return", "env.reset-seed-obs", "env.obs-in-space", "env.obs-structure", "env.obs-structure-types", "env.spaces-stable", "env.lifecycle.model", "env.goal-rollout", "env.corner-rollout", "env.truncation-at-limit"],
  },
  "env.space-definition": {
    what: "an observation Box whose high bound does not match its shape",
    run: run(make({ components: { sensor: sensor(new BadBoundsBox(), (s) => ndarray("float32", [1], [conc(s)])) } })),
  },
  "env.spaces-honest": {
    what: "an observation Box subclass whose contains() checks only dtype and shape (the readings themselves stay in [0, 1])",
    run: run(make({ components: { sensor: sensor(new ShapeOnlyBox(), (s) => ndarray("float32", [1], [conc(s)])) } })),
  },
  "env.spaces-honest#math-random": {
    what: "an observation space whose sample() draws from Math.random",
    run: run(make({ components: { sensor: sensor(new MathRandomBox(), (s) => ndarray("float32", [1], [conc(s)])) } })),
  },
  "env.space-bounds-warnings": {
    what: "a constant Box dimension (low == high)",
    run: run(make({ components: { sensor: sensor(new Box({ low: [0, 0.5], high: [1, 0.5], dtype: "float32" }), (s) => ndarray("float32", [2], [conc(s), 0.5])) } })),
  },
  "env.space-limits": {
    what: "a Box action space of [0, 5]",
    run: run(make({ components: { action: velocity(new Box({ low: 0, high: 5, shape: [2], dtype: "float32" })) } })),
  },
  "env.spaces-stable": {
    what: "the observation space rebuilt on every read",
    run: run(wrapped({ props: { observationSpace: () => unit() } })),
  },
  "env.spaces-from-components": {
    what: "the env wrapping the sensor's space in a new Box",
    run: run(
      (hints) => {
        const env = new GridPlumeEnv(hints);
        const copy = (env.sensor.observationSpace as Box<"float32">).copy();
        return wrap(env, { props: { observationSpace: () => copy } });
      },
      component,
    ),
    ungated: notComponent,
  },
  "env.metadata": {
    what: 'renderMode "rgb" that metadata does not declare',
    alsoFails: ["env.render-all-modes"],
    run: run(wrapped({ props: { renderMode: () => "rgb" } })),
  },
  "env.metadata-warnings": {
    what: 'render_modes: "human" (a string)',
    run: run(wrapped({ props: { metadata: () => ({ render_modes: "human", render_fps: 4 }) } })),
  },
  "env.no-seed-method": {
    what: "a legacy env.seed() method",
    run: run((hints) => {
      const env = new GridPlumeEnv(hints);
      return Object.assign(wrap(env), { seed: (s: number) => env.reset({ seed: s }) });
    }),
  },
  "env.reset-return": {
    what: "the reset info as an array",
    run: run(wrapped({ reset: (e, o) => [(e.reset(o) as Reset)[0], []] })),
    alsoFails: ["env.reset-info-seed", "env.info-object", "env.type-stability"],
  },
  "env.reset-seed-accepted": {
    what: "a strict options schema without seed",
    run: run(
      wrapped({
        reset: (e, o) => {
          if (o?.seed !== undefined) throw ValidationError.invalid("options", "no seed", o);
          return e.reset(o);
        },
      }),
    ),
    alsoFails: "*",
  },
  "env.reset-rng-created": {
    what: "reset ignoring the seed for npRandom (no generator exposed)",
    run: run(wrapped({ props: { npRandom: () => undefined } })),
  },
  "env.reset-seed-rng-reproducible": {
    what: "drawing from the old generator instead of reseeding",
    run: run((hints) => {
      const env = new GridPlumeEnv(hints);
      return wrap(env, { reset: (e, o) => (e.npRandom === undefined || !validSeed(o?.seed) ? e.reset(o) : e.reset(o?.options === undefined ? undefined : { options: o.options })) });
    }),
    alsoFails: ["env.reset-seed-obs", "env.reset-info-seed", "env.step-determinism", "env.episode-independence", "env.trajectory-determinism", "env.lifecycle.errors-typed", "env.reset-seed-with-options"],
  },
  "env.reset-seed-rng-sensitive": {
    what: "reseeding with a constant",
    run: run(wrapped({ reset: (e, o) => e.reset(!validSeed(o?.seed) ? o : { ...o, seed: 0 }) })),
    alsoFails: ["env.reset-info-seed"],
  },
  "env.reset-seed-obs": {
    what: "a start cell from Math.random",
    run: run((hints) => {
      const env = new GridPlumeEnv(hints);
      return wrap(env, {
        reset: (e, o) => {
          const r = e.reset(o) as Reset;
          // eslint-disable-next-line no-restricted-properties -- a deliberately broken env: hidden Math.random
          const jitter = Math.random();
          return [ndarray("float32", [1], [Math.min(1, Number((r[0] as NDArray).data[0]) * jitter)]), r[1]];
        },
      });
    }),
    alsoFails: "*",
  },
  "env.reset-seed-obs-exact": {
    what: "float64 maths in one branch only (the first reset of an instance)",
    run: run((hints) => {
      let resets = 0;
      const space = new Box({ low: 0, high: 1, shape: [1], dtype: "float64" });
      return new GridPlumeEnv({
        ...hints,
        components: {
          sensor: sensor(space, (s) => ndarray("float64", [1], [conc(s) * (resets === 1 ? 1 - 1e-12 : 1)]), {
            reset: () => {
              resets += 1;
            },
          }),
        },
      });
    }),
  },
  "env.reset-options": {
    what: "an options schema rejecting {}",
    run: run(
      wrapped({
        reset: (e, o) => {
          if (o?.options !== undefined && Object.keys(o.options).length === 0) throw ValidationError.invalid("options", "a non-empty object", o.options);
          return e.reset(o);
        },
      }),
    ),
    alsoFails: ["env.reset-seed-with-options"],
  },
  "env.reset-seed-validation": {
    what: "seed >>> 0 (-1 -> 4294967295)",
    run: run(
      wrapped({
        reset: (e, o) => {
          if (o?.seed === undefined) return e.reset(o);
          const n = Number(o.seed as unknown);
          return e.reset({ ...o, seed: Number.isFinite(n) ? n >>> 0 : 0 });
        },
      }),
    ),
  },
  "env.reset-info-seed": {
    what: "a stale seed echoed after an unseeded reset",
    run: run((hints) => {
      let last: number | undefined;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          const [obs, info] = e.reset(o) as Reset;
          if (o?.seed !== undefined) last = o.seed;
          return [obs, { ...info, ...(last !== undefined && { seed: last }) }];
        },
      });
    }),
    ungated: gym,
  },
  "env.cross-instance-determinism": {
    what: "the seed mixed with a module-level counter",
    run: run((hints) => {
      const id = (instanceCounter += 1);
      return wrap(new GridPlumeEnv(hints), { reset: (e, o) => e.reset(o?.seed === undefined ? o : { ...o, seed: (o.seed + id) % 2 ** 32 }) });
    }),
    alsoFails: "*",
  },
  "env.unseeded-continuation": {
    what: "an unseeded reset that re-creates the generator from the wall clock",
    run: run(wrapped({ reset: (e, o) => e.reset(o?.seed === undefined ? { ...o, seed: Date.now() % 0x100000000 } : o) })),
    alsoFails: ["env.reset-info-seed", "env.trajectory-determinism", "env.episode-independence", "env.reset-seed-obs", "env.no-global-state"],
  },
  "env.step-return": {
    what: "[obs, reward, done, info] (the old 4-tuple)",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          return [o, r, t || tr, i];
        },
      }),
    ),
    alsoFails: "*",
  },
  "env.step-flags-boolean": {
    what: "0/1 flags",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          return [o, r, t ? 1 : 0, tr ? 1 : 0, i];
        },
      }),
    ),
    alsoFails: ["env.termination-flags", "env.lifecycle.step-after-done", "env.lifecycle.model", "env.goal-rollout", "env.corner-rollout", "env.truncation-at-limit"],
  },
  "env.reward-number": {
    what: "a NaN reward near the goal",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          return [o, (i["distance_to_goal"] as number) < 8 ? Number.NaN : r, t, tr, i];
        },
      }),
    ),
    alsoFails: ["env.total-reward", "env.goal-rollout", "env.corner-rollout", "env.truncation-at-limit"],
  },
  "env.info-object": {
    what: "the step info as a Map",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          return [o, r, t, tr, new Map(Object.entries(i))];
        },
      }),
    ),
    alsoFails: ["env.type-stability", "env.post-step-observation", "env.step-determinism", "env.episode-independence", "env.total-reward", "env.step-count", "env.info-keys", "env.termination-flags", "env.agent-in-bounds"],
  },
  "env.obs-in-space": {
    what: "a sensor whose clamp is missing at the walls (1.5 at x = 0)",
    run: run(make({ components: { sensor: sensor(unit(), (s) => ndarray("float32", [1], [s.agent_state.position.x === 0 ? 1.5 : conc(s)])) } })),
    alsoFails: ["env.reset-return", "env.reset-seed-obs", "env.lifecycle.model", "env.corner-rollout", "env.truncation-at-limit"],
  },
  "env.obs-in-space#lenient": {
    what: "readings boosted to 1.5 near the source, hidden by a Box subclass whose contains() checks only dtype and shape",
    run: run(make({ components: { sensor: sensor(new ShapeOnlyBox(), (s) => ndarray("float32", [1], [1.5 * conc(s)])) } })),
    alsoFails: ["env.spaces-honest", "env.reset-return", "env.reset-seed-obs", "env.lifecycle.model", "env.goal-rollout", "env.corner-rollout", "env.truncation-at-limit"],
  },
  "env.obs-structure": {
    what: "a Dict observation with an extra key",
    run: run(
      make({
        components: {
          sensor: sensor(new Dict({ odor: unit() }), (s) => ({ odor: ndarray("float32", [1], [conc(s)]), extra: 1 })),
        },
      }),
    ),
    alsoFails: ["env.obs-in-space", "env.reset-return", "env.reset-seed-obs", "env.goal-rollout", "env.corner-rollout", "env.truncation-at-limit"],
  },
  "env.obs-structure-types": {
    what: "an int16 array for a float32 Box",
    run: run(make({ components: { sensor: sensor(unit(), (s) => ndarray("int16", [1], [Math.round(conc(s))])) } })),
  },
  "env.obs-finite": {
    what: "Infinity in an unbounded observation",
    run: run(make({ components: { sensor: sensor(new Box({ low: -Infinity, high: Infinity, shape: [1], dtype: "float32" }), (s) => ndarray("float32", [1], [s.agent_state.position.x % 2 === 0 ? Infinity : 0])) } })),
    ungated: () =>
      checkEnv(make({ components: { sensor: sensor(new Box({ low: -Infinity, high: Infinity, shape: [1], dtype: "float32" }), (s) => ndarray("float32", [1], [s.agent_state.position.x % 2 === 0 ? Infinity : 0])) } }), {
        capabilities: { profile: "gymnasium" },
      }),
  },
  "env.valid-actions-accepted": {
    what: "throwing on the last action index",
    run: run(
      wrapped({
        step: (e, a) => {
          if (a === 3) throw ValidationError.invalid("action", "0..2", a);
          return e.step(a);
        },
      }),
    ),
    alsoFails: "*",
  },
  "env.invalid-action-rejected": {
    what: "clamping an invalid action instead of rejecting it",
    run: run(
      wrapped({
        step: (e, a) => {
          const n = typeof a === "number" && Number.isFinite(a) ? Math.min(3, Math.max(0, Math.round(a))) : 0;
          return e.step(n);
        },
      }),
    ),
    alsoFails: ["env.lifecycle.model"],
    ungated: gym,
  },
  "env.action-validation-delegated": {
    what: "checking only actionSpace.contains",
    alsoFails: ["env.step-data-flow"],
    run: run((hints) => {
      const env = new GridPlumeEnv(hints);
      return wrap(env, {
        step: (e, a) => {
          if (!e.actionSpace.contains(a)) throw ValidationError.invalid("action", "a member", a);
          const processor = (e as GridPlumeEnv).processor;
          const saved = processor.validateAction;
          (processor as { validateAction: unknown }).validateAction = () => true;
          try {
            return e.step(a);
          } finally {
            (processor as { validateAction: unknown }).validateAction = saved;
          }
        },
      });
    }, component),
    ungated: notComponent,
  },
  "env.step-determinism": {
    what: "random noise in the reward",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          // eslint-disable-next-line no-restricted-properties -- a deliberately broken env: hidden Math.random
          return [o, r + Math.random(), t, tr, i];
        },
      }),
    ),
    alsoFails: "*",
  },
  "env.step-determinism-exact": {
    what: "an order-dependent float term (first episode of an instance only)",
    run: run((hints) => {
      let episodes = 0;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          const r = e.reset(o);
          episodes += 1;
          return r;
        },
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          const extra = episodes === 1 ? 1e-12 : 0;
          return [o, r + extra, t, tr, { ...i, total_reward: (i["total_reward"] as number) + extra * (i["step_count"] as number) }];
        },
      });
    }),
  },
  "env.no-immediate-truncation": {
    what: "max_steps defaulting to 0",
    run: run(make({ maxSteps: 0 })),
    alsoFails: "*",
  },
  "env.trajectory-determinism": {
    what: "the plume advanced by wall-clock time",
    run: run(make({ components: { sensor: sensor(unit(), (s) => ndarray("float32", [1], [conc(s) * (0.5 + 0.5 * Math.abs(Math.sin(performance.now())))])) } })),
    alsoFails: "*",
  },
  "env.episode-independence": {
    what: "total_reward not cleared on reset",
    run: run((hints) => {
      let carried = 0;
      let sum = 0;
      return wrap(new GridPlumeEnv({ ...hints, components: { reward: { computeReward: () => 0.25, getMetadata: () => ({ type: "constant", parameters: {} }) } } }), {
        reset: (e, o) => {
          carried = sum;
          return e.reset(o);
        },
        step: (e, a) => {
          const [ob, r, t, tr, i] = e.step(a) as Step;
          sum = carried + (i["total_reward"] as number);
          return [ob, r, t, tr, { ...i, total_reward: sum }];
        },
      });
    }),
    alsoFails: ["env.total-reward", "env.step-determinism"],
  },
  "env.no-global-state": {
    what: "a module-level generator shared by every instance",
    run: run((hints) => new SharedRngEnv(hints)),
    alsoFails: ["env.unseeded-continuation", "env.reset-seed-validation", "env.invalid-action-rejected", "env.lifecycle.errors-typed", "env.trajectory-determinism", "env.episode-independence", "env.render-no-side-effect", "env.cross-instance-determinism"],
  },
  "env.type-stability": {
    what: "info dropping distance_to_goal after 10 steps",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          const { distance_to_goal: _d, ...rest } = i;
          return [o, r, t, tr, (i["step_count"] as number) > 10 ? rest : i];
        },
      }),
    ),
  },
  "env.render-no-side-effect": {
    what: "render consuming the env generator",
    run: run(
      (hints) =>
        wrap(new GridPlumeEnv({ ...hints, components: { sensor: new WindVectorSensor(0.1) } }), {
          render: (e) => {
            (e.npRandom as Generator).random();
            return e.render();
          },
        }),
      { capabilities: {} },
    ),
    ungated: () => checkEnv(wrapped({ props: { metadata: () => ({ render_modes: [], render_fps: null }) } }), { goalRadius: 1 }),
  },
  "env.step-count": {
    what: "a step counter not reset between episodes",
    run: run((hints) => {
      let total = 0;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          const [obs, info] = e.reset(o) as Reset;
          return [obs, { ...info, step_count: total }];
        },
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          total += 1;
          return [o, r, t, tr, { ...i, step_count: total }];
        },
      });
    }),
    alsoFails: ["env.termination-flags", "env.step-determinism", "env.episode-independence", "env.lifecycle.model", "env.lifecycle.errors-typed", "env.reset-seed-with-options"],
    ungated: gym,
  },
  "env.total-reward": {
    what: "total_reward that ignores the step rewards",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          return [o, r - 0.5, t, tr, i];
        },
      }),
    ),
    ungated: gym,
  },
  "env.info-keys": {
    what: "goal_reached as 0/1",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          return [o, r, t, tr, { ...i, goal_reached: i["goal_reached"] === true ? 1 : 0 }];
        },
      }),
    ),
    ungated: gym,
  },
  "env.info-keys-reference": {
    what: "agent_xy missing",
    run: run(
      wrapped({
        reset: (e, o) => {
          const [obs, { agent_xy: _a, ...info }] = e.reset(o) as Reset;
          return [obs, info];
        },
        step: (e, a) => {
          const [o, r, t, tr, { agent_xy: _a, ...i }] = e.step(a) as Step;
          return [o, r, t, tr, i];
        },
      }),
    ),
    ungated: gym,
  },
  "env.termination-flags": {
    what: "truncating at max_steps - 1",
    run: run(
      wrapped({
        step: (e, a) => {
          const [o, r, t, tr, i] = e.step(a) as Step;
          return [o, r, t, tr || (i["step_count"] as number) >= ((e as GridPlumeEnv).maxSteps - 1), i];
        },
      }),
    ),
    alsoFails: ["env.lifecycle.model", "env.lifecycle.step-after-done", "env.goal-rollout", "env.truncation-at-limit", "env.corner-rollout"],
    ungated: gym,
  },
  "env.agent-in-bounds": {
    what: "an env trusting a processor that does not clamp",
    run: run(make({ components: { action: unclamped() } })),
    ungated: gym,
    alsoFails: ["env.corner-rollout", "env.truncation-at-limit"],
  },
  "env.goal-rollout": {
    what: "truncated forced to false on the step that reaches the goal",
    run: run(
      wrapped({
        step: (inner, a) => {
          const [o, r, term, trunc, info] = inner.step(a) as unknown as Step;
          return [o, r, term, term ? false : trunc, info];
        },
      }),
    ),
    // no declared goal and no gridSize to sweep for one: nothing to steer onto
    ungated: run(
      wrapped({
        reset: (inner, o) => {
          const [obs, info] = inner.reset(o) as unknown as Reset;
          const { goal_location: _goal, ...rest } = info;
          return [obs, rest];
        },
        omit: ["gridSize"],
      }),
    ),
  },
  "env.goal-rollout#hidden-late": {
    what: "an env hiding its goal (no goalLocation, no info.goal_location) whose terminated is computed from the position before the move: the sweep's episode ends one cell past the goal, and entering that cell from another side does not terminate",
    run: run((hints) => {
      let pending: Step | undefined;
      const hide = (info: EnvInfo): EnvInfo => {
        const { goal_location: _g, distance_to_goal: _d, ...rest } = info;
        return rest as EnvInfo;
      };
      return wrap(new GridPlumeEnv({ ...hints }), {
        reset: (e, o) => {
          pending = undefined;
          const [obs, info] = e.reset(o) as unknown as Reset;
          return [obs, hide(info)];
        },
        step: (e, a) => {
          if (pending !== undefined) {
            const [o, , , , info] = pending;
            pending = undefined;
            return [o, 0, true, false, hide({ ...info, step_count: (info["step_count"] as number) + 1, goal_reached: true })];
          }
          const step = e.step(a) as unknown as Step;
          const [o, r, term, trunc, info] = step;
          if (!term) return [o, r, term, trunc, hide(info)];
          pending = step;
          return [o, r, false, trunc, hide({ ...info, goal_reached: false })];
        },
      });
    }),
    // the same late termination as #late-termination below, so the same lifecycle symptoms may show (which ones a
    // run meets depends on the lifecycle model's draws)
    alsoFails: ["env.termination-flags", "env.lifecycle.step-after-done", "env.lifecycle.model"],
  },
  "env.goal-rollout#late-termination": {
    what: "termination reported one step late: the step onto the goal says terminated false (distance_to_goal 0), the next one ends the episode",
    run: run((hints) => {
      let pending: Step | undefined;
      return wrap(new GridPlumeEnv({ ...hints }), {
        reset: (e, o) => {
          pending = undefined;
          return e.reset(o);
        },
        step: (e, a) => {
          if (pending !== undefined) {
            const [o, , , , info] = pending;
            pending = undefined;
            return [o, 0, true, false, { ...info, step_count: (info["step_count"] as number) + 1, goal_reached: true }];
          }
          const step = e.step(a) as unknown as Step;
          const [o, r, term, trunc, info] = step;
          if (!term) return step;
          pending = step;
          return [o, r, false, trunc, { ...info, goal_reached: false }];
        },
      });
    }),
    alsoFails: ["env.termination-flags", "env.lifecycle.step-after-done", "env.lifecycle.model"],
  },
  "env.corner-rollout": {
    what: "an agent pushed against the far corner is reported one cell outside the grid",
    run: run((hints) => {
      let last = "";
      const inner = new GridPlumeEnv({ ...hints });
      return wrap(inner, {
        step: (e, a) => {
          const [o, r, term, trunc, info] = e.step(a) as unknown as Step;
          const [x, y] = info["agent_xy"] as [number, number];
          const here = `${x},${y}`;
          const corner = x === inner.gridSize.width - 1 && y === inner.gridSize.height - 1 && last === here;
          last = here;
          return [o, r, term, trunc, corner ? { ...info, agent_xy: [x + 1, y], agent_position: [x + 1, y] } : info];
        },
      });
    }),
    ungated: run(wrapped({ props: { gridSize: () => undefined } })),
  },
  "env.truncation-at-limit": {
    what: "a step counter that counts only moves (pushing against a wall is not counted), so episodes overrun max_steps",
    run: run((hints) => {
      let moves = 0;
      let last = "";
      return wrap(new GridPlumeEnv({ ...hints, maxSteps: 100_000 }), {
        props: { maxSteps: () => hints?.maxSteps ?? 60 },
        reset: (e, o) => {
          const [obs, info] = e.reset(o) as unknown as Reset;
          moves = 0;
          last = String(info["agent_xy"]);
          return [obs, { ...info, step_count: 0 }];
        },
        step: (e, a) => {
          const [o, r, term, , info] = e.step(a) as unknown as Step;
          const here = String(info["agent_xy"]);
          if (here !== last) moves += 1;
          last = here;
          return [o, r, term, moves >= (hints?.maxSteps ?? 60), { ...info, step_count: moves }];
        },
      });
    }),
    alsoFails: ["env.step-count", "env.lifecycle.step-after-done"],
    ungated: run(wrapped({ props: { maxSteps: () => undefined } })),
  },
  "env.reset-seed-with-options": {
    what: "reset({ seed, options }) applying the options and skipping the re-seed on a used env",
    run: run((hints) => {
      let used = false;
      return wrapped({
        reset: (inner, o) => {
          const skip = used && o?.options !== undefined;
          used = true;
          return skip ? inner.reset({ options: o?.options ?? {} }) : inner.reset(o);
        },
      })(hints);
    }),
  },
  "env.render-state-agreement": {
    what: "rgb_array frames of shape [width, height, 3] (transposed) on a non-square grid",
    run: run(
      wrapped({
        render: (e) => {
          const f = e.render();
          if (e.renderMode !== "rgb_array" || f === undefined || f === null) return f;
          const frame = f as NDArray<"uint8">;
          return ndarray("uint8", [frame.shape[1] as number, frame.shape[0] as number, 3], Array.from(frame.data));
        },
      }),
    ),
    ungated: run(wrapped({ props: { gridSize: () => undefined } })),
  },
  "env.reference-parity": {
    what: "an extra RNG draw (the wrong draw order)",
    run: run((hints) => new SwappedDrawEnv(hints), { reference: [{ fixture: recordReference(() => new GridPlumeEnv(), [3, null, 7], 25) }] }),
    ungated: notComponent,
  },
  "env.env-state-keys": {
    what: "rng missing from the env state",
    run: run((hints) => {
      const given = hints?.components?.sensor;
      return new GridPlumeEnv({ ...hints, components: { ...hints?.components, ...(given !== undefined && { sensor: wrapSensorDropping(given, "rng") }) } });
    }, component),
    ungated: notComponent,
  },
  "env.post-step-observation": {
    what: "the observation computed from the pre-move state",
    run: run((hints) => {
      const env = new GridPlumeEnv(hints);
      let before: AgentState | undefined;
      const inner = env.sensor;
      const delayed: ObservationModel<unknown> = {
        get observationSpace() {
          return inner.observationSpace;
        },
        getObservation: (state: EnvState) => {
          const seen = before ?? state.agent_state;
          before = state.agent_state;
          return inner.getObservation({ ...state, agent_state: seen });
        },
        getMetadata: () => inner.getMetadata(),
        reset: () => {
          before = undefined;
        },
      };
      return new GridPlumeEnv({ ...hints, components: { ...hints?.components, sensor: delayed } });
    }, component),
    ungated: notComponent,
  },
  "env.step-data-flow": {
    what: "the reward given next as prev",
    run: run((hints) => {
      const reward = hints?.components?.reward;
      if (reward === undefined) return new GridPlumeEnv(hints);
      return new GridPlumeEnv({
        ...hints,
        components: { ...hints?.components, reward: { computeReward: (_p, a, n, f) => reward.computeReward(n, a, n, f), getMetadata: () => reward.getMetadata() } },
      });
    }, component),
    ungated: notComponent,
  },
  "env.hooks-called": {
    what: "the plume never reset between episodes",
    run: run((hints) => {
      const plume = hints?.components?.plume;
      if (plume !== undefined) Object.defineProperty(plume, "reset", { value: () => {}, configurable: true });
      return new GridPlumeEnv(hints);
    }, component),
    ungated: notComponent,
  },
  "env.components-swappable": {
    what: "an env special-casing Discrete actions",
    run: run(
      (hints) =>
        wrap(new GridPlumeEnv(hints), {
          step: (e, a) => {
            if (typeof a !== "number") throw new TypeError("actions must be numbers");
            return e.step(a);
          },
        }),
      component,
    ),
    alsoFails: ["env.spaces-from-components", "env.invalid-action-rejected", "env.lifecycle.model"],
    ungated: notComponent,
  },
  "env.render-return": {
    what: "RGBA frames",
    run: run(
      wrapped({
        render: (e) => {
          const f = e.render();
          if (e.renderMode !== "rgb_array" || f === undefined || f === null) return f;
          const frame = f as NDArray<"uint8">;
          const [h, w] = frame.shape as [number, number, number];
          return ndarray("uint8", [h, w, 4], new Uint8Array(h * w * 4));
        },
      }),
    ),
  },
  "env.render-all-modes": {
    what: "render() that throws in a declared mode (ansi)",
    run: run(wrapped({ render: (inner) => (inner.renderMode === "ansi" ? (() => { throw new Error("ansi rendering is not implemented"); })() : inner.render()) })),
    alsoFails: ["env.render-return", "env.render-no-side-effect"],
  },
  "env.close-idempotent": {
    what: "a second close freeing a released handle",
    run: run((hints) => {
      let handle: object | null = {};
      return wrap(new GridPlumeEnv(hints), {
        close: (e) => {
          if (handle === null) throw new Error("handle already released");
          handle = null;
          e.close();
        },
      });
    }),
    alsoFails: ["env.lifecycle.close-any-state"],
  },
  "env.lifecycle.step-before-reset": {
    what: "a step that auto-resets",
    run: run((hints) => {
      let started = false;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          started = true;
          return e.reset(o);
        },
        step: (e, a) => {
          if (!started) {
            started = true;
            e.reset();
          }
          return e.step(a);
        },
      });
    }),
    alsoFails: ["env.lifecycle.errors-typed"],
  },
  "env.lifecycle.reset-ready": {
    what: "reset throwing when already READY",
    run: run((hints) => {
      let ready = false;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          if (ready) throw new StateError("already reset");
          const r = e.reset(o);
          ready = true;
          return r;
        },
        step: (e, a) => {
          const r = e.step(a) as Step;
          if (r[2] || r[3]) ready = false;
          return r;
        },
      });
    }),
    alsoFails: "*",
  },
  "env.lifecycle.step-after-done": {
    what: "stepping past the end of the episode",
    run: run((hints) => {
      let done = false;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          done = false;
          return e.reset(o);
        },
        step: (e, a) => {
          if (done) return [(e.reset({ seed: 0 }) as Reset)[0], 0, true, true, {}];
          const r = e.step(a) as Step;
          done = r[2] || r[3];
          return r;
        },
      });
    }),
    ungated: () => checkEnv((hints) => new GridPlumeEnv({ ...hints, maxSteps: 100_000, goalRadius: -1 }), { goalRadius: 1 }),
  },
  "env.lifecycle.closed-rejects": {
    what: "reset reopening a closed env",
    run: run((hints) => {
      let current = new GridPlumeEnv(hints);
      let closed = false;
      return wrap(current, {
        reset: (_e, o) => {
          if (closed) {
            current = new GridPlumeEnv(hints);
            closed = false;
          }
          return current.reset(o);
        },
        step: (_e, a) => current.step(a),
        close: () => {
          closed = true;
          current.close();
        },
      });
    }),
    alsoFails: ["env.lifecycle.errors-typed"],
  },
  "env.lifecycle.close-any-state": {
    what: "close before reset dereferencing the missing agent",
    run: run((hints) => {
      let agent: { ready: boolean } | undefined;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          agent = { ready: true };
          return e.reset(o);
        },
        close: (e) => {
          if (!(agent as { ready: boolean }).ready) return;
          e.close();
        },
      });
    }),
    alsoFails: ["env.close-idempotent", "env.lifecycle.closed-rejects", "env.lifecycle.step-before-reset", "env.lifecycle.errors-typed"],
  },
  "env.lifecycle.errors-typed": {
    what: "a generic Error for step before reset",
    run: run((hints) => {
      let started = false;
      return wrap(new GridPlumeEnv(hints), {
        reset: (e, o) => {
          started = true;
          return e.reset(o);
        },
        step: (e, a) => {
          if (!started) throw new Error("call reset first");
          return e.step(a);
        },
      });
    }),
    alsoFails: ["env.lifecycle.step-before-reset"],
  },
  "env.lifecycle.model": {
    what: "render() throwing once the episode has ended",
    run: run((hints) => {
      let done = false;
      return wrap(new GridPlumeEnv({ renderMode: "ansi", ...hints }), {
        reset: (e, o) => {
          done = false;
          return e.reset(o);
        },
        step: (e, a) => {
          const r = e.step(a) as Step;
          done = r[2] || r[3];
          return r;
        },
        render: (e) => {
          if (done) throw new Error("no frame after the episode ended");
          return e.render();
        },
      });
    }),
    alsoFails: ["env.render-no-side-effect"],
  },
};

function wrapSensorDropping(inner: ObservationModel<unknown>, key: string): ObservationModel<unknown> {
  return {
    get observationSpace() {
      return inner.observationSpace;
    },
    getObservation: (state: EnvState) => {
      const copy = { ...state } as Record<string, unknown>;
      delete copy[key];
      return inner.getObservation(copy as unknown as EnvState);
    },
    getMetadata: () => inner.getMetadata(),
  };
}

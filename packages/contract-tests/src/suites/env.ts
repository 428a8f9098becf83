/**
 * `checkEnv`: Gymnasium's `check_env` and passive-checker checks, Plume's MUSTs (seed 001), the
 * component-env checks and the lifecycle state machine (`env.*`, CHECKS.md §7).
 */
import { ENV_STATE_KEYS, type Env, type EnvInfo } from "@plume/core-types";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { describeError, fail, guard, planSuite, warn, type CheckContext, type CheckDefinition, type SuitePlan } from "../engine.js";
import { KitBoxActions, KitConcentrationSensor, KitConstantField, KitConstantReward } from "../kit.js";
import { envOptionsSchema, resolveOptions, type EnvCheckOptions } from "../options.js";
import { HiddenNondeterminismError, trapped } from "../probes/trap.js";
import { approxDiff, cloneValue, exactDiff, isNDArrayLike, isObjectLike, isPlainObject, numericLeaves, render, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import {
  boxView,
  dictEntries,
  dtypeProblem,
  enumerateDiscrete,
  explainNotContained,
  extremeMembers,
  foreignValues,
  isSpaceLike,
  lenientContainsProblem,
  samplingCopy,
  seededSamples,
  seedingProblem,
  spaceDefinitionProblems,
  spaceLabel,
  spaceType,
  tupleSpaces,
  type AnySpace,
} from "../spaces-util.js";
import { SPY_GRID, spyComponents, type EnvComponents, type EnvFactoryOptions } from "./env-spies.js";
import { lifecycleChecks } from "./lifecycle.js";
import { requireFactory } from "./common.js";

export type { EnvComponents, EnvFactoryOptions } from "./env-spies.js";

/** What `checkEnv` accepts: any `Env`. */
export type AnyEnv = Env<unknown, unknown, EnvInfo>;
/** Builds a fresh env; `options` carries hints (render mode, short episodes, components) it may ignore. */
export type EnvFactory = (options?: EnvFactoryOptions) => AnyEnv;

/** One reset or step of a trajectory, as compared between runs. */
export interface TrajectoryEvent {
  readonly kind: "reset" | "step";
  readonly action?: unknown;
  readonly obs: unknown;
  readonly info: unknown;
  readonly reward?: unknown;
  readonly terminated?: unknown;
  readonly truncated?: unknown;
}

/** A rollout script: segments that each start with a reset (seeded or not) and take up to `steps` actions. */
export interface Script {
  readonly segments: readonly { readonly seed: number | null; readonly steps: number }[];
  readonly actionSeed: number;
}

/** Whether a step ended the episode (flags are read by truthiness, so 0/1 flags still end it here). */
export function isDone(terminated: unknown, truncated: unknown): boolean {
  return Boolean(terminated) || Boolean(truncated);
}

function isStateError(e: unknown): boolean {
  return isObjectLike(e) && ((e as { name?: unknown }).name === "StateError" || (e as { code?: unknown }).code === "PLUME_STATE");
}
function isValidationError(e: unknown): boolean {
  return isObjectLike(e) && ((e as { name?: unknown }).name === "ValidationError" || (e as { code?: unknown }).code === "PLUME_VALIDATION");
}

/** A fingerprint of a generator's state, without consuming it; undefined when it cannot be read. */
export function generatorFingerprint(g: unknown): string | undefined {
  if (!isObjectLike(g)) return undefined;
  if ("state" in g) {
    try {
      return JSON.stringify((g as { state: unknown }).state, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
    } catch {
      return undefined;
    }
  }
  const clone = (g as { clone?: () => unknown }).clone;
  if (typeof clone === "function") {
    const c = clone.call(g) as { random?: () => number };
    if (typeof c.random === "function") return JSON.stringify(Array.from({ length: 4 }, () => (c.random as () => number)()));
  }
  return undefined;
}

/** The structural signature of an observation (keys, lengths, dtypes), for `env.type-stability`. */
function signature(value: unknown): string {
  if (isNDArrayLike(value)) return `nd<${value.dtype}>[${value.shape.join("x")}]`;
  if (typeof value === "number") return "number";
  if (Array.isArray(value)) return `[${value.map(signature).join(",")}]`;
  if (isPlainObject(value)) return `{${Object.keys(value).sort().map((k) => `${k}:${signature(value[k])}`).join(",")}}`;
  return typeName(value);
}

/** Composite structure only (Dict keys, Tuple length), recursive: `env.obs-structure`. */
function compositeStructureProblem(space: AnySpace, value: unknown, path = "obs"): string | undefined {
  const type = spaceType(space);
  if (type === "Dict") {
    const entries = dictEntries(space) ?? [];
    if (!isPlainObject(value)) return `${path} is ${render(value)} (a ${typeName(value)}), not a plain object with the Dict's keys ${render(entries.map(([k]) => k))}`;
    const keys = Object.keys(value);
    for (const [k] of entries) if (!keys.includes(k)) return `${path} lacks the Dict key "${k}"`;
    for (const k of keys) if (!entries.some(([e]) => e === k)) return `${path} has the extra key "${k}", which the Dict space does not declare`;
    for (const [k, s] of entries) {
      const d = compositeStructureProblem(s, value[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
  }
  if (type === "Tuple") {
    const subs = tupleSpaces(space) ?? [];
    if (!Array.isArray(value)) return `${path} is ${render(value)}, not an array of ${subs.length} elements (Tuple)`;
    if (value.length !== subs.length) return `${path} has ${value.length} elements but the Tuple space has ${subs.length}`;
    for (let i = 0; i < subs.length; i++) {
      const d = compositeStructureProblem(subs[i] as AnySpace, value[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
  }
  return undefined;
}

function boxesOf(space: unknown, path: string): [string, NonNullable<ReturnType<typeof boxView>>][] {
  const out: [string, NonNullable<ReturnType<typeof boxView>>][] = [];
  const walk = (s: unknown, p: string) => {
    const b = boxView(s);
    if (b !== undefined) out.push([p, b]);
    for (const [k, sub] of dictEntries(s) ?? []) walk(sub, `${p}.${k}`);
    (tupleSpaces(s) ?? []).forEach((sub, i) => walk(sub, `${p}[${i}]`));
  };
  walk(space, path);
  return out;
}

/** Info keys that count episodes on one instance: they legitimately differ between a reused env and a fresh one. */
export const INSTANCE_COUNTER_KEYS: readonly string[] = Object.freeze(["episode_count"]);

/** An info without the per-instance counters, for comparisons across instances or episodes. */
function withoutCounters(info: unknown): unknown {
  if (!isPlainObject(info)) return info;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(info)) if (!INSTANCE_COUNTER_KEYS.includes(k)) out[k] = info[k];
  return out;
}

function withoutEventCounters(events: readonly TrajectoryEvent[]): TrajectoryEvent[] {
  return events.map((e) => ({ ...e, info: withoutCounters(e.info) }));
}

function describeScript(s: Script): string {
  return `{${s.segments.map((g) => `reset(${g.seed === null ? "" : `{ seed: ${g.seed} }`}) + ${g.steps} steps`).join(", then ")}; actions from seed ${s.actionSeed}}`;
}

/** Builds the env suite without running it. */
export function planEnv(factory: EnvFactory, rawOptions?: EnvCheckOptions): SuitePlan {
  requireFactory(factory, "checkEnv", "env");
  const { options, settings } = resolveOptions(envOptionsSchema, "env", rawOptions);
  const caps = settings.capabilities;
  const plume = caps.profile !== "gymnasium";
  const maxSteps = options.maxRolloutSteps ?? 200;
  const shortSteps = options.shortEpisodeSteps ?? 5;
  const envRuns = Math.max(5, Math.ceil(settings.numRuns / 5));
  const make = (hints?: EnvFactoryOptions): AnyEnv => guard(hints === undefined ? "the env factory()" : `the env factory(${render(hints, 120)})`, () => factory(hints));
  const resetEnv = (env: AnyEnv, opts?: { seed?: number; options?: Record<string, unknown> }) =>
    guard(`reset(${opts === undefined ? "" : render(opts)})`, () => {
      const r = opts === undefined ? env.reset() : env.reset(opts);
      if (!Array.isArray(r) || r.length !== 2) fail(`reset(${opts === undefined ? "" : render(opts)}) returned ${render(r)}, not [observation, info]`);
      return r as unknown as readonly [unknown, unknown];
    });
  const stepEnv = (env: AnyEnv, action: unknown) =>
    guard(`step(${render(action)})`, () => {
      const r = env.step(cloneValue(action));
      if (!Array.isArray(r) || r.length !== 5) fail(`step(${render(action)}) returned ${Array.isArray(r) ? `${r.length} elements` : render(r)}, not [observation, reward, terminated, truncated, info]`);
      return r as unknown as readonly [unknown, unknown, unknown, unknown, unknown];
    });
  const actionSpaceOf = (env: AnyEnv): AnySpace => {
    const s = guard("reading actionSpace", () => env.actionSpace) as unknown;
    if (!isSpaceLike(s)) fail(`actionSpace is ${render(s)}, not a space`);
    return s;
  };
  const obsSpaceOf = (env: AnyEnv): AnySpace => {
    const s = guard("reading observationSpace", () => env.observationSpace) as unknown;
    if (!isSpaceLike(s)) fail(`observationSpace is ${render(s)}, not a space`);
    return s;
  };
  const actionsFor = (space: AnySpace, seed: number, n: number): unknown[] => seededSamples(space, seed, n);
  const validAction = (env: AnyEnv): unknown => actionsFor(actionSpaceOf(env), 123, 1)[0];

  /** Runs a script on `env`: resets per segment, steps with actions drawn from one seeded copy of the action space, unseeded reset after an episode ends. */
  const runScript = (env: AnyEnv, script: Script, hooks: { render?: boolean; onEvent?: (e: TrajectoryEvent, env: AnyEnv) => void } = {}): TrajectoryEvent[] => {
    const total = script.segments.reduce((a, s) => a + s.steps, 0);
    const actions = actionsFor(actionSpaceOf(env), script.actionSeed, total);
    const events: TrajectoryEvent[] = [];
    const push = (e: TrajectoryEvent) => {
      events.push(e);
      hooks.onEvent?.(e, env);
      if (hooks.render === true) guard("render()", () => env.render());
    };
    let k = 0;
    for (const seg of script.segments) {
      const [obs, info] = resetEnv(env, seg.seed === null ? undefined : { seed: seg.seed });
      push({ kind: "reset", obs, info });
      for (let i = 0; i < seg.steps; i++) {
        const action = actions[k++];
        const [o, r, term, trunc, inf] = stepEnv(env, action);
        push({ kind: "step", action, obs: o, reward: r, terminated: term, truncated: trunc, info: inf });
        if (isDone(term, trunc)) {
          const [o2, i2] = resetEnv(env);
          push({ kind: "reset", obs: o2, info: i2 });
        }
      }
    }
    return events;
  };

  const rolloutScripts = fc.record({
    segments: fc.array(
      fc.record({
        seed: fc.option(arb.seed(), { nil: null, freq: 3 }),
        steps: fc.oneof({ arbitrary: fc.constant(maxSteps), weight: 2 }, { arbitrary: fc.integer({ min: 1, max: maxSteps }), weight: 1 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    actionSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  });
  /** Short scripts whose first reset is seeded, so that two runs are comparable. */
  const shortScripts = fc.record({
    segments: fc
      .tuple(arb.seed(), fc.integer({ min: 1, max: 30 }), fc.array(fc.record({ seed: fc.option(arb.seed(), { nil: null }), steps: fc.integer({ min: 1, max: 30 }) }), { maxLength: 2 }))
      .map(([seed, steps, rest]) => [{ seed: seed as number | null, steps }, ...rest]),
    actionSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  });

  /**
   * Recorded rollouts, shared by every check that only inspects events: a script is run once per suite
   * run, and each check replays the recording (including an error at the point it was thrown).
   */
  const recordings = new Map<string, { env: AnyEnv; events: TrajectoryEvent[]; error?: { value: unknown } }>();
  const record = (script: Script) => {
    const key = JSON.stringify(script);
    let rec = recordings.get(key);
    if (rec === undefined) {
      const env = make();
      const events: TrajectoryEvent[] = [];
      rec = { env, events };
      try {
        runScript(env, script, { onEvent: (e) => void events.push(e) });
        guard("close()", () => env.close());
      } catch (error) {
        rec.error = { value: error };
      }
      if (recordings.size > 500) recordings.clear();
      recordings.set(key, rec);
    }
    return rec;
  };
  /** A property over random rollouts that checks every event. */
  const rolloutProperty = (ctx: CheckContext, onEvent: (e: TrajectoryEvent, env: AnyEnv, index: number, events: readonly TrajectoryEvent[]) => void, scripts = rolloutScripts) => {
    ctx.property(
      scripts,
      (script) => {
        const rec = record(script);
        const seen: TrajectoryEvent[] = [];
        for (const e of rec.events) {
          seen.push(e);
          onEvent(e, rec.env, seen.length - 1, seen);
        }
        if (rec.error !== undefined) throw rec.error.value;
      },
      { numRuns: envRuns, describe: describeScript },
    );
  };

  const reportedSeed = (info: unknown) => (isPlainObject(info) ? info["seed"] : undefined);
  const needComponents = (ctx: CheckContext) => {
    if (caps.componentEnv !== true) ctx.skip("not a component env (declare capabilities.componentEnv and accept { components } in the factory)");
  };
  const needPlume = (ctx: CheckContext) => {
    if (!plume) ctx.skip('the "gymnasium" profile does not require it');
  };
  const resetObsQuad = (seed: number) => {
    const env = make();
    const a = resetEnv(env, { seed });
    const b = resetEnv(env);
    const c = resetEnv(env, { seed });
    const d = resetEnv(env);
    return { env, obs: [a[0], b[0], c[0], d[0]] };
  };
  const stepPair = () => {
    const env = make();
    const space = samplingCopy(actionSpaceOf(env));
    space.seed(123);
    const action = space.sample();
    const first = [...stepAfterReset(env, action)];
    const rng1 = generatorFingerprint(env.npRandom);
    const second = [...stepAfterReset(env, action)];
    const rng2 = generatorFingerprint(env.npRandom);
    return { action, first, second, rng1, rng2 };
  };
  const stepAfterReset = (env: AnyEnv, action: unknown) => {
    resetEnv(env, { seed: 123 });
    return stepEnv(env, action);
  };
  const gridOf = (env: AnyEnv): [number, number] | undefined => {
    const g = (env as unknown as { gridSize?: { width?: unknown; height?: unknown } }).gridSize;
    if (g !== undefined && Number.isSafeInteger(g.width) && Number.isSafeInteger(g.height)) return [g.width as number, g.height as number];
    return undefined;
  };
  /** The env's own episode limit: `info.max_steps`, `env.maxSteps`, `env.max_steps` or `env.spec.maxEpisodeSteps`. */
  const maxStepsOf = (env: AnyEnv, info?: unknown): number | undefined => {
    const own = numberProp(env, info, "max_steps", "maxSteps", undefined) ?? numberProp(env, undefined, "max_steps", "max_steps", undefined);
    if (own !== undefined) return own;
    const spec = (env as unknown as { spec?: unknown }).spec;
    const v = isPlainObject(spec) ? (spec["maxEpisodeSteps"] ?? spec["max_episode_steps"]) : undefined;
    return typeof v === "number" ? v : undefined;
  };
  const numberProp = (env: AnyEnv, info: unknown, infoKey: string, envKey: string, option: number | undefined): number | undefined => {
    if (isPlainObject(info) && typeof info[infoKey] === "number") return info[infoKey] as number;
    const v = (env as unknown as Record<string, unknown>)[envKey];
    if (typeof v === "number") return v;
    return option;
  };

  // ---- Directed rollouts (issue 20 class 4): to the goal, to each corner, to truncation at the env's own limit ----
  const positionOf = (info: unknown): [number, number] | undefined => {
    const p = isPlainObject(info) ? (info["agent_xy"] ?? info["agent_position"]) : undefined;
    return Array.isArray(p) && typeof p[0] === "number" && typeof p[1] === "number" ? [p[0], p[1]] : undefined;
  };
  /** The declared goal: `info.goal_location` after reset, or `env.goalLocation` ({ x, y } or [x, y]). */
  const goalOf = (env: AnyEnv, info: unknown): [number, number] | undefined => {
    const read = (g: unknown): [number, number] | undefined => {
      if (Array.isArray(g) && typeof g[0] === "number" && typeof g[1] === "number") return [g[0], g[1]];
      if (isObjectLike(g) && typeof (g as { x?: unknown }).x === "number" && typeof (g as { y?: unknown }).y === "number") return [(g as { x: number }).x, (g as { y: number }).y];
      return undefined;
    };
    return (isPlainObject(info) ? read(info["goal_location"]) : undefined) ?? read((env as unknown as { goalLocation?: unknown }).goalLocation);
  };
  /** How each Discrete action moves the agent from the seeded start (learned by trying it), or why it cannot be learned. */
  const learnMoves = (hints: EnvFactoryOptions | undefined, seed: number): { moves: [unknown, number, number][] } | { why: string } => {
    const env = make(hints);
    const actions = enumerateDiscrete(actionSpaceOf(env));
    if (actions === undefined) return { why: "the action space is not a Discrete of at most 64 actions, so the kit cannot steer the agent" };
    const moves: [unknown, number, number][] = [];
    for (const a of actions) {
      const [, info] = resetEnv(env, { seed });
      const p0 = positionOf(info);
      if (p0 === undefined) return { why: "the reset info has no agent_xy or agent_position, so the kit cannot steer the agent" };
      const p1 = positionOf(stepEnv(env, a)[4]);
      if (p1 !== undefined) moves.push([a, p1[0] - p0[0], p1[1] - p0[1]]);
    }
    if (!moves.some(([, dx, dy]) => dx !== 0 || dy !== 0)) return { why: "no single action moved the agent from its start, so the kit cannot steer it" };
    return { moves };
  };
  interface Directed {
    readonly events: TrajectoryEvent[];
    readonly env: AnyEnv;
    readonly ended: boolean;
    readonly reached: boolean;
  }
  /**
   * From reset({ seed }), steps greedily towards `target` with the learned moves, then pushes against the walls
   * there (every action `push` times), until the episode ends or `budget` steps; `invariants` sees every step.
   */
  const directed = (hints: EnvFactoryOptions | undefined, seed: number, moves: readonly [unknown, number, number][], target: (env: AnyEnv, info: unknown) => [number, number], budget: number, push: number, invariants: (e: TrajectoryEvent, env: AnyEnv, index: number) => void, avoid?: { readonly at: readonly [number, number]; readonly radius: number }): Directed => {
    const env = make(hints);
    const [obs, info] = resetEnv(env, { seed });
    const events: TrajectoryEvent[] = [{ kind: "reset", obs, info }];
    const [tx, ty] = target(env, info);
    let pos = positionOf(info);
    let reached = false;
    // pushing against the walls: the moves that would leave the grid from the target (all moves when the grid is unknown)
    const grid = gridOf(env);
    const outward = moves.filter(([, dx, dy]) => grid === undefined || tx + dx < 0 || ty + dy < 0 || tx + dx >= grid[0] || ty + dy >= grid[1]);
    const pushes = outward.flatMap(([a]) => Array.from({ length: push }, () => a));
    for (let i = 0; i < budget; i++) {
      if (pos === undefined) break;
      const here = pos;
      reached ||= here[0] === tx && here[1] === ty;
      const dist = (m: [unknown, number, number]) => Math.hypot(here[0] + m[1] - tx, here[1] + m[2] - ty);
      const safe = (m: [unknown, number, number]) => avoid === undefined || Math.hypot(here[0] + m[1] - avoid.at[0], here[1] + m[2] - avoid.at[1]) > avoid.radius;
      const best = [...moves].filter(safe).sort((a, b) => dist(a) - dist(b))[0];
      let action = best !== undefined && !reached && dist(best) < Math.hypot(here[0] - tx, here[1] - ty) ? best[0] : pushes.shift();
      while (action !== undefined && avoid !== undefined && !moves.some((m) => m[0] === action && safe(m))) action = pushes.shift();
      // stalled (no closer move, walls pushed): keep walking with the closest safe move, so the budget is used
      if (action === undefined) action = best?.[0];
      if (action === undefined) break;
      const [o, r, term, trunc, inf] = stepEnv(env, action);
      const e: TrajectoryEvent = { kind: "step", action, obs: o, reward: r, terminated: term, truncated: trunc, info: inf };
      events.push(e);
      invariants(e, env, events.length - 1);
      if (isDone(term, trunc)) return { events, env, ended: true, reached: reached || (positionOf(inf)?.[0] === tx && positionOf(inf)?.[1] === ty) };
      pos = positionOf(inf);
    }
    return { events, env, ended: false, reached };
  };
  /** Every reward/flag/info invariant, on one step of a directed rollout. */
  const stepInvariants = (where: string) => (e: TrajectoryEvent, env: AnyEnv, i: number) => {
    if (typeof e.reward !== "number" || !Number.isFinite(e.reward)) fail(`${where}, step ${i}: the reward is ${render(e.reward)}, not a finite number`, e.action);
    if (typeof e.terminated !== "boolean" || typeof e.truncated !== "boolean") fail(`${where}, step ${i}: terminated ${render(e.terminated)} and truncated ${render(e.truncated)} are not both booleans`);
    const why = explainNotContained(obsSpaceOf(env), e.obs, `the observation at step ${i}`);
    if (why !== undefined) fail(`${where}: ${why}`, e.obs);
    if (!plume) return;
    if (!isPlainObject(e.info)) fail(`${where}, step ${i}: the info is ${render(e.info)}, not an object`);
    const info = e.info;
    const grid = gridOf(env);
    const p = positionOf(info);
    if (grid !== undefined && p !== undefined && !(p[0] >= 0 && p[0] < grid[0] && p[1] >= 0 && p[1] < grid[1])) fail(`${where}, step ${i}: the agent is at (${p[0]}, ${p[1]}), outside the ${grid[0]}x${grid[1]} grid`);
    if (e.terminated === true || e.truncated === true) {
      const missing = ["step_count", "total_reward", "goal_reached"].filter((k) => !(k in info));
      if (missing.length > 0) fail(`${where}, step ${i}: the ${e.terminated === true ? "terminating" : "truncating"} step's info lacks ${render(missing)} (every step info carries them, the last one included)`);
    }
    // terminated is judged on the state after the move: the distance the step info reports, and the kit's own
    // distance from the agent's new position to the goal (Euclidean, as PlumeEnv), against the goal radius
    const radius = numberProp(env, info, "goal_radius", "goalRadius", options.goalRadius);
    if (radius !== undefined && typeof e.terminated === "boolean") {
      const atBoundary = (d: number) => Math.abs(d - radius) <= 1e-6 * Math.max(1, radius);
      const reported = info["distance_to_goal"];
      if (typeof reported === "number" && !atBoundary(reported) && e.terminated !== reported <= radius) {
        fail(`${where}, step ${i}: terminated is ${render(e.terminated)} but the step info's distance_to_goal ${reported} is ${reported <= radius ? "<=" : ">"} the goal radius ${radius}: terminated must be judged on the state after the move`);
      }
      const goal = goalOf(env, info);
      if (goal !== undefined && p !== undefined) {
        const d = Math.hypot(p[0] - goal[0], p[1] - goal[1]);
        if (!atBoundary(d) && e.terminated !== d <= radius) {
          fail(`${where}, step ${i}: the agent is at (${p[0]}, ${p[1]}), ${render(d)} from the goal (${goal[0]}, ${goal[1]}) with goal radius ${radius}, but terminated is ${render(e.terminated)}: terminated must be judged on the state after the move`);
        }
      }
    }
    const count = info["step_count"];
    const max = maxStepsOf(env, info);
    if (max !== undefined && typeof count === "number") {
      if (count > max) fail(`${where}, step ${i}: step_count ${count} is past max_steps ${max} (the episode should have been truncated at step ${max})`);
      if (e.truncated !== count >= max) fail(`${where}, step ${i}: truncated is ${render(e.truncated)} at step_count ${count} with max_steps ${max}`);
    }
  };

  /** The steps a goal search may take in all (the serpentine sweep plus the approaches): ~128x128 cells. */
  const GOAL_SEARCH_BUDGET = 20_000;
  /**
   * One greedy walk in a live episode from `from` to the cell `to` with the learned moves, never stepping onto
   * `avoid`; `invariants` sees every step. Stops on arrival, when the episode ends, or when no move gets closer.
   */
  const walkTo = (env: AnyEnv, from: [number, number], to: readonly [number, number], moves: readonly [unknown, number, number][], invariants: (e: TrajectoryEvent, env: AnyEnv, index: number) => void, steps: { n: number }, avoid?: readonly [number, number]) => {
    let here = from;
    let last: TrajectoryEvent | undefined;
    while (here[0] !== to[0] || here[1] !== to[1]) {
      const dist = (m: readonly [unknown, number, number]) => Math.hypot(here[0] + m[1] - to[0], here[1] + m[2] - to[1]);
      const best = moves.filter((m) => avoid === undefined || here[0] + m[1] !== avoid[0] || here[1] + m[2] !== avoid[1]).sort((a, b) => dist(a) - dist(b))[0];
      if (best === undefined || !(dist(best) < Math.hypot(here[0] - to[0], here[1] - to[1]))) return { at: here, from: here, last, ended: false, stuck: true };
      const [o, r, term, trunc, inf] = stepEnv(env, best[0]);
      steps.n += 1;
      last = { kind: "step", action: best[0], obs: o, reward: r, terminated: term, truncated: trunc, info: inf };
      invariants(last, env, steps.n);
      const p = positionOf(inf);
      if (isDone(term, trunc) || p === undefined) return { at: p ?? here, from: here, last, ended: true, stuck: false };
      here = p;
    }
    return { at: here, from: here, last, ended: false, stuck: false };
  };
  /**
   * The goal when the env declares none (issue 20 class 4): a serpentine sweep of the grid (seeded episodes, same
   * seed) finds a cell whose entry terminates the episode; then that cell is entered again from each other
   * neighbour the learned moves reach it from. Termination is a function of the position after the move, so every
   * such arrival must terminate on the very step it enters the cell, and not on the step before.
   */
  const hiddenGoalRollout = (ctx: CheckContext, seed: number): void => {
    const probe = make();
    const [w, h] = gridOf(probe) as [number, number];
    const budget = w * h + 3 * (w + h);
    if (budget > GOAL_SEARCH_BUDGET) return ctx.skip(`the env declares no goal and its ${w}x${h} grid is too large to sweep for one within the kit's ${GOAL_SEARCH_BUDGET} steps`);
    const learned = learnMoves(undefined, seed);
    if ("why" in learned) return ctx.skip(learned.why);
    const moves = learned.moves.filter(([, dx, dy]) => dx !== 0 || dy !== 0);
    const hints = { maxSteps: budget };
    const cells: [number, number][] = [];
    for (let y = 0; y < h; y++) for (let i = 0; i < w; i++) cells.push([y % 2 === 0 ? i : w - 1 - i, y]);
    const steps = { n: 0 };
    const sweep = stepInvariants(`sweeping the ${w}x${h} grid for the undeclared goal`);
    let found: { cell: [number, number]; from: [number, number] } | undefined;
    let next = 0;
    // the sweep, resumed in a new episode (same seed) whenever one is truncated before any termination
    while (found === undefined && next < cells.length && steps.n < budget) {
      const env = make(hints);
      const start = positionOf(resetEnv(env, { seed })[1]);
      if (start === undefined) return ctx.skip("the reset info has no agent_xy or agent_position, so the kit cannot sweep the grid");
      let here = start;
      const before = next;
      while (next < cells.length && steps.n < budget) {
        const target = cells[next] as [number, number];
        const walk = walkTo(env, here, target, moves, sweep, steps);
        if (walk.ended) {
          if (walk.last?.terminated === true && walk.last.truncated !== true) found = { cell: walk.at, from: walk.from };
          break;
        }
        // arrived, or the learned moves cannot get closer to this cell: sweep on
        here = walk.at;
        next += 1;
      }
      if (found === undefined && next === before) break; // an episode that made no progress: give up
    }
    if (found === undefined) return ctx.incomplete(`the env declares no goal and a serpentine sweep of its ${w}x${h} grid (${steps.n} steps from reset({ seed: ${seed} })) ended no episode by termination, so the steps onto the goal were not checked`);
    const goal = found.cell;
    // each other neighbour the learned moves enter the goal cell from
    const neighbours = new Map<string, [number, number, unknown]>();
    for (const [a, dx, dy] of moves) {
      const n: [number, number] = [goal[0] - dx, goal[1] - dy];
      if (n[0] < 0 || n[1] < 0 || n[0] >= w || n[1] >= h) continue;
      if (n[0] === found.from[0] && n[1] === found.from[1]) continue;
      if (!neighbours.has(`${n[0]},${n[1]}`)) neighbours.set(`${n[0]},${n[1]}`, [n[0], n[1], a]);
    }
    let judged = 0;
    for (const [nx, ny, action] of neighbours.values()) {
      if (steps.n >= GOAL_SEARCH_BUDGET) break;
      const where = `entering the cell (${goal[0]}, ${goal[1]}) where the sweep's episode terminated, from (${nx}, ${ny})`;
      const check = stepInvariants(where);
      const env = make(hints);
      const start = positionOf(resetEnv(env, { seed })[1]);
      if (start === undefined) continue;
      const walk = walkTo(env, start, [nx, ny], moves, check, steps, goal);
      // ended on the way (it entered the goal region elsewhere) or cannot get there: this side is not reachable
      if (walk.ended || walk.stuck) continue;
      const [o, r, term, trunc, inf] = stepEnv(env, action);
      steps.n += 1;
      const e: TrajectoryEvent = { kind: "step", action, obs: o, reward: r, terminated: term, truncated: trunc, info: inf };
      check(e, env, steps.n);
      const p = positionOf(inf);
      if (p === undefined || p[0] !== goal[0] || p[1] !== goal[1]) continue; // the move did not land on the cell (stochastic actions)
      judged += 1;
      if (term !== true) {
        fail(`the env declares no goal; a sweep of the grid from reset({ seed: ${seed} }) ended the episode by termination on entering (${goal[0]}, ${goal[1]}) from (${found.from[0]}, ${found.from[1]}), but ${where} (same seed) gives terminated ${render(term)}: termination must be judged on the position after the move (computed from the position before it, it comes one step late)`, action);
      }
    }
    if (judged === 0) ctx.incomplete(`the sweep ended the episode by termination on entering (${goal[0]}, ${goal[1]}), but no other neighbour of that cell could be reached without ending the episode first, so termination on entry was not confirmed`);
  };

  const checks: CheckDefinition[] = [
    {
      id: "env.is-env",
      run() {
        const env = make() as unknown;
        if (!isObjectLike(env)) fail(`the factory returned ${render(env)}, not an env`);
        const missing: string[] = [];
        for (const m of ["reset", "step", "close", "render"]) if (typeof (env as Record<string, unknown>)[m] !== "function") missing.push(`${m}()`);
        for (const p of ["actionSpace", "observationSpace", "metadata"]) if (!(p in (env as object))) missing.push(p);
        if (missing.length > 0) fail(`the object is not an env: it lacks ${missing.join(", ")} (the Env interface of @plume/core-types)`);
      },
    },
    {
      id: "env.unwrapped",
      run() {
        const env = make();
        const u = (env as { unwrapped?: unknown }).unwrapped;
        if (u !== undefined && u !== env) fail("env.unwrapped is another object: a wrapped env was passed; check the raw env (env.unwrapped) as well");
      },
    },
    {
      id: "env.action-space-present",
      run() {
        const s = (make() as { actionSpace?: unknown }).actionSpace;
        if (s === undefined || s === null) fail(`actionSpace is ${render(s)}: an env must define its action space`);
      },
    },
    {
      id: "env.observation-space-present",
      run() {
        const s = (make() as { observationSpace?: unknown }).observationSpace;
        if (s === undefined || s === null) fail(`observationSpace is ${render(s)}: an env must define its observation space`);
      },
    },
    {
      id: "env.space-definition",
      run() {
        const env = make();
        const problems = [...spaceDefinitionProblems(env.observationSpace, "observationSpace"), ...spaceDefinitionProblems(env.actionSpace, "actionSpace")];
        if (problems.length > 0) fail(problems.join("; "));
      },
    },
    {
      id: "env.spaces-honest",
      run(ctx) {
        // the kit's own judgement of both spaces (issue 20, class 13): a contains() that admits nothing the space's
        // definition excludes, and seeded sampling that replays — on the same space and on a second fresh env's —
        // without Math.random (`plume run --policy random --seed 1` samples the env's action space)
        const [a, b] = [make(), make()];
        for (const key of ["observationSpace", "actionSpace"] as const) {
          const space = guard(`reading ${key}`, () => a[key]) as unknown;
          // a missing or ill-defined space is env.*-space-present's and env.space-definition's finding
          if (!isSpaceLike(space) || spaceDefinitionProblems(space, key).length > 0) continue;
          const lenient = lenientContainsProblem(space, key);
          if (lenient !== undefined) fail(lenient);
          const other = guard(`reading ${key} of a second env`, () => b[key]) as unknown;
          const seeding = seedingProblem(space, ctx.seed, key, isSpaceLike(other) ? other : undefined);
          if (seeding !== undefined) fail(seeding);
        }
      },
    },
    {
      id: "env.space-bounds-warnings",
      run() {
        const env = make();
        for (const [which, space] of [
          ["observationSpace", env.observationSpace],
          ["actionSpace", env.actionSpace],
        ] as const) {
          for (const [path, box] of boxesOf(space, which)) {
            for (let i = 0; i < box.low.length; i++) {
              if (box.low[i] === box.high[i]) fail(`${path} has low == high (${box.low[i]}) at element ${i}: a constant dimension`);
              if (which === "observationSpace" && (box.low[i] as number) > (box.high[i] as number)) fail(`${path} has low > high at element ${i}`);
            }
          }
        }
      },
    },
    {
      id: "env.space-limits",
      run() {
        const env = make();
        for (const [which, space] of [
          ["observationSpace", env.observationSpace],
          ["actionSpace", env.actionSpace],
        ] as const) {
          for (const [path, box] of boxesOf(space, which)) {
            for (let i = 0; i < box.low.length; i++) {
              if (box.dtype.startsWith("float") && (!Number.isFinite(Number(box.low[i])) || !Number.isFinite(Number(box.high[i])))) {
                fail(`${path} has an infinite bound at element ${i} ([${box.low[i]}, ${box.high[i]}]); bounded spaces are easier to learn from`);
              }
            }
          }
        }
        const act = boxView(env.actionSpace);
        if (act !== undefined && act.shape.length === 1) {
          const lows = Array.from(act.low, Number);
          const highs = Array.from(act.high, Number);
          const symmetric = lows.every((l, i) => l === -1 && highs[i] === 1);
          const unit = lows.every((l, i) => l === 0 && highs[i] === 1);
          if (!symmetric && !unit) fail(`the Box action space ${spaceLabel(env.actionSpace)} is not normalised to [-1, 1] (or [0, 1]); rescale actions inside the env`);
        }
      },
    },
    {
      id: "env.spaces-stable",
      run(ctx) {
        ctx.property(
          shortScripts,
          (script) => {
            const env = make();
            const obs = env.observationSpace;
            const act = env.actionSpace;
            const verify = (when: string) => {
              if (env.observationSpace !== obs) fail(`observationSpace is a different object ${when}`);
              if (env.actionSpace !== act) fail(`actionSpace is a different object ${when}`);
            };
            runScript(env, script, { onEvent: (e) => verify(`after ${e.kind}`) });
            guard("close()", () => env.close());
            verify("after close()");
          },
          { numRuns: envRuns, describe: describeScript },
        );
      },
    },
    {
      id: "env.spaces-from-components",
      run(ctx) {
        needComponents(ctx);
        const { components } = spyComponents();
        const env = make({ components });
        if (env.actionSpace !== components.action.actionSpace) fail("env.actionSpace is not the action processor's actionSpace (the same instance)");
        if (env.observationSpace !== components.sensor.observationSpace) fail("env.observationSpace is not the sensor's observationSpace (the same instance)");
      },
    },
    {
      id: "env.metadata",
      run() {
        const env = make();
        const meta = env.metadata as unknown;
        if (!isPlainObject(meta)) fail(`metadata is ${render(meta)} (a ${typeName(meta)}), not a plain object`);
        const modes = Array.isArray(meta["render_modes"]) ? (meta["render_modes"] as unknown[]) : [];
        const mode = (env as { renderMode?: unknown }).renderMode ?? null;
        if (modes.length === 0 && mode !== null) fail(`renderMode is ${render(mode)} but metadata.render_modes is empty`);
        if (mode !== null && !modes.includes(mode)) fail(`renderMode ${render(mode)} is not one of metadata.render_modes ${render(modes)}`);
        const fps = meta["render_fps"];
        if (typeof fps === "number" && !(fps > 0)) fail(`metadata.render_fps is ${fps}; it must be > 0`);
      },
    },
    {
      id: "env.metadata-warnings",
      run(ctx) {
        const meta = make().metadata as unknown;
        if (!isPlainObject(meta)) return ctx.skip("metadata is not a plain object (env.metadata reports it)");
        const modes = meta["render_modes"];
        if (modes === undefined) fail("metadata.render_modes is missing (use [] for no rendering)");
        if (!Array.isArray(modes)) fail(`metadata.render_modes is ${render(modes)}, not an array`);
        if (!modes.every((m) => typeof m === "string")) fail(`metadata.render_modes holds non-strings: ${render(modes)}`);
        if (modes.length > 0 && typeof meta["render_fps"] !== "number") fail(`metadata.render_fps is ${render(meta["render_fps"])} although render modes exist`);
      },
    },
    {
      id: "env.no-seed-method",
      run() {
        const env = make();
        if (typeof (env as unknown as { seed?: unknown }).seed === "function") fail("the env has a callable seed() method: seed through reset({ seed }) instead (Gymnasium deprecated env.seed())");
      },
    },
    {
      id: "env.reset-return",
      run() {
        const env = make();
        const r = guard("reset()", () => env.reset()) as unknown;
        if (!Array.isArray(r)) fail(`reset() returned ${render(r)} (a ${typeName(r)}), not an array [observation, info]`);
        if (r.length !== 2) fail(`reset() returned ${r.length} elements, not 2 ([observation, info])`);
        const why = explainNotContained(obsSpaceOf(env), r[0], "reset observation");
        if (why !== undefined) fail(why, r[0]);
        if (!isPlainObject(r[1])) fail(`the reset info is ${render(r[1])} (a ${typeName(r[1])}), not a plain object`);
      },
    },
    {
      id: "env.reset-seed-accepted",
      run() {
        resetEnv(make(), { seed: 123 });
      },
    },
    {
      id: "env.reset-rng-created",
      run() {
        const env = make();
        resetEnv(env, { seed: 123 });
        const g = (env as { npRandom?: unknown }).npRandom;
        if (g === undefined || g === null) fail("after reset({ seed: 123 }) env.npRandom is undefined: a seeded reset must create the env's generator (and expose it as npRandom)");
      },
    },
    {
      id: "env.reset-seed-rng-reproducible",
      run(ctx) {
        const env = make();
        resetEnv(env, { seed: 123 });
        const first = generatorFingerprint(env.npRandom);
        if (first === undefined) ctx.skip("env.npRandom exposes neither state nor clone(), so its state cannot be compared");
        resetEnv(env);
        resetEnv(env, { seed: 123 });
        const again = generatorFingerprint(env.npRandom);
        if (first !== again) fail("the generator state after reset({ seed: 123 }) differs between reset(123) and reset(), reset(123): a seeded reset must re-create the generator from the seed");
      },
    },
    {
      id: "env.reset-seed-rng-sensitive",
      run(ctx) {
        const probe = make();
        resetEnv(probe, { seed: 123 });
        if (generatorFingerprint(probe.npRandom) === undefined) ctx.skip("env.npRandom exposes neither state nor clone()");
        const stateFor = (seed: number) => {
          const env = make();
          resetEnv(env, { seed });
          return generatorFingerprint(env.npRandom);
        };
        if (stateFor(123) === stateFor(456)) fail("reset({ seed: 456 }) leaves the same generator state as seed 123: the seed is ignored (a constant internal seed?)");
        ctx.property(
          fc.tuple(arb.seed(), arb.seed()).filter(([a, b]) => a !== b),
          ([a, b]) => {
            if (stateFor(a) === stateFor(b)) fail(`seeds ${a} and ${b} leave the same generator state`);
          },
          { numRuns: envRuns },
        );
      },
    },
    {
      id: "env.reset-seed-obs",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const check = (seed: number) => {
          const { env, obs } = resetObsQuad(seed);
          const space = obsSpaceOf(env);
          obs.forEach((o, i) => {
            const why = explainNotContained(space, o, `observation ${i + 1}`);
            if (why !== undefined) fail(`in reset(${seed}), reset(), reset(${seed}), reset(): ${why}`, o);
          });
          const d1 = approxDiff(obs[0], obs[2], "obs");
          if (d1 !== undefined) fail(`reset({ seed: ${seed} }) twice gave different observations: ${d1}`);
          const d2 = approxDiff(obs[1], obs[3], "obs");
          if (d2 !== undefined) fail(`the unseeded resets after reset({ seed: ${seed} }) gave different observations: ${d2}`);
        };
        check(123);
        ctx.property(arb.seed(), check, { numRuns: envRuns });
      },
    },
    {
      id: "env.reset-seed-obs-exact",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const { obs } = resetObsQuad(123);
        if (approxDiff(obs[0], obs[2]) !== undefined || approxDiff(obs[1], obs[3]) !== undefined) ctx.skip("the observations differ beyond tolerance (env.reset-seed-obs reports it)");
        const d = exactDiff(obs[0], obs[2], "obs") ?? exactDiff(obs[1], obs[3], "obs");
        if (d !== undefined) fail(`seeded resets agree only approximately, not exactly: ${d}`);
      },
    },
    {
      id: "env.reset-options",
      run() {
        const env = make();
        resetEnv(env, { options: {} });
        resetEnv(env, { seed: 123, options: {} });
      },
    },
    {
      id: "env.reset-seed-with-options",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const walk = (env: AnyEnv, first: readonly [unknown, unknown]) => {
          const out: unknown[] = [first[0], first[1], generatorFingerprint(env.npRandom)];
          for (const a of actionsFor(actionSpaceOf(env), 5, 5)) {
            const r = stepEnv(env, a);
            out.push(r[0], r[1], r[2], r[3]);
            if (isDone(r[2], r[3])) break;
          }
          return out.map((v) => (isPlainObject(v) ? withoutCounters(v) : v));
        };
        for (const seed of [0, 7, 0xffffffff]) {
          const fresh = make();
          const want = walk(fresh, resetEnv(fresh, { seed }));
          // an env already used under another seed, then reset({ seed, options: {} }): the seed wins over the history
          const used = make();
          resetEnv(used, { seed: (seed + 1) % 2 ** 32 });
          for (const a of actionsFor(actionSpaceOf(used), 9, 3)) if (isDone(...(stepEnv(used, a).slice(2, 4) as [unknown, unknown]))) break;
          const got = walk(used, resetEnv(used, { seed, options: {} }));
          const d = approxDiff(got, want, "[obs, info, generator, then obs/reward/flags per step]");
          if (d !== undefined) fail(`reset({ seed: ${seed}, options: {} }) on a used env did not start the episode reset({ seed: ${seed} }) starts on a fresh one: ${d}`);
        }
      },
    },
    {
      id: "env.reset-seed-validation",
      run(ctx) {
        ctx.property(arb.badSeed(), (bad) => {
          const env = make();
          const twin = make();
          resetEnv(env, { seed: 5 });
          resetEnv(twin, { seed: 5 });
          const before = generatorFingerprint(env.npRandom);
          let threw: unknown;
          try {
            env.reset({ seed: bad as number });
          } catch (error) {
            threw = error;
          }
          if (threw === undefined) fail(`reset({ seed: ${render(bad)} }) was accepted; seeds must be integers in [0, 2^32 - 1]`);
          if (!isValidationError(threw)) fail(`reset({ seed: ${render(bad)} }) threw ${describeError(threw)}, not the exported ValidationError`);
          const param = (threw as { parameter?: unknown }).parameter;
          if (typeof param !== "string" || !param.includes("seed")) fail(`the ValidationError for seed ${render(bad)} names the parameter ${render(param)}, not "seed"`);
          if (generatorFingerprint(env.npRandom) !== before) fail(`the rejected reset({ seed: ${render(bad)} }) changed the env's generator state`);
          const a = validAction(env);
          const d = exactDiff(stepEnv(env, a), stepEnv(twin, a), "step result");
          if (d !== undefined) fail(`after the rejected reset({ seed: ${render(bad)} }) the env behaves differently from one that never saw it: ${d}`);
        }, { numRuns: Math.max(6, envRuns) });
        ctx.property(arb.seed(), (seed) => void resetEnv(make(), { seed }), { numRuns: envRuns });
        resetEnv(make());
      },
    },
    {
      id: "env.reset-info-seed",
      run(ctx) {
        needPlume(ctx);
        const env = make();
        for (const seed of [0, 42, 2 ** 32 - 1]) {
          const [, info] = resetEnv(env, { seed });
          if (reportedSeed(info) !== seed) fail(`after reset({ seed: ${seed} }) info.seed is ${render(reportedSeed(info))}, not ${seed}`);
        }
        const [, info] = resetEnv(env);
        const s = reportedSeed(info);
        if (s !== undefined && s !== null) fail(`after an unseeded reset info.seed is ${render(s)} (a stale seed); it must be absent or null`);
      },
    },
    {
      id: "env.cross-instance-determinism",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(arb.seed(), (seed) => {
          const d = exactDiff(resetEnv(make(), { seed }), resetEnv(make(), { seed }), "[obs, info]");
          if (d !== undefined) fail(`two fresh envs reset with seed ${seed} differ: ${d}`);
        }, { numRuns: envRuns });
      },
    },
    {
      id: "env.unseeded-continuation",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        // two envs seeded alike, then reset without a seed: the unseeded reset continues the seeded stream
        // (seed 001, Gymnasium), so both stay identical, and it reads neither the clock nor Math.random/crypto
        ctx.property(
          arb.seed(),
          (seed) => {
            const [a, b] = [make(), make()];
            resetEnv(a, { seed });
            resetEnv(b, { seed });
            for (let round = 1; round <= 3; round++) {
              const unseeded = (env: AnyEnv, which: string) => {
                try {
                  return trapped(() => resetEnv(env));
                } catch (error) {
                  if (error instanceof HiddenNondeterminismError) fail(`after reset({ seed: ${seed} }), reset() without a seed on ${which} called ${error.source}: an unseeded reset must continue the env's generator, not reseed it from the clock or another entropy source`);
                  throw error;
                }
              };
              const ra = unseeded(a, "the first env");
              const action = validAction(a);
              const sa = stepEnv(a, action);
              const rb = unseeded(b, "the second env");
              const sb = stepEnv(b, action);
              const d = exactDiff([ra[0], withoutCounters(ra[1])], [rb[0], withoutCounters(rb[1])], "[obs, info]") ?? exactDiff([sa[0], sa[1], sa[2], sa[3]], [sb[0], sb[1], sb[2], sb[3]], "[obs, reward, terminated, truncated]");
              if (d !== undefined) fail(`two envs reset with seed ${seed}, then ${round} unseeded reset(s) and a step, differ: ${d} (an unseeded reset must continue the seeded stream)`);
            }
          },
          { numRuns: Math.max(3, Math.ceil(envRuns / 2)) },
        );
      },
    },
    {
      id: "env.step-return",
      run() {
        const env = make();
        resetEnv(env, { seed: 0 });
        const r = guard("step(action)", () => env.step(validAction(env))) as unknown;
        if (!Array.isArray(r)) fail(`step() returned ${render(r)} (a ${typeName(r)}), not [observation, reward, terminated, truncated, info]`);
        if (r.length === 4) fail("step() returned 4 elements (the old [obs, reward, done, info] API); return [obs, reward, terminated, truncated, info]");
        if (r.length !== 5) fail(`step() returned ${r.length} elements, not 5`);
      },
    },
    {
      id: "env.step-flags-boolean",
      run(ctx) {
        rolloutProperty(ctx, (e) => {
          if (e.kind !== "step") return;
          for (const [name, v] of [
            ["terminated", e.terminated],
            ["truncated", e.truncated],
          ] as const) {
            if (typeof v !== "boolean") (plume ? fail : warn)(`${name} is ${render(v)} (a ${typeName(v)}), not a boolean`);
          }
        });
      },
    },
    {
      id: "env.reward-number",
      run(ctx) {
        rolloutProperty(ctx, (e) => {
          if (e.kind !== "step") return;
          if (typeof e.reward !== "number") (plume ? fail : warn)(`the reward is ${render(e.reward)} (a ${typeName(e.reward)}), not a primitive number`);
          if (!Number.isFinite(e.reward)) (plume ? fail : warn)(`the reward is ${e.reward}, not finite`);
        });
      },
    },
    {
      id: "env.info-object",
      run(ctx) {
        rolloutProperty(ctx, (e) => {
          if (!isPlainObject(e.info)) fail(`the ${e.kind} info is ${render(e.info)} (a ${typeName(e.info)}), not a plain object`);
        });
      },
    },
    {
      id: "env.obs-in-space",
      run(ctx) {
        let space: AnySpace | undefined;
        rolloutProperty(ctx, (e, env, i) => {
          space ??= obsSpaceOf(env);
          const why = explainNotContained(obsSpaceOf(env), e.obs, `${e.kind} observation`);
          if (why !== undefined) (plume ? fail : warn)(`event ${i} (${e.kind}): ${why}`, e.obs);
        });
      },
    },
    {
      id: "env.obs-structure",
      run(ctx) {
        rolloutProperty(ctx, (e, env) => {
          const why = compositeStructureProblem(obsSpaceOf(env), e.obs, `${e.kind} observation`);
          if (why !== undefined) fail(why, e.obs);
        });
      },
    },
    {
      id: "env.obs-structure-types",
      run(ctx) {
        rolloutProperty(ctx, (e, env) => {
          const why = dtypeProblem(obsSpaceOf(env), e.obs, `${e.kind} observation`);
          if (why !== undefined) (plume ? fail : warn)(why, e.obs);
        });
      },
    },
    {
      id: "env.obs-finite",
      run(ctx) {
        needPlume(ctx);
        rolloutProperty(ctx, (e) => {
          for (const [path, v] of numericLeaves(e.obs, `${e.kind} observation`)) if (typeof v === "number" && !Number.isFinite(v)) fail(`${path} is ${v}: observations must hold no NaN or ±Infinity`, e.obs);
        });
      },
    },
    {
      id: "env.valid-actions-accepted",
      run(ctx) {
        const env = make();
        const space = actionSpaceOf(env);
        const actions = enumerateDiscrete(space) ?? [...extremeMembers(space), ...seededSamples(space, ctx.seed, 20)];
        for (const a of actions) {
          resetEnv(env, { seed: 42 });
          stepEnv(env, a);
        }
      },
    },
    {
      id: "env.invalid-action-rejected",
      run(ctx) {
        needPlume(ctx);
        const probe = make();
        const bad = foreignValues(actionSpaceOf(probe));
        for (const x of bad) {
          const env = make();
          const twin = make();
          resetEnv(env, { seed: 42 });
          resetEnv(twin, { seed: 42 });
          let threw: unknown;
          let result: unknown;
          try {
            result = env.step(cloneValue(x));
          } catch (error) {
            threw = error;
          }
          if (threw === undefined) fail(`step(${render(x)}) accepted an action outside ${spaceLabel(probe.actionSpace)} (returned ${render(result)}); it must throw ValidationError`, x);
          if (!isValidationError(threw)) fail(`step(${render(x)}) threw ${describeError(threw)}, not the exported ValidationError`, x);
          const a = validAction(env);
          const d = exactDiff(stepEnv(env, a), stepEnv(twin, a), "next step");
          if (d !== undefined) fail(`after the rejected step(${render(x)}) the next valid step differs from an env that never saw it (step count or agent changed?): ${d}`, x);
        }
      },
    },
    {
      id: "env.action-validation-delegated",
      run(ctx) {
        needComponents(ctx);
        const { log, components } = spyComponents({ rejectZero: true });
        const env = make({ components });
        resetEnv(env, { seed: 1 });
        log.clear();
        let threw: unknown;
        try {
          env.step(0);
        } catch (error) {
          threw = error;
        }
        if (log.named("validate").length === 0) fail("step(0) did not call the action processor's validateAction");
        if (threw === undefined) fail("the processor's validateAction rejected action 0, but step(0) was accepted: the env must honour the processor's verdict (not only actionSpace.contains)");
        if (!isValidationError(threw)) fail(`step(0) rejected by the processor threw ${describeError(threw)}, not ValidationError`);
        stepEnv(env, 1);
      },
    },
    {
      id: "env.step-determinism",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const { action, first, second, rng1, rng2 } = stepPair();
        const [o1, r1, t1, , i1] = first;
        const [o2, r2, t2, , i2] = second;
        const d = approxDiff(o1, o2, "obs") ?? approxDiff(r1, r2, "reward") ?? approxDiff(withoutCounters(i1), withoutCounters(i2), "info");
        if (d !== undefined) fail(`reset({ seed: 123 }) + step(${render(action)}) twice differ: ${d}`);
        if (t1 !== t2) fail(`terminated differs: ${render(t1)} vs ${render(t2)}`);
        if (rng1 !== rng2) fail("the generator state after reset({ seed: 123 }) + step differs between the two runs");
      },
    },
    {
      id: "env.step-determinism-exact",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const { first, second } = stepPair();
        const [o1, r1, , , i1] = first;
        const [o2, r2, , , i2] = second;
        if ((approxDiff(o1, o2) ?? approxDiff(r1, r2) ?? approxDiff(withoutCounters(i1), withoutCounters(i2))) !== undefined) ctx.skip("the steps differ beyond tolerance (env.step-determinism reports it)");
        const d = exactDiff(o1, o2, "obs") ?? exactDiff(r1, r2, "reward") ?? exactDiff(withoutCounters(i1), withoutCounters(i2), "info");
        if (d !== undefined) fail(`the repeated step agrees only approximately, not exactly: ${d}`);
      },
    },
    {
      id: "env.no-immediate-truncation",
      run() {
        const env = make();
        const space = actionSpaceOf(env);
        for (const seed of [0, 1, 2]) {
          resetEnv(env, { seed });
          const [, , , truncated] = stepEnv(env, seededSamples(space, seed, 1)[0]);
          if (truncated === true) fail(`truncated is true on the first step after reset({ seed: ${seed} }) (max_steps defaulting to 0?)`);
        }
      },
    },
    {
      id: "env.trajectory-determinism",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(
          fc.record({
            segments: fc.array(fc.record({ seed: fc.option(arb.seed(), { nil: null }), steps: fc.integer({ min: 1, max: maxSteps }) }), { minLength: 1, maxLength: 3 }).map((segs) => [{ ...(segs[0] as { seed: number | null; steps: number }), seed: segs[0]?.seed ?? 0 }, ...segs.slice(1)]),
            actionSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          }),
          (script) => {
            const d = exactDiff(runScript(make(), script), runScript(make(), script), "trajectory");
            if (d !== undefined) fail(`two fresh envs given the same seeds and actions diverge: ${d}`);
          },
          { numRuns: envRuns, describe: describeScript },
        );
      },
    },
    {
      id: "env.episode-independence",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(
          fc.tuple(shortScripts, arb.seed(), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })),
          ([prefix, seed, steps, actionSeed]) => {
            const used = make();
            runScript(used, prefix);
            const script: Script = { segments: [{ seed, steps }], actionSeed };
            const d = approxDiff(withoutEventCounters(runScript(used, script)), withoutEventCounters(runScript(make(), script)), "trajectory");
            if (d !== undefined) fail(`reset({ seed: ${seed} }) after earlier episodes does not reproduce a fresh env's trajectory: ${d}`);
          },
          { numRuns: envRuns, describe: ([p, s, n, a]) => `prefix ${describeScript(p)}; then reset({ seed: ${s} }) + ${n} steps (actions from seed ${a})` },
        );
      },
    },
    {
      id: "env.no-global-state",
      run(ctx) {
        if (caps.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(
          fc.tuple(shortScripts, shortScripts, fc.array(fc.boolean(), { minLength: 1, maxLength: 200 })),
          ([sa, sb, schedule]) => {
            const alone = [runScript(make(), sa), runScript(make(), sb)];
            // interleaved: record each env's events, switching env according to the schedule at every event
            const envs = [make(), make()];
            const scripts = [sa, sb];
            const gens = scripts.map((s, i) => scriptSteps(envs[i] as AnyEnv, s));
            const out: TrajectoryEvent[][] = [[], []];
            const done = [false, false];
            let k = 0;
            while (!done[0] || !done[1]) {
              let which = schedule[k++ % schedule.length] ? 1 : 0;
              if (done[which]) which = 1 - which;
              const next = (gens[which] as Generator<TrajectoryEvent>).next();
              if (next.done === true) done[which] = true;
              else (out[which] as TrajectoryEvent[]).push(next.value);
            }
            for (const i of [0, 1]) {
              const d = exactDiff(out[i], alone[i], "trajectory");
              if (d !== undefined) fail(`env ${i === 0 ? "A" : "B"} behaves differently when another instance runs interleaved with it (module-level state?): ${d}`);
            }
          },
          { numRuns: envRuns, describe: ([a, b, s]) => `A ${describeScript(a)}; B ${describeScript(b)}; schedule ${s.map((x) => (x ? "B" : "A")).join("").slice(0, 60)}` },
        );
      },
    },
    {
      id: "env.type-stability",
      run(ctx) {
        let obsSig: string | undefined;
        let infoKeys: string[] | undefined;
        rolloutProperty(ctx, (e, _env, i, events) => {
          if (i === 0) {
            obsSig = undefined;
            infoKeys = undefined;
          }
          if (e.kind === "reset") infoKeys = undefined;
          const sig = signature(e.obs);
          obsSig ??= sig;
          if (sig !== obsSig) fail(`the observation structure changed at event ${i} (${e.kind}): ${obsSig} became ${sig}`, e.obs);
          if (!isPlainObject(e.info)) fail(`the ${e.kind} info at event ${i} is not an object`);
          if (e.kind === "step") {
            if (typeof e.reward !== "number") fail(`the reward at event ${i} is a ${typeName(e.reward)}`);
            const keys = Object.keys(e.info);
            infoKeys ??= keys;
            const missing = infoKeys.filter((k) => !keys.includes(k));
            if (missing.length > 0) fail(`the step info at event ${i} lacks ${render(missing)}, present on earlier steps`);
          }
          void events;
        });
      },
    },
    {
      id: "env.render-no-side-effect",
      run(ctx) {
        const meta = make().metadata as unknown;
        const modes = isPlainObject(meta) && Array.isArray(meta["render_modes"]) ? (meta["render_modes"] as string[]) : [];
        const mode = ["rgb_array", "ansi", "depth_array"].find((m) => modes.includes(m)) ?? modes[0];
        if (mode === undefined) ctx.skip("the env declares no render modes");
        ctx.property(
          shortScripts,
          (script) => {
            const plain = runScript(make({ renderMode: mode }), script);
            const rendered = runScript(make({ renderMode: mode }), script, { render: true });
            const d = exactDiff(rendered, plain, "trajectory");
            if (d !== undefined) fail(`rendering (${mode}) between steps changed the trajectory: ${d}`);
          },
          { numRuns: envRuns, describe: describeScript },
        );
      },
    },
    {
      id: "env.step-count",
      run(ctx) {
        needPlume(ctx);
        let expected = 0;
        rolloutProperty(ctx, (e, _env, i) => {
          if (e.kind === "reset") expected = 0;
          if (!isPlainObject(e.info)) return;
          const n = e.info["step_count"];
          if (e.kind === "reset") {
            if (n !== undefined && n !== 0) fail(`info.step_count is ${render(n)} after reset (event ${i}), not 0`);
            return;
          }
          expected += 1;
          if (n !== expected) fail(`info.step_count is ${render(n)} at event ${i}, expected ${expected} (0 after reset, +1 per step)`);
        });
      },
    },
    {
      id: "env.total-reward",
      run(ctx) {
        needPlume(ctx);
        let sum = 0;
        rolloutProperty(ctx, (e, _env, i) => {
          if (e.kind === "reset") {
            sum = 0;
            return;
          }
          sum += typeof e.reward === "number" ? e.reward : Number.NaN;
          const t = isPlainObject(e.info) ? e.info["total_reward"] : undefined;
          if (typeof t !== "number" || !(Math.abs(t - sum) <= 1e-9 * Math.max(1, Math.abs(sum)))) fail(`info.total_reward is ${render(t)} at event ${i} but the rewards since reset sum to ${sum}`);
        });
      },
    },
    {
      id: "env.info-keys",
      run(ctx) {
        needPlume(ctx);
        rolloutProperty(ctx, (e, _env, i) => {
          if (e.kind !== "step" || !isPlainObject(e.info)) return;
          const info = e.info;
          if (!Number.isSafeInteger(info["step_count"]) || (info["step_count"] as number) < 0) fail(`step info ${i}: step_count is ${render(info["step_count"])}, not an integer >= 0`);
          if (typeof info["total_reward"] !== "number") fail(`step info ${i}: total_reward is ${render(info["total_reward"])}, not a number`);
          if (typeof info["goal_reached"] !== "boolean") fail(`step info ${i}: goal_reached is ${render(info["goal_reached"])}, not a boolean`);
        });
      },
    },
    {
      id: "env.info-keys-reference",
      run(ctx) {
        needPlume(ctx);
        rolloutProperty(ctx, (e, _env, i) => {
          if (!isPlainObject(e.info)) return;
          const want = ["episode_count", "agent_xy", "goal_location", "source_location", ...(e.kind === "step" ? ["distance_to_goal"] : [])];
          const missing = want.filter((k) => !(k in (e.info as object)));
          if (missing.length > 0) fail(`the ${e.kind} info at event ${i} lacks the reference keys ${render(missing)}`);
        }, shortScripts);
      },
    },
    {
      id: "env.termination-flags",
      run(ctx) {
        needPlume(ctx);
        let goalChecks = 0;
        let maxChecks = 0;
        rolloutProperty(ctx, (e, env, i) => {
          if (e.kind !== "step" || !isPlainObject(e.info)) return;
          const info = e.info;
          if (typeof info["goal_reached"] === "boolean") {
            goalChecks += 1;
            if (e.terminated !== info["goal_reached"]) fail(`event ${i}: terminated is ${render(e.terminated)} but info.goal_reached is ${render(info["goal_reached"])}`);
          }
          const radius = numberProp(env, info, "goal_radius", "goalRadius", options.goalRadius);
          const dist = info["distance_to_goal"];
          if (radius !== undefined && typeof dist === "number") {
            goalChecks += 1;
            if (e.terminated !== dist <= radius) fail(`event ${i}: terminated is ${render(e.terminated)} but distance_to_goal ${dist} ${dist <= radius ? "<=" : ">"} goal_radius ${radius}`);
          }
          const max = maxStepsOf(env, info);
          const count = info["step_count"];
          if (max !== undefined && typeof count === "number") {
            maxChecks += 1;
            if (e.truncated !== count >= max) fail(`event ${i}: truncated is ${render(e.truncated)} but step_count ${count} ${count >= max ? ">=" : "<"} max_steps ${max}`);
          }
        });
        if (goalChecks === 0) {
          ctx.incomplete("the goal half did not run: no step info had a boolean goal_reached, nor distance_to_goal with a known goal_radius (info.goal_radius, env.goalRadius or the goalRadius option)");
        }
        if (maxChecks === 0) {
          ctx.incomplete("the truncation half did not run: max_steps is unknown (expose env.maxSteps, or info.max_steps, with info.step_count)");
        }
      },
    },
    {
      id: "env.agent-in-bounds",
      run(ctx) {
        needPlume(ctx);
        const grid = gridOf(make());
        if (grid === undefined) return ctx.skip("the env does not expose gridSize, so the bounds are unknown");
        const [w, h] = grid;
        rolloutProperty(ctx, (e, _env, i) => {
          if (!isPlainObject(e.info)) return;
          const p = e.info["agent_xy"] ?? e.info["agent_position"];
          if (!Array.isArray(p)) fail(`the ${e.kind} info at event ${i} has no agent_xy or agent_position`);
          const [x, y] = p as [number, number];
          if (!(x >= 0 && x < w && y >= 0 && y < h)) fail(`event ${i}: the agent is at (${x}, ${y}), outside the ${w}x${h} grid`);
        });
      },
    },
    {
      id: "env.goal-rollout",
      run(ctx) {
        const seed = 0;
        const probe = make();
        const [, info0] = resetEnv(probe, { seed });
        if (goalOf(probe, info0) === undefined) {
          if (gridOf(probe) === undefined) return ctx.skip("the env declares no goal (info.goal_location or env.goalLocation) and no gridSize to search it in, so the kit cannot steer onto it");
          return hiddenGoalRollout(ctx, seed);
        }
        const learned = learnMoves(undefined, seed);
        if ("why" in learned) return ctx.skip(learned.why);
        const grid = gridOf(probe);
        const budget = grid === undefined ? 2000 : 4 * (grid[0] + grid[1]);
        const goal = (env: AnyEnv, info: unknown) => goalOf(env, info) as [number, number];
        const run = directed(undefined, seed, learned.moves, goal, budget, 0, stepInvariants("walking onto the goal"));
        const last = run.events[run.events.length - 1];
        if (!run.ended || last?.terminated !== true) return ctx.incomplete(`walking greedily towards the goal from reset({ seed: ${seed} }) did not end the episode by termination within ${run.events.length - 1} steps, so the steps on the goal were not checked`);
        // The same walk with max_steps equal to its length: the last step both terminates and truncates.
        const n = run.events.length - 1;
        const short = make({ maxSteps: n });
        const [, info1] = resetEnv(short, { seed });
        if (maxStepsOf(short, info1) !== n) return ctx.incomplete(`the factory ignored the { maxSteps: ${n} } hint, so the goal reached on the last allowed step was not checked`);
        const check = stepInvariants(`the same walk with max_steps ${n}`);
        run.events.slice(1).forEach((e, i) => {
          const [o, r, term, trunc, inf] = stepEnv(short, e.action);
          const again: TrajectoryEvent = { kind: "step", action: e.action, obs: o, reward: r, terminated: term, truncated: trunc, info: inf };
          check(again, short, i + 1);
          if (i === n - 1 && !(term === true && trunc === true)) fail(`with max_steps ${n}, the step onto the goal is step ${n}: it must be terminated (goal) and truncated (limit) on the same step, got terminated ${render(term)}, truncated ${render(trunc)}`);
          if (i < n - 1 && isDone(term, trunc)) fail(`with max_steps ${n}, the walk ended at step ${i + 1}, not at step ${n} as with the default limit`);
        });
      },
    },
    {
      id: "env.corner-rollout",
      run(ctx) {
        const seed = 1;
        const grid = gridOf(make());
        if (grid === undefined) return ctx.skip("the env does not expose gridSize, so the corners are unknown");
        const learned = learnMoves(undefined, seed);
        if ("why" in learned) return ctx.skip(learned.why);
        const [w, h] = grid;
        const targets: [number, number][] = [[0, 0], [w - 1, 0], [0, h - 1], [w - 1, h - 1], [Math.floor(w / 2), 0], [Math.floor(w / 2), h - 1], [0, Math.floor(h / 2)], [w - 1, Math.floor(h / 2)]];
        const probe = make();
        const [, info0] = resetEnv(probe, { seed });
        const goal = goalOf(probe, info0);
        const radius = numberProp(probe, info0, "goal_radius", "goalRadius", options.goalRadius) ?? 1;
        const missed: string[] = [];
        for (const [x, y] of targets) {
          // keep clear of the goal on the way (unless the corner is the goal), so that the episode does not end first
          const avoid = goal === undefined || Math.hypot(x - goal[0], y - goal[1]) <= radius + 1.5 ? undefined : { at: goal, radius: radius + 1.5 };
          const run = directed(undefined, seed, learned.moves, () => [x, y], 2 * (w + h) + 4 * learned.moves.length, 3, stepInvariants(`walking to (${x}, ${y}) and pushing against the walls`), avoid);
          if (!run.reached) missed.push(`(${x}, ${y})`);
        }
        if (missed.length === targets.length) ctx.incomplete(`no corner or edge was reached (the episodes ended first or the agent could not be steered): ${missed.join(", ")}`);
        else if (missed.length > 0) ctx.note(`not reached (the episode ended first): ${missed.join(", ")}`);
      },
    },
    {
      id: "env.truncation-at-limit",
      run(ctx) {
        const seed = 2;
        const probe = make();
        const [, info0] = resetEnv(probe, { seed });
        const max = maxStepsOf(probe, info0);
        if (max === undefined) return ctx.skip("the env's max_steps is unknown (expose env.maxSteps or info.max_steps)");
        if (max > 20_000) return ctx.skip(`max_steps ${max} is above the 20,000 steps the kit walks`);
        const learned = learnMoves(undefined, seed);
        if ("why" in learned) return ctx.skip(learned.why);
        const grid = gridOf(probe);
        const goal = goalOf(probe, info0);
        // away from the goal: the grid corner farthest from it, then pushing against the walls there
        const corners: [number, number][] = grid === undefined ? [[0, 0]] : [[0, 0], [grid[0] - 1, 0], [0, grid[1] - 1], [grid[0] - 1, grid[1] - 1]];
        const far = goal === undefined ? corners[0] as [number, number] : [...corners].sort((a, b) => Math.hypot(b[0] - goal[0], b[1] - goal[1]) - Math.hypot(a[0] - goal[0], a[1] - goal[1]))[0] as [number, number];
        const radius = numberProp(probe, info0, "goal_radius", "goalRadius", options.goalRadius) ?? 1;
        const avoid = goal === undefined ? undefined : { at: goal, radius: radius + 1.5 };
        const run = directed(undefined, seed, learned.moves, () => far, max + 1, max + 1, stepInvariants(`walking to ${render(far)} until max_steps ${max}`), avoid);
        const steps = run.events.length - 1;
        const last = run.events[steps];
        if (last?.terminated === true && steps < max) return ctx.incomplete(`the episode terminated at step ${steps} before reaching max_steps ${max}, so truncation was not checked`);
        if (!run.ended && steps <= max) return ctx.incomplete(`the walk stalled after ${steps} steps, before max_steps ${max}, so truncation was not checked`);
        if (!run.ended) fail(`${steps} steps were taken from reset({ seed: ${seed} }) and the episode was not truncated at max_steps ${max}`);
        if (steps !== max) fail(`the episode was truncated at step ${steps}, not at max_steps ${max}`);
      },
    },
    {
      id: "env.reference-parity",
      run(ctx) {
        const refs = options.reference;
        if (refs === undefined || refs.length === 0) return ctx.skip("no reference episodes given (options.reference)");
        for (const { fixture, factoryOptions } of refs) {
          const env = make({ ...(factoryOptions ?? {}) });
          const name = fixture.name ?? "reference";
          fixture.episodes.forEach((ep, e) => {
            const [obs, info] = resetEnv(env, ep.seed === null ? undefined : { seed: ep.seed });
            compareToReference(`${name} episode ${e} reset`, obs, info, ep.reset.obs, ep.reset.info);
            ep.steps.forEach((st, k) => {
              const [o, r, t, tr, inf] = stepEnv(env, st.action);
              const where = `${name} episode ${e} step ${k} (action ${render(st.action)})`;
              if (r !== st.reward) fail(`${where}: reward ${render(r)}, reference ${st.reward}`);
              if (t !== st.terminated || tr !== st.truncated) fail(`${where}: flags (${render(t)}, ${render(tr)}), reference (${st.terminated}, ${st.truncated})`);
              compareToReference(where, o, inf, st.obs, st.info);
            });
          });
        }
      },
    },
    {
      id: "env.env-state-keys",
      run(ctx) {
        needComponents(ctx);
        const { log, components } = spyComponents();
        const env = make({ components });
        resetEnv(env, { seed: 3 });
        stepEnv(env, 1);
        const seen = log.named("observe");
        if (seen.length === 0) fail("the env never called the sensor's getObservation");
        for (const call of seen) {
          const state = call.args[0] as Record<string, unknown>;
          const keys = Object.keys(state).sort();
          const want = [...ENV_STATE_KEYS].sort();
          if (keys.join() !== want.join()) fail(`the sensor received the keys ${render(keys)}, expected exactly ${render(want)}`);
          if (state["plume_field"] !== components.plume.fieldArray) fail("env_state.plume_field is not the plume's own fieldArray (a copy was passed?)");
          if (state["rng"] !== env.npRandom) fail("env_state.rng is not the env's generator (env.npRandom)");
          if (state["wind_field"] !== components.wind) fail("env_state.wind_field is not the wind component");
          if (state["concentration_field"] !== components.plume) fail("env_state.concentration_field is not the plume component");
        }
      },
    },
    {
      id: "env.post-step-observation",
      run(ctx) {
        needComponents(ctx);
        const { log, components } = spyComponents();
        const env = make({ components });
        resetEnv(env, { seed: 3 });
        for (const action of [0, 1, 2, 3, 1]) {
          log.clear();
          const [, , , , info] = stepEnv(env, action);
          const processed = log.named("process").at(-1)?.result as { position?: { x: number; y: number } } | undefined;
          const observed = log.named("observe").at(-1)?.args[0] as { agent_state?: { position?: { x: number; y: number } }; step_count?: unknown } | undefined;
          if (processed === undefined || observed === undefined) fail(`step(${action}) did not call processAction and then getObservation`);
          const p = processed.position;
          const q = observed.agent_state?.position;
          if (p === undefined || q === undefined || p.x !== q.x || p.y !== q.y) fail(`after step(${action}) the sensor saw the agent at ${render(q)}, not at the processed position ${render(p)} (the observation must reflect the post-action state)`);
          const count = isPlainObject(info) ? info["step_count"] : undefined;
          if (count !== undefined && observed.step_count !== count) fail(`the sensor saw step_count ${render(observed.step_count)} but info.step_count is ${render(count)}`);
        }
      },
    },
    {
      id: "env.step-data-flow",
      run(ctx) {
        needComponents(ctx);
        const { log, components } = spyComponents();
        const env = make({ components });
        resetEnv(env, { seed: 3 });
        log.clear();
        stepEnv(env, 1);
        const names = log.calls.map((c) => c.name);
        const at = (n: string) => names.indexOf(n);
        const order = ["validate", "process", "plume.advanceToStep", "reward", "observe"];
        for (const n of order) if (at(n) < 0) fail(`step() never called ${n} (calls: ${names.join(" -> ")})`);
        for (let i = 1; i < order.length; i++) {
          if (at(order[i] as string) < at(order[i - 1] as string)) fail(`step() calls ${order[i]} before ${order[i - 1]} (calls: ${names.join(" -> ")}); the order is validate -> process -> advance -> reward -> observe`);
        }
        const process = log.named("process")[0] as { args: readonly unknown[]; result?: unknown };
        const reward = log.named("reward")[0] as { args: readonly unknown[] };
        const [prev, action, next, field] = reward.args as [{ position: { x: number; y: number } }, unknown, { position: { x: number; y: number } }, unknown];
        const before = process.args[1] as { position: { x: number; y: number } };
        const after = process.result as { position: { x: number; y: number } };
        if (prev !== before && !(prev.position.x === before.position.x && prev.position.y === before.position.y)) fail("computeReward's prev is not the pre-action state");
        if (next.position.x !== after.position.x || next.position.y !== after.position.y) fail(`computeReward's next is at ${render(next.position)}, not at the processed position ${render(after.position)}`);
        if (prev.position.x !== before.position.x || prev.position.y !== before.position.y) fail(`computeReward's prev is at ${render(prev.position)}, not the pre-action position ${render(before.position)}`);
        if (action !== 1) fail(`computeReward received the action ${render(action)}, not 1`);
        if (field !== components.plume) fail("computeReward's plumeField is not the plume component");
      },
    },
    {
      id: "env.hooks-called",
      run(ctx) {
        needComponents(ctx);
        const { log, components } = spyComponents();
        const env = make({ components });
        log.clear();
        resetEnv(env, { seed: 7 });
        const plumeReset = log.named("plume.reset");
        if (plumeReset.length === 0) fail("reset({ seed: 7 }) did not call the plume's reset (or onReset)");
        if (plumeReset.some((c) => c.args[0] !== undefined && c.args[0] !== 7)) fail(`reset({ seed: 7 }) called plume.reset(${render(plumeReset[0]?.args[0])})`);
        if (log.named("wind.reset").length === 0) fail("reset({ seed: 7 }) did not call the wind's reset");
        const setRng = log.named("setRng");
        if (setRng.length === 0) fail("reset did not call the action processor's setRng");
        if (setRng.at(-1)?.args[0] !== env.npRandom) fail("setRng was not given the env's generator (env.npRandom)");
        log.clear();
        const [, , , , info] = stepEnv(env, 1);
        const adv = log.named("plume.advanceToStep");
        if (adv.length === 0) fail("step() did not call the plume's advanceToStep");
        const count = isPlainObject(info) ? info["step_count"] : 1;
        if (adv.at(-1)?.args[0] !== count) fail(`step() called plume.advanceToStep(${render(adv.at(-1)?.args[0])}), not the new step count ${render(count)}`);
        if (log.named("wind.advanceToStep").length === 0) fail("step() did not call the wind's advanceToStep");
      },
    },
    {
      id: "env.components-swappable",
      run(ctx) {
        needComponents(ctx);
        const stubs: [string, EnvComponents][] = [
          ["a minimal sensor", { sensor: new KitConcentrationSensor() }],
          ["a Box action processor", { action: new KitBoxActions() }],
          ["a constant reward", { reward: new KitConstantReward(0.5) }],
          ["a constant field", { plume: new KitConstantField(SPY_GRID, 0.5) }],
        ];
        for (const [what, components] of stubs) {
          const env = guard(`the env factory with ${what}`, () => factory({ components }));
          const space = actionSpaceOf(env);
          resetEnv(env, { seed: 0 });
          for (const a of seededSamples(space, 1, 5)) {
            const [obs, , term, trunc] = guard(`step with ${what}`, () => stepEnv(env, a));
            const why = explainNotContained(obsSpaceOf(env), obs, "observation");
            if (why !== undefined) fail(`with ${what}: ${why}`);
            if (isDone(term, trunc)) resetEnv(env);
          }
        }
      },
    },
    {
      id: "env.render-return",
      run(ctx) {
        const meta = make().metadata as unknown;
        const modes = isPlainObject(meta) && Array.isArray(meta["render_modes"]) ? (meta["render_modes"] as unknown[]).filter((m): m is string => typeof m === "string") : [];
        if (modes.length === 0) return ctx.skip("the env declares no render modes (metadata.render_modes is empty)");
        const untested: string[] = [];
        for (const mode of modes) {
          const env = make({ renderMode: mode });
          if ((env as { renderMode?: unknown }).renderMode !== mode) {
            untested.push(mode); // env.render-all-modes reports it
            continue;
          }
          resetEnv(env, { seed: 0 });
          checkRender(mode, guard(`render() in ${mode} mode`, () => env.render()), "after reset");
          stepEnv(env, validAction(env));
          checkRender(mode, guard(`render() in ${mode} mode`, () => env.render()), "after a step");
        }
        if (untested.length > 0) ctx.incomplete(`the factory ignored { renderMode } for ${render(untested)}, so those modes were not rendered`);
      },
    },
    {
      id: "env.render-state-agreement",
      run(ctx) {
        const meta = make().metadata as unknown;
        const modes = isPlainObject(meta) && Array.isArray(meta["render_modes"]) ? (meta["render_modes"] as unknown[]) : [];
        if (!modes.includes("rgb_array")) return ctx.skip("the env does not declare the rgb_array render mode");
        const env = make({ renderMode: "rgb_array" });
        if ((env as { renderMode?: unknown }).renderMode !== "rgb_array") return ctx.skip("the factory ignored { renderMode: \"rgb_array\" }");
        const grid = gridOf(env);
        if (grid === undefined) return ctx.skip("the env does not expose gridSize, so the frame cannot be compared with the grid");
        const [w, h] = grid;
        resetEnv(env, { seed: 0 });
        const frames = [guard("render()", () => env.render())];
        stepEnv(env, validAction(env));
        frames.push(guard("render()", () => env.render()));
        for (const f of frames) {
          if (!isNDArrayLike(f) || f.shape.length !== 3) continue; // env.render-return reports it
          const [fh, fw] = f.shape as [number, number, number];
          const k = fh / h;
          if (!(Number.isInteger(k) && k >= 1 && fw === k * w)) fail(`the rgb_array frame has shape [${f.shape.join(", ")}], but the grid is ${w} wide and ${h} high: a frame is [H, W, 3] with H = k·height and W = k·width for one integer scale k ≥ 1${fh === w && fw === h ? " (this one is transposed)" : ""}`);
        }
      },
    },
    {
      id: "env.render-all-modes",
      run(ctx) {
        const meta = make().metadata as unknown;
        const modes = isPlainObject(meta) && Array.isArray(meta["render_modes"]) ? (meta["render_modes"] as unknown[]) : [];
        for (const mode of modes) {
          if (typeof mode !== "string") continue;
          const env = make({ renderMode: mode });
          const got = (env as { renderMode?: unknown }).renderMode;
          if (got !== mode) {
            // not a protocol violation of the env: the factory (the test's wiring) ignores the hint
            ctx.incomplete(`the factory given { renderMode: "${mode}" } built an env with renderMode ${render(got)}, so the ${render(mode)} mode was not rendered (pass the hint through)`);
            continue;
          }
          resetEnv(env, { seed: 0 });
          try {
            env.render();
          } catch (error) {
            (plume ? fail : warn)(`render() in the declared mode "${mode}" threw ${describeError(error)}`);
          }
          guard("close()", () => env.close());
        }
      },
    },
    {
      id: "env.close-idempotent",
      run() {
        const closeTwice = (env: AnyEnv, when: string) => {
          for (const n of ["first", "second"]) {
            try {
              env.close();
            } catch (error) {
              (plume ? fail : warn)(`the ${n} close() ${when} threw ${describeError(error)}; close() must be idempotent and never throw`);
            }
          }
        };
        closeTwice(make(), "on a fresh env");
        const env = make();
        runScript(env, { segments: [{ seed: 0, steps: 5 }], actionSeed: 1 });
        closeTwice(env, "after steps");
      },
    },
    ...lifecycleChecks({ make, resetEnv, stepEnv, validAction, actionSpaceOf, obsSpaceOf, shortSteps, envRuns, plume, caps, isStateError, isValidationError }),
  ];
  return planSuite("env", options.name ?? envName(factory), settings, checks);
}

function envName(factory: EnvFactory): string {
  try {
    const env = factory();
    const name = typeName(env);
    try {
      env.close();
    } catch {
      // ignore
    }
    return name === "Object" ? "Env" : name;
  } catch {
    return "Env";
  }
}

function* scriptSteps(env: AnyEnv, script: Script): Generator<TrajectoryEvent> {
  const total = script.segments.reduce((a, s) => a + s.steps, 0);
  const space = samplingCopy(env.actionSpace as AnySpace);
  space.seed(script.actionSeed);
  const actions = Array.from({ length: total }, () => space.sample());
  let k = 0;
  for (const seg of script.segments) {
    const [obs, info] = (seg.seed === null ? env.reset() : env.reset({ seed: seg.seed })) as unknown as [unknown, unknown];
    yield { kind: "reset", obs, info };
    for (let i = 0; i < seg.steps; i++) {
      const action = actions[k++];
      const [o, r, term, trunc, inf] = env.step(cloneValue(action)) as unknown as [unknown, unknown, unknown, unknown, unknown];
      yield { kind: "step", action, obs: o, reward: r, terminated: term, truncated: trunc, info: inf };
      if (isDone(term, trunc)) {
        const [o2, i2] = env.reset() as unknown as [unknown, unknown];
        yield { kind: "reset", obs: o2, info: i2 };
      }
    }
  }
}

function checkRender(mode: string, frame: unknown, when: string): void {
  const base = mode.endsWith("_list") ? mode.slice(0, -5) : mode;
  const frames = mode.endsWith("_list") ? (Array.isArray(frame) ? frame : fail(`render() in ${mode} mode returned ${render(frame)}, not an array of frames (${when})`)) : [frame];
  for (const f of frames) {
    if (base === "human") {
      if (f !== undefined && f !== null) fail(`render() in human mode returned ${render(f)}, not undefined/null (${when})`);
    } else if (base === "rgb_array") {
      if (!isNDArrayLike(f) || f.dtype !== "uint8" || f.shape.length !== 3 || f.shape[2] !== 3) fail(`render() in rgb_array mode returned ${render(f)}, not a uint8 NDArray of shape [H, W, 3] (${when})`);
    } else if (base === "depth_array") {
      if (!isNDArrayLike(f) || f.shape.length !== 2) fail(`render() in depth_array mode returned ${render(f)}, not a 2-D NDArray (${when})`);
    } else if (base === "ansi") {
      if (typeof f !== "string") fail(`render() in ansi mode returned ${render(f)}, not a string (${when})`);
    }
  }
}

const REFERENCE_TOLERANCE: Readonly<Record<string, number>> = { distance_to_goal: 1e-12 };

function compareToReference(where: string, obs: unknown, info: unknown, refObs: unknown, refInfo: Readonly<Record<string, unknown>>): void {
  const got = [...numericLeaves(obs)].map(([, v]) => Number(v));
  const want = [...numericLeaves(refObs)].map(([, v]) => Number(v));
  if (got.length !== want.length) fail(`${where}: the observation has ${got.length} numbers, the reference ${want.length}`);
  got.forEach((v, i) => {
    if (!(Math.abs(v - (want[i] as number)) <= 1e-6)) fail(`${where}: observation element ${i} is ${v}, the reference ${want[i]}`);
  });
  if (!isPlainObject(info)) fail(`${where}: the info is not an object`);
  for (const [key, ref] of Object.entries(refInfo)) {
    const v = info[key];
    const tol = REFERENCE_TOLERANCE[key];
    if (tol !== undefined && typeof v === "number" && typeof ref === "number") {
      if (!(Math.abs(v - ref) <= tol)) fail(`${where}: info.${key} is ${v}, the reference ${ref}`);
    } else if (exactDiff(Array.isArray(v) ? [...v] : v, ref) !== undefined) fail(`${where}: info.${key} is ${render(v)}, the reference ${render(ref)}`);
  }
}

/** Runs `checkEnv` and returns its report. */
export function checkEnv(factory: EnvFactory, options?: EnvCheckOptions): SuiteReport {
  return planEnv(factory, options).run();
}


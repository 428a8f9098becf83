/** The RewardFunction suite (`rew.*`, CHECKS.md §3). */
import { GridSize, hasRewardBatch, ndarray, type BatchRewardFunction, type RewardFunction } from "@plume/core-types";
import * as batch from "../batch.js";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { describeError, fail, guard, planSuite, Violation, type CheckDefinition, type SuitePlan } from "../engine.js";
import { KitGaussianField, distance } from "../kit.js";
import { resolveOptions, rewardFunctionOptionsSchema, type RewardFunctionOptions } from "../options.js";
import { HiddenNondeterminismError, trapped } from "../probes/trap.js";
import { deepFreeze, diffSnapshot, exactDiff, isFrozenWriteError, isPlainObject, render, snapshot, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { HISTORY_CALLS, historyDifference, LongRunDraws } from "../long-run.js";
import { buildWideField, buildWideTransition, declaredGoal, drawWideTransition, describeWide, wideTransition, type WideTransitionSpec } from "../reward-inputs.js";
import { checkMetadataJson, checkMetadataType, checkProtocolShape, create, getMetadata, subjectName, requireFactory } from "./common.js";

export type AnyRewardFunction = RewardFunction<unknown>;
export type RewardFunctionFactory = () => AnyRewardFunction;

type Transition = ReturnType<typeof arb.buildTransition>;

function describeTransition(t: arb.TransitionSpec): string {
  const f = t.field;
  return (
    `{prev (${t.prev.x}, ${t.prev.y}), action ${render(t.action)}, next (${t.next.x}, ${t.next.y}) step_count ${t.next.step_count} ` +
    `goal_reached ${t.next.goal_reached}, field ${f.asArray ? "Float32Array" : "ConcentrationField"} ${f.grid[0]}x${f.grid[1]} source (${f.source[0]}, ${f.source[1]}) sigma ${f.sigma}}`
  );
}

const AGENT = (x: number, y: number): arb.AgentSpec => ({ x, y, orientation: 0, step_count: 1, total_reward: 0, goal_reached: false });

/** A transition of either generator: the classic one (128x128 agents, small fields) or a wide one. */
type RewardCase = { readonly classic: arb.TransitionSpec } | { readonly wide: WideTransitionSpec };

/** Fresh objects for a case; `field` reuses an already built field of the same case. */
function buildCase(c: RewardCase, field?: Transition[3]): Transition {
  if (field === undefined) return "classic" in c ? arb.buildTransition(c.classic) : buildWideTransition(c.wide);
  const spec = "classic" in c ? c.classic : c.wide;
  const action = typeof spec.action === "number" ? spec.action : ndarray("float32", [spec.action.length], Float32Array.from(spec.action));
  return [arb.buildAgent(spec.prev), action, arb.buildAgent(spec.next), field];
}
const describeCase = (c: RewardCase): string => ("classic" in c ? describeTransition(c.classic) : describeWide(c.wide));

/** Builds the RewardFunction suite without running it. */
export function planRewardFunction(factory: RewardFunctionFactory, rawOptions?: RewardFunctionOptions): SuitePlan {
  requireFactory(factory, "checkRewardFunction", "reward");
  const { options, settings } = resolveOptions(rewardFunctionOptionsSchema, "reward-function", rawOptions);
  const fresh = () => create(factory);
  const compute = (r: AnyRewardFunction, t: Transition): unknown => guard("computeReward(prev, action, next, field)", () => r.computeReward(t[0], t[1], t[2], t[3]));
  const transitions = arb.transition();
  // classic transitions and realistic ones: the size ladder, every plume kind at peaks below 1, steps past 1,000
  const cases: fc.Arbitrary<RewardCase> = fc.oneof(transitions.map((t) => ({ classic: t })), wideTransition().map((w) => ({ wide: w })));
  const runs = settings.numRuns;
  const isStateful = (r: AnyRewardFunction) => {
    const meta = guard("getMetadata()", () => r.getMetadata());
    return isPlainObject(meta) && meta["stateful"] === true && typeof r.reset === "function";
  };
  const defaultTransition = (): Transition =>
    arb.buildTransition({ prev: AGENT(10, 10), action: 1, next: AGENT(11, 10), field: { grid: [32, 32], source: [16, 16], sigma: 4, asArray: false } });

  const checks: CheckDefinition[] = [
    {
      id: "rew.protocol-shape",
      run() {
        checkProtocolShape(fresh(), "RewardFunction", { methods: ["computeReward", "getMetadata"], optionalMethods: ["reset"] });
      },
    },
    {
      id: "rew.arity",
      run() {
        const r = fresh();
        const n = (r.computeReward as (...args: unknown[]) => unknown).length;
        if (n !== 4) fail(`computeReward declares ${n} parameter(s); the protocol passes 4 (prevState, action, nextState, plumeField)`);
      },
    },
    {
      id: "rew.numeric-scalar",
      run(ctx) {
        const check = (t: Transition) => {
          const v = compute(fresh(), t);
          if (typeof v !== "number") fail(`computeReward returned ${render(v)} (a ${typeName(v)}), not a primitive number`, v);
        };
        check(defaultTransition());
        ctx.property(transitions, (spec) => check(arb.buildTransition(spec)), { describe: describeTransition, numRuns: Math.max(10, Math.ceil(runs / 2)) });
      },
    },
    {
      id: "rew.finite",
      run(ctx) {
        ctx.property(
          cases,
          (c) => {
            const v = compute(fresh(), buildCase(c));
            if (typeof v !== "number" || !Number.isFinite(v)) fail(`computeReward returned ${render(v)}, not a finite number`, v);
          },
          { describe: describeCase },
        );
      },
    },
    {
      id: "rew.determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(
          transitions,
          (spec) => {
            const r = fresh();
            const stateful = isStateful(r);
            const once = () =>
              guard("computeReward(prev, action, next, field)", () =>
                trapped(() => {
                  if (stateful) (r.reset as () => void)();
                  const t = arb.buildTransition(spec);
                  return r.computeReward(t[0], t[1], t[2], t[3]);
                }),
              );
            const a = once();
            const b = once();
            if (exactDiff(a, b) !== undefined) fail(`the same transition gave ${render(a)} and then ${render(b)}`);
          },
          { describe: describeTransition },
        );
      },
    },
    {
      id: "rew.order-independence",
      run(ctx) {
        const stateful = isStateful(fresh());
        // the field is built once per transition and shared by the calls compared (rew.purity checks that no
        // reward writes to it); agents and actions are fresh objects on every call
        const fields = new Map<RewardCase, Transition[3]>();
        const outcome = (r: AnyRewardFunction, c: RewardCase): { value: unknown } | undefined => {
          const t = buildCase(c, fields.get(c));
          if (!fields.has(c)) fields.set(c, t[3]);
          try {
            return { value: trapped(() => r.computeReward(t[0], t[1], t[2], t[3])) };
          } catch (error) {
            if (error instanceof HiddenNondeterminismError) return undefined; // rew.determinism reports it
            throw new Violation(`computeReward(prev, action, next, field) threw ${describeError(error)}`);
          }
        };
        // one instance over a long, varied sequence (class 1): every call equals a fresh instance's on the same
        // transition; a declared-stateful reward is compared after reset() with a fresh one fed the same sequence
        const draw = new LongRunDraws(ctx.seed);
        const long = Array.from({ length: HISTORY_CALLS }, (): RewardCase => ({ wide: drawWideTransition(draw) }));
        const used = fresh();
        if (stateful) {
          for (const c of long) outcome(used, c);
          guard("reset()", () => (used.reset as () => void)());
          const clean = fresh();
          guard("reset()", () => (clean.reset as () => void)());
          long.slice(0, 300).forEach((c, k) => {
            const got = outcome(used, c);
            const want = outcome(clean, c);
            if (got === undefined || want === undefined) return;
            const d = exactDiff(got.value, want.value, "reward");
            if (d !== undefined) fail(`after ${long.length} transitions and reset(), transition ${k + 1} gave ${render(got.value)} but a fresh instance (reset()) fed the same transitions gave ${render(want.value)} (${describeCase(c)}): reset() must restore the initial state`);
          });
          return ctx.note(`stateful: true with reset(): reset() restored a fresh instance's rewards after ${long.length} transitions`);
        }
        const found = historyDifference(long, (c) => outcome(used, c), (c) => outcome(fresh(), c), "reward");
        if (found !== undefined) {
          fail(
            `call ${found.index + 1} on one instance (after ${found.index} other transitions) gave ${render(found.got)} but a fresh instance gives ${render(found.want)} on the same transition ${describeCase(found.input)}: ` +
              "the reward depends on earlier calls (a call counter, an annealed weight, a cached field or peak); declare stateful: true and offer reset() if that is intended",
          );
        }
        ctx.property(
          fc.tuple(transitions, fc.array(transitions, { minLength: 1, maxLength: 5 })),
          ([a, others]) => {
            const x = fresh();
            const first = compute(x, arb.buildTransition(a));
            for (const o of others) compute(x, arb.buildTransition(o));
            const again = compute(x, arb.buildTransition(a));
            const onFresh = compute(fresh(), arb.buildTransition(a));
            if (exactDiff(first, again) !== undefined) {
              fail(`the same transition gave ${render(first)} first and ${render(again)} after ${others.length} other transition(s): the reward depends on call order (declare stateful: true and offer reset() if that is intended)`);
            }
            if (exactDiff(first, onFresh) !== undefined) fail(`the same transition gave ${render(first)} on one instance and ${render(onFresh)} on a fresh one`);
          },
          { numRuns: Math.max(10, Math.ceil(runs / 2)), describe: ([a, o]) => `${describeTransition(a)} then ${o.length} other transition(s)` },
        );
      },
    },
    {
      id: "rew.batch-agrees",
      run(ctx) {
        const probe = fresh();
        if (!hasRewardBatch(probe)) return ctx.skip("the reward has no computeRewardBatch (the batch protocol is optional)");
        const meta = getMetadata(probe);
        // the env's goal is the reward's own (as in Plume's envs): read it from the metadata when declared
        // (goal_position, goal_location or goal, at the top level or in parameters: see declaredGoal)
        const declared = declaredGoal(meta);
        const goal = declared?.goal;
        const radius = declared?.radius ?? 1;
        const SENTINEL = -7.25;
        const moves = fc.constantFrom<readonly [number, number]>([0, 1], [1, 0], [0, -1], [-1, 0], [0, 0]);
        ctx.property(
          batch.batchSpec().chain((b) =>
            fc.record({
              b: fc.constant({ ...b, plume: b.plume === "moving" ? ("gaussian" as const) : b.plume }),
              // environments around a declared goal, so that steps onto, off and along its boundary are compared
              near: fc.array(fc.option(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), { freq: 2 }), { minLength: b.envs.length, maxLength: b.envs.length }),
              actions: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: b.envs.length, maxLength: b.envs.length }),
              moves: fc.array(moves, { minLength: b.envs.length, maxLength: b.envs.length }),
            }),
          ),
          ({ b: b0, near, actions, moves: mv }) => {
            const b: batch.BatchSpec =
              goal === undefined
                ? b0
                : (() => {
                    const grid = [Math.max(b0.grid[0], Math.ceil(goal[0]) + 5), Math.max(b0.grid[1], Math.ceil(goal[1]) + 5)] as const;
                    const envs = b0.envs.map((e, i) => {
                      const off = near[i];
                      if (off === null || off === undefined) return e;
                      return { ...e, x: Math.min(grid[0] - 1, Math.max(0, Math.round(goal[0]) + off[0])), y: Math.min(grid[1] - 1, Math.max(0, Math.round(goal[1]) + off[1])) };
                    });
                    return { ...b0, grid, envs };
                  })();
            const world = batch.batchWorld(b);
            const [gx, gy] = goal ?? [world.context.goalX, world.context.goalY];
            const context = { ...world.context, goalX: gx, goalY: gy, goalRadius: radius };
            const agents = batch.agentBatch(b);
            const [w, h] = b.grid;
            b.envs.forEach((e, i) => {
              const [dx, dy] = mv[i] as readonly [number, number];
              (agents.x as Int32Array)[i] = Math.min(w - 1, Math.max(0, e.x + dx));
              (agents.y as Int32Array)[i] = Math.min(h - 1, Math.max(0, e.y + dy));
              (agents.distance as Float64Array)[i] = Math.hypot((agents.x[i] as number) - gx, (agents.y[i] as number) - gy);
            });
            const before = batch.copyAgents(agents);
            const out = new Float64Array(b.envs.length).fill(SENTINEL);
            const { indices, count } = batch.indicesOf(b);
            const r = fresh();
            guard("computeRewardBatch(out, actions, agents, context, indices, count)", () =>
              (r as unknown as BatchRewardFunction).computeRewardBatch(out, Float64Array.from(actions), agents, context, indices, count),
            );
            const obj = fresh();
            const expected = new Float64Array(out.length).fill(SENTINEL);
            for (const i of b.listed) {
              const e = b.envs[i] as batch.BatchEnvSpec;
              const prev = batch.agentOf(b, i);
              const next = batch.agentOf(b, i, { x: agents.x[i] as number, y: agents.y[i] as number, orientation: e.orientation });
              const v = guard("computeReward(prev, action, next, field)", () => obj.computeReward(prev, actions[i], next, context.concentrationField));
              expected[i] = typeof v === "number" ? v : Number.NaN;
            }
            const mm = batch.compareRows("out", out, expected, 1);
            if (mm !== undefined) {
              const listed = b.listed.includes(mm.env);
              fail(`${mm.what}: the batch wrote ${mm.batch} but ${listed ? `computeReward for environment ${mm.env} gives ${mm.object}` : `environment ${mm.env} is not listed (indices[0..count)), so its slot must stay ${mm.object}`}: batch and object methods must agree bit for bit`);
            }
            for (const key of ["x", "y", "orientation", "prevX", "prevY", "stepCount", "totalReward", "distance"] as const) {
              const d = batch.compareRows(`agents.${key}`, agents[key], before[key], 1);
              if (d !== undefined) fail(`computeRewardBatch changed ${d.what} from ${d.object} to ${d.batch}: it must write only its output`);
            }
          },
          { describe: ({ b }) => batch.describeBatch(b), numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
      },
    },
    {
      id: "rew.purity",
      run(ctx) {
        const check = (spec: arb.TransitionSpec) => {
          const t = arb.buildTransition(spec);
          const names = ["prevState", "action", "nextState", "plumeField"] as const;
          const snaps = t.map((v, i) => snapshot(v, undefined, names[i]));
          const r = fresh();
          guard("computeReward(prev, action, next, field)", () => {
            try {
              return r.computeReward(t[0], t[1], t[2], t[3]);
            } catch (error) {
              if (isFrozenWriteError(error)) fail(`computeReward tried to write to a (frozen) input: ${(error as Error).message}`);
              throw error;
            }
          });
          for (let i = 0; i < 4; i++) {
            const d = diffSnapshot(snaps[i] as ReturnType<typeof snapshot>, t[i], undefined, names[i]);
            if (d !== undefined) fail(`computeReward mutated its input: ${d}`);
          }
          const frozen = arb.buildTransition(spec);
          deepFreeze(frozen);
          guard("computeReward on deep-frozen inputs", () => {
            try {
              return fresh().computeReward(frozen[0], frozen[1], frozen[2], frozen[3]);
            } catch (error) {
              if (isFrozenWriteError(error)) fail(`computeReward tried to write to a (deep-frozen) input: ${(error as Error).message}`);
              throw error;
            }
          });
        };
        check({ prev: AGENT(3, 4), action: [0.5, -0.5], next: AGENT(4, 3), field: { grid: [16, 16], source: [4, 4], sigma: 2, asArray: false } });
        ctx.property(transitions, check, { describe: describeTransition, numRuns: Math.max(10, Math.ceil(runs / 2)) });
      },
    },
    {
      id: "rew.accepts-box-action",
      run(ctx) {
        const f32 = fc.double({ min: -1, max: 1, noNaN: true }).map((v) => Math.fround(v) + 0);
        ctx.property(
          fc.tuple(fc.oneof(fc.array(f32, { minLength: 2, maxLength: 2 }), fc.array(f32, { minLength: 3, maxLength: 3 })), arb.agent([64, 64]), arb.agent([64, 64])),
          ([action, prev, next]) => {
            const field = new KitGaussianField(new GridSize(64, 64), { x: 32, y: 32 }, 8);
            const box = ndarray("float32", [action.length], Float32Array.from(action));
            const v = guard(`computeReward with the Box action ${render(box)}`, () => fresh().computeReward(arb.buildAgent(prev), box, arb.buildAgent(next), field));
            if (typeof v !== "number" || !Number.isFinite(v)) fail(`a Box action of dimension ${action.length} gave ${render(v)}, not a finite number`, box);
          },
        );
      },
    },
    {
      id: "rew.accepts-field-object",
      run() {
        const field = new KitGaussianField(new GridSize(128, 128), { x: 0, y: 0 }, 1);
        for (const [px, py, nx, ny] of [
          [1, 0, 0, 0],
          [5, 5, 6, 5],
          [127, 127, 126, 127],
          [64, 64, 64, 65],
        ] as const) {
          const v = guard("computeReward with a ConcentrationField object", () => fresh().computeReward(arb.buildAgent(AGENT(px, py)), 0, arb.buildAgent(AGENT(nx, ny)), field));
          if (typeof v !== "number" || !Number.isFinite(v)) fail(`with a 128x128 Gaussian ConcentrationField (source (0, 0), sigma 1) and next (${nx}, ${ny}) the reward is ${render(v)}`);
        }
      },
    },
    {
      id: "rew.accepts-field-array",
      run() {
        const array = new KitGaussianField(new GridSize(128, 128), { x: 0, y: 0 }, 1).fieldArray.slice();
        for (const [nx, ny] of [
          [0, 0],
          [5, 5],
          [127, 127],
        ] as const) {
          const v = guard("computeReward with a Float32Array field", () => fresh().computeReward(arb.buildAgent(AGENT(1, 1)), 0, arb.buildAgent(AGENT(nx, ny)), array));
          if (typeof v !== "number" || !Number.isFinite(v)) fail(`with a raw Float32Array field the reward is ${render(v)}`);
        }
      },
    },
    {
      id: "rew.metadata-type",
      run() {
        checkMetadataType(getMetadata(fresh()));
      },
    },
    {
      id: "rew.metadata-json",
      run() {
        checkMetadataJson(getMetadata(fresh()));
      },
    },
    {
      id: "rew.declared-range",
      run(ctx) {
        const meta = getMetadata(fresh());
        const range = isPlainObject(meta) ? meta["reward_range"] : undefined;
        if (range === undefined) ctx.skip("the metadata declares no reward_range");
        if (!Array.isArray(range) || range.length !== 2 || typeof range[0] !== "number" || typeof range[1] !== "number" || !(range[0] <= range[1])) {
          fail(`reward_range is ${render(range)}, not [low, high] with low <= high`);
        }
        const [lo, hi] = range as [number, number];
        ctx.property(
          cases,
          (c) => {
            const v = compute(fresh(), buildCase(c)) as number;
            if (!(v >= lo && v <= hi)) fail(`the reward ${render(v)} is outside the declared reward_range [${lo}, ${hi}]`, v);
          },
          { describe: describeCase },
        );
      },
    },
    {
      id: "rew.goal-boundary",
      run(ctx) {
        const meta = getMetadata(fresh());
        const goal = isPlainObject(meta) ? meta["goal_position"] : undefined;
        const radius = isPlainObject(meta) ? meta["goal_radius"] : undefined;
        if (goal === undefined || radius === undefined) ctx.skip("the metadata does not declare goal_position and goal_radius");
        if (!Array.isArray(goal) || goal.length !== 2 || !goal.every((v) => Number.isSafeInteger(v))) fail(`goal_position is ${render(goal)}, not [x, y]`);
        if (typeof radius !== "number" || !(radius >= 0) || !Number.isFinite(radius)) fail(`goal_radius is ${render(radius)}, not a finite number >= 0`);
        const [gx, gy] = goal as [number, number];
        const r = radius as number;
        const goalPoint = { x: gx, y: gy };
        const field = new KitGaussianField(new GridSize(32, 32), { x: 16, y: 16 }, 4);
        const reward = (prev: arb.AgentSpec, next: arb.AgentSpec) =>
          guard("computeReward(prev, action, next, field)", () => fresh().computeReward(arb.buildAgent(prev), 0, arb.buildAgent(next), field));
        const goalValue = reward(AGENT(gx + 1, gy), AGENT(gx, gy));
        const expectAt = (prev: arb.AgentSpec, next: arb.AgentSpec) => {
          const d = distance(next, goalPoint);
          const v = reward(prev, next);
          const inside = d <= r;
          const isGoal = exactDiff(v, goalValue) === undefined;
          if (inside && !isGoal) {
            fail(`next (${next.x}, ${next.y}) is at distance ${d} <= goal_radius ${r} from the goal (${gx}, ${gy}) (prev (${prev.x}, ${prev.y})) but the reward is ${render(v)}, not the goal reward ${render(goalValue)} (the boundary is inclusive; use the next state)`);
          }
          if (!inside && isGoal) {
            fail(`next (${next.x}, ${next.y}) is at distance ${d} > goal_radius ${r} from the goal (${gx}, ${gy}) (prev (${prev.x}, ${prev.y})) but the reward is the goal reward ${render(goalValue)}`);
          }
        };
        // the exact boundary: integer offsets at distance exactly r (3-4-5 triangles and axis points)
        const R = Math.ceil(r) + 1;
        for (let dx = -R; dx <= R; dx++) {
          for (let dy = -R; dy <= R; dy++) {
            const next = AGENT(gx + dx, gy + dy);
            if (Math.abs(distance(next, goalPoint) - r) <= 1.5) expectAt(AGENT(gx - dx * 3 + 7, gy - dy * 3 - 5), next);
          }
        }
        const near = fc.tuple(fc.integer({ min: -R - 2, max: R + 2 }), fc.integer({ min: -R - 2, max: R + 2 })).map(([dx, dy]) => AGENT(gx + dx, gy + dy));
        const anywhere = fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })).map(([x, y]) => AGENT(x, y));
        ctx.property(fc.tuple(fc.oneof(near, anywhere), fc.oneof(near, anywhere)), ([prev, next]) => expectAt(prev, next), {
          describe: ([p, n]) => `{prev (${p.x}, ${p.y}), next (${n.x}, ${n.y}), goal (${gx}, ${gy}), radius ${r}}`,
        });
      },
    },
    {
      id: "rew.goal-transitions",
      run(ctx) {
        const meta = getMetadata(fresh());
        const declared = declaredGoal(meta);
        if (declared === undefined) return ctx.skip("the metadata declares no goal (goal_position, goal_location or goal, at the top level or in parameters)");
        const range = isPlainObject(meta) ? meta["reward_range"] : undefined;
        const bounds = Array.isArray(range) && range.length === 2 && typeof range[0] === "number" && typeof range[1] === "number" ? (range as [number, number]) : undefined;
        const [gx, gy] = [Math.round(declared.goal[0]), Math.round(declared.goal[1])];
        const r = declared.radius ?? 1;
        const R = Math.min(50, Math.ceil(r) + 2);
        if (gx < 0 || gy < 0) fail(`the declared goal ${declared.key} is (${declared.goal.join(", ")}), off any grid`);
        const grid: arb.GridSpec = [Math.max(16, gx + R + 3), Math.max(16, gy + R + 3)];
        const lazy = grid[0] * grid[1] > (1 << 18); // a goal far out: a field sampled per call, not a dense array
        // the cells around the goal: its 8 neighbours, 2 cells out, and integer offsets exactly at the radius
        const offsets = new Map<string, readonly [number, number]>();
        const addOffset = (dx: number, dy: number) => {
          if (gx + dx >= 0 && gy + dy >= 0 && gx + dx < grid[0] && gy + dy < grid[1]) offsets.set(`${dx},${dy}`, [dx, dy]);
        };
        for (let dx = -2; dx <= 2; dx++) for (let dy = -2; dy <= 2; dy++) addOffset(dx, dy);
        for (let dx = -R; dx <= R; dx++) for (let dy = -R; dy <= R; dy++) if (Math.abs(Math.hypot(dx, dy) - r) < 1e-9) addOffset(dx, dy);
        const cells = [...offsets.values()];
        const at = (dx: number, dy: number, step: number, reached: boolean): arb.AgentSpec => ({ x: gx + dx, y: gy + dy, orientation: 0, step_count: step, total_reward: 0, goal_reached: reached });
        // onto the goal, off it, staying on it, and moving along the radius; with plumes peaking at the goal or elsewhere
        const kinds = ["onto", "from", "stay", "around"] as const;
        const check = (kind: (typeof kinds)[number], [dx, dy]: readonly [number, number], action: number | readonly number[], plume: "gaussian" | "moving" | "zeros", amplitude: number, step: number, reached: boolean) => {
          const [prev, next] =
            kind === "onto" ? [at(dx, dy, step, false), at(0, 0, step + 1, reached)] : kind === "from" ? [at(0, 0, step, true), at(dx, dy, step + 1, reached)] : kind === "stay" ? [at(0, 0, step, true), at(0, 0, step + 1, true)] : [at(dx, dy, step, false), at(dx, dy, step + 1, reached)];
          const field = buildWideField({ grid, plume: lazy && plume !== "zeros" ? "moving" : plume, source: [gx, gy], source2: [gx, gy], sigma: 3, amplitude, step: 0 });
          const a = typeof action === "number" ? action : ndarray("float32", [action.length], Float32Array.from(action));
          const v = guard(`computeReward(prev, action, next, field) ${kind} the goal`, () => fresh().computeReward(arb.buildAgent(prev), a, arb.buildAgent(next), field));
          const where = `prev (${prev.x}, ${prev.y}) -> next (${next.x}, ${next.y}) (${kind} the declared goal ${declared.key} (${gx}, ${gy}), radius ${r}; next.goal_reached ${next.goal_reached}, step_count ${next.step_count}, plume ${plume} peaking at the goal x${amplitude}, action ${render(action)})`;
          if (typeof v !== "number" || !Number.isFinite(v)) fail(`${where}: the reward is ${render(v)}, not a finite number (a distance of 0 at the goal must not divide or take a log)`, v);
          if (bounds !== undefined && !(v >= bounds[0] && v <= bounds[1])) fail(`${where}: the reward ${render(v)} is outside the declared reward_range [${bounds[0]}, ${bounds[1]}]`, v);
        };
        for (const kind of kinds) {
          for (const cell of kind === "stay" ? [[0, 0] as const] : cells) {
            if (kind !== "stay" && cell[0] === 0 && cell[1] === 0) continue;
            for (const reached of [false, true]) check(kind, cell, 0, "gaussian", 1, 1, reached);
          }
        }
        // then varied: other actions, plumes, strengths and step counts past 1,000
        ctx.property(
          fc.record({
            kind: fc.constantFrom(...kinds),
            cell: fc.constantFrom(...cells),
            action: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.array(fc.double({ min: -1, max: 1, noNaN: true }).map((v) => Math.fround(v) + 0), { minLength: 2, maxLength: 3 })),
            plume: fc.constantFrom("gaussian" as const, "moving" as const, "zeros" as const),
            amplitude: fc.constantFrom(1, 0.5, 0.05),
            step: arb.stepCount(),
            reached: fc.boolean(),
          }),
          (c) => check(c.kind, c.cell, c.action, c.plume, c.amplitude, c.step, c.reached),
          { numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
      },
    },
  ];
  return planSuite("reward-function", subjectName(factory, options.name, "RewardFunction"), settings, checks);
}

/** Runs the RewardFunction suite and returns its report. */
export function checkRewardFunction(factory: RewardFunctionFactory, options?: RewardFunctionOptions): SuiteReport {
  return planRewardFunction(factory, options).run();
}


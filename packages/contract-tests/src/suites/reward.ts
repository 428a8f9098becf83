/** The RewardFunction suite (`rew.*`, CHECKS.md §3). */
import { GridSize, hasRewardBatch, ndarray, type BatchRewardFunction, type RewardFunction } from "@plume/core-types";
import * as batch from "../batch.js";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { fail, guard, planSuite, type CheckDefinition, type SuitePlan } from "../engine.js";
import { KitGaussianField, distance } from "../kit.js";
import { resolveOptions, rewardFunctionOptionsSchema, type RewardFunctionOptions } from "../options.js";
import { trapped } from "../probes/trap.js";
import { deepFreeze, diffSnapshot, exactDiff, isFrozenWriteError, isPlainObject, render, snapshot, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
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

/** Builds the RewardFunction suite without running it. */
export function planRewardFunction(factory: RewardFunctionFactory, rawOptions?: RewardFunctionOptions): SuitePlan {
  requireFactory(factory, "checkRewardFunction", "reward");
  const { options, settings } = resolveOptions(rewardFunctionOptionsSchema, "reward-function", rawOptions);
  const fresh = () => create(factory);
  const compute = (r: AnyRewardFunction, t: Transition): unknown => guard("computeReward(prev, action, next, field)", () => r.computeReward(t[0], t[1], t[2], t[3]));
  const transitions = arb.transition();
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
          transitions,
          (spec) => {
            const v = compute(fresh(), arb.buildTransition(spec));
            if (typeof v !== "number" || !Number.isFinite(v)) fail(`computeReward returned ${render(v)}, not a finite number`, v);
          },
          { describe: describeTransition },
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
        if (isStateful(fresh())) ctx.skip("the metadata declares stateful: true and the function offers reset()");
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
        const declared = isPlainObject(meta) ? (meta["goal_position"] ?? meta["goal_location"] ?? (isPlainObject(meta["parameters"]) ? meta["parameters"]["goal_position"] : undefined)) : undefined;
        const goal = Array.isArray(declared) && declared.length === 2 && declared.every((v) => typeof v === "number") ? (declared as [number, number]) : undefined;
        const radius = isPlainObject(meta) && typeof meta["goal_radius"] === "number" ? (meta["goal_radius"] as number) : 1;
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
          transitions,
          (spec) => {
            const v = compute(fresh(), arb.buildTransition(spec)) as number;
            if (!(v >= lo && v <= hi)) fail(`the reward ${render(v)} is outside the declared reward_range [${lo}, ${hi}]`, v);
          },
          { describe: describeTransition },
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
  ];
  return planSuite("reward-function", subjectName(factory, options.name, "RewardFunction"), settings, checks);
}

/** Runs the RewardFunction suite and returns its report. */
export function checkRewardFunction(factory: RewardFunctionFactory, options?: RewardFunctionOptions): SuiteReport {
  return planRewardFunction(factory, options).run();
}


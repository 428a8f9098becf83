/** The ActionProcessor suite (`act.*`, CHECKS.md §2). */
import { GridSize, hasActionBatch, type ActionProcessor, type AgentState, type BatchActionProcessor } from "@plume/core-types";
import * as batch from "../batch.js";
import { actionNumbers } from "../batch.js";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { describeError, fail, guard, planSuite, type CheckDefinition, type SuitePlan } from "../engine.js";
import { actionProcessorOptionsSchema, resolveOptions, type ActionProcessorOptions } from "../options.js";
import { HiddenNondeterminismError, trapped } from "../probes/trap.js";
import { cloneValue, diffSnapshot, exactDiff, isFrozenWriteError, isObjectLike, isPlainObject, render, snapshot, typeName } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { boundaryProbes } from "../float-boundaries.js";
import { HISTORY_CALLS, historyDifference, LongRunDraws } from "../long-run.js";
import { discreteView, enumerateDiscrete, extremeMembers, foreignValues, safeContains, seededSamples, spaceLabel, type AnySpace } from "../spaces-util.js";
import { checkMetadataJson, checkMetadataType, checkProtocolShape, checkSpaceValid, create, getMetadata, readSpace, subjectName, requireFactory } from "./common.js";

export type AnyActionProcessor = ActionProcessor<unknown>;
export type ActionProcessorFactory = () => AnyActionProcessor;

const CORNER_GRIDS: readonly arb.GridSpec[] = [
  [10, 10],
  [1, 1],
  [1, 7],
  [7, 1],
  [13, 9],
  // the size ladder's breaking points (class 2): past int8, past 256 and 1,000, elongated, the largest grid
  [129, 131],
  [300, 257],
  [1001, 7],
  [10_000, 2],
  [10_000, 10_000],
];

/** Step counts the corner walk is repeated at: a fresh episode, and past 1,000 steps (class 12). */
const CORNER_STEP_COUNTS: readonly number[] = [0, 1500];

/** The grid side of act.heading-convention: the agent starts at its centre, far from every wall. */
const HEADING_GRID = 129;

/** Headings at which oriented processors are compared (multiples of 90°: rotations map cells onto cells). */
const HEADINGS: readonly number[] = [0, 90, 180, 270];

interface Case {
  readonly grid: arb.GridSpec;
  readonly agent: arb.AgentSpec;
  readonly action: unknown;
  readonly rngSeed: number;
}

function describeCase(c: Case): string {
  const a = c.agent;
  return `{action ${render(c.action)}, agent (${a.x}, ${a.y}) facing ${a.orientation}° step_count ${a.step_count} total_reward ${a.total_reward} goal_reached ${a.goal_reached}, grid ${c.grid[0]}x${c.grid[1]}, rng seed ${c.rngSeed}}`;
}

function positionOf(result: unknown): { x: unknown; y: unknown } | undefined {
  if (!isObjectLike(result)) return undefined;
  const p = (result as { position?: unknown }).position;
  if (!isObjectLike(p)) return undefined;
  return { x: (p as { x?: unknown }).x, y: (p as { y?: unknown }).y };
}

/** Builds the ActionProcessor suite without running it. */
export function planActionProcessor(factory: ActionProcessorFactory, rawOptions?: ActionProcessorOptions): SuitePlan {
  requireFactory(factory, "checkActionProcessor", "processor");
  const { options, settings } = resolveOptions(actionProcessorOptionsSchema, "action-processor", rawOptions);
  const fresh = () => create(factory);
  const space = (m: AnyActionProcessor) => readSpace(m, "actionSpace");
  const runs = settings.numRuns;

  /** processAction on fresh inputs, with the injected generator seeded first when the processor has setRng. */
  const process = (m: AnyActionProcessor, c: Case, label = "processAction(action, state, grid)"): { result: AgentState; input: AgentState; grid: GridSize } => {
    if (typeof m.setRng === "function") {
      const rng = Generator.fromSeed(c.rngSeed);
      guard("setRng(rng)", () => (m.setRng as (r: Generator) => void)(rng));
    }
    const input = arb.buildAgent(c.agent);
    const grid = new GridSize(c.grid[0], c.grid[1]);
    const result = guard(label, () => m.processAction(cloneValue(c.action), input, grid));
    return { result, input, grid };
  };

  // agents as real envs hand them over: step counts past 1,000 included (class 12)
  const agentOn = (g: arb.GridSpec) => fc.tuple(arb.agent(g), arb.stepCount()).map(([a, step_count]) => ({ ...a, step_count }));
  const cases = (s: AnySpace, gridArb: fc.Arbitrary<arb.GridSpec> = arb.grid()): fc.Arbitrary<Case> =>
    gridArb.chain((g) => fc.record({ grid: fc.constant(g), agent: agentOn(g), action: arb.action(s), rngSeed: arb.seed() }));

  /** Every action worth trying exhaustively: all Discrete values, or the extremes plus 20 samples. */
  const exhaustiveActions = (s: AnySpace, seed: number): unknown[] => enumerateDiscrete(s) ?? [...extremeMembers(s), ...seededSamples(s, seed, 20)];

  const checkInBounds = (c: Case, result: unknown) => {
    const p = positionOf(result);
    const [w, h] = c.grid;
    if (p === undefined) fail(`processAction returned ${render(result)}, which has no position`);
    const { x, y } = p as { x: number; y: number };
    if (!(x >= 0 && x < w && y >= 0 && y < h)) {
      fail(`the result position (${render(x)}, ${render(y)}) is outside the ${w}x${h} grid (0 <= x < ${w}, 0 <= y < ${h}): clamp each axis to [0, size - 1]`);
    }
  };

  const checks: CheckDefinition[] = [
    {
      id: "act.protocol-shape",
      run() {
        checkProtocolShape(fresh(), "ActionProcessor", {
          accessors: ["actionSpace"],
          methods: ["processAction", "validateAction", "getMetadata"],
          optionalMethods: ["setRng"],
        });
      },
    },
    {
      id: "act.space-valid",
      run(ctx) {
        checkSpaceValid(ctx, guard("reading actionSpace", () => fresh().actionSpace), "actionSpace");
      },
    },
    {
      id: "act.space-stable",
      run() {
        const m = fresh();
        const a = space(m);
        if (guard("reading actionSpace", () => m.actionSpace) !== a) {
          fail("two reads of actionSpace returned different objects: the getter must return the same instance every time");
        }
      },
    },
    {
      id: "act.boundary-safety",
      run(ctx) {
        const m = fresh();
        const s = space(m);
        ctx.property(cases(s), (c) => checkInBounds(c, process(fresh(), c).result), { describe: describeCase });
        // the size ladder (class 2): the same on grids where narrow integers and fixed buffers break
        ctx.property(cases(s, arb.ladderGrid()), (c) => checkInBounds(c, process(fresh(), c).result), { describe: describeCase });
      },
    },
    {
      id: "act.corner-edge",
      run(ctx) {
        const s = space(fresh());
        const actions = exhaustiveActions(s, ctx.seed);
        // the small grids at every heading with every action; late in an episode and on the ladder's grids,
        // the extreme actions (and 4 samples for Box spaces)
        const ladderActions = enumerateDiscrete(s) ?? [...extremeMembers(s), ...seededSamples(s, ctx.seed, 4)];
        for (const g of CORNER_GRIDS) {
          const onLadder = g[0] * g[1] > 1000;
          for (const [x, y] of arb.cornersAndEdges(g)) {
            for (const step_count of onLadder ? [0] : CORNER_STEP_COUNTS) {
              for (const orientation of step_count === 0 ? [0, 45, 90, 180, 270] : [0, 180]) {
                for (const action of onLadder || step_count > 0 ? ladderActions : actions) {
                  const c: Case = { grid: g, agent: { x, y, orientation, step_count, total_reward: 0, goal_reached: false }, action, rngSeed: 0 };
                  const { result } = process(fresh(), c, `processAction(${render(action)}) at (${x}, ${y}) facing ${orientation}° on ${g[0]}x${g[1]}`);
                  try {
                    checkInBounds(c, result);
                  } catch (error) {
                    fail(`from (${x}, ${y}) facing ${orientation}° at step_count ${step_count} on a ${g[0]}x${g[1]} grid, action ${render(action)}: ${(error as Error).message}`, action);
                  }
                }
              }
            }
          }
        }
      },
    },
    {
      id: "act.result-valid",
      run(ctx) {
        const s = space(fresh());
        ctx.property(
          cases(s),
          (c) => {
            const { result, input } = process(fresh(), c);
            if (!isObjectLike(result)) fail(`processAction returned ${render(result)}, not an AgentState`);
            if (Object.getPrototypeOf(result) !== Object.getPrototypeOf(input) && typeName(result) !== "AgentState") {
              fail(`processAction returned a ${typeName(result)}, not an AgentState (build it with currentState.with(...) or new AgentState(...))`);
            }
            const p = positionOf(result);
            if (p === undefined || !Number.isSafeInteger(p.x) || !Number.isSafeInteger(p.y)) {
              fail(`the result position ${render(p)} does not have integer x and y (round continuous moves)`);
            }
            const o = (result as { orientation?: unknown }).orientation;
            if (typeof o !== "number" || !Number.isFinite(o)) fail(`the result orientation is ${render(o)}, not a finite number`);
            const want = Object.keys(input).sort().join(",");
            const got = Object.keys(result).sort().join(",");
            if (want !== got) fail(`the result has fields [${got}] but the input has [${want}]`);
          },
          { describe: describeCase },
        );
      },
    },
    {
      id: "act.new-instance",
      run(ctx) {
        const s = space(fresh());
        const actions = enumerateDiscrete(s) ?? [...extremeMembers(s), ...seededSamples(s, ctx.seed, 10)];
        for (const action of actions) {
          const c: Case = { grid: [16, 16], agent: { x: 8, y: 8, orientation: 90, step_count: 3, total_reward: 1.5, goal_reached: false }, action, rngSeed: 1 };
          const { result, input } = process(fresh(), c);
          if (result === input) fail(`processAction(${render(action)}) returned currentState itself: return a new AgentState even when nothing moves`, action);
          for (const key of Object.keys(input)) {
            const v = (input as unknown as Record<string, unknown>)[key];
            if (isObjectLike(v) && !Object.isFrozen(v) && (result as unknown as Record<string, unknown>)[key] === v) {
              fail(`the result shares the mutable object ${key} with currentState`, action);
            }
          }
        }
      },
    },
    {
      id: "act.purity",
      run(ctx) {
        const s = space(fresh());
        ctx.property(
          cases(s),
          (c) => {
            const m = fresh();
            if (typeof m.setRng === "function") (m.setRng as (r: Generator) => void)(Generator.fromSeed(c.rngSeed));
            const input = arb.buildAgent(c.agent);
            const grid = new GridSize(c.grid[0], c.grid[1]);
            const action = cloneValue(c.action);
            const snaps = [snapshot(input, undefined, "currentState"), snapshot(grid, undefined, "gridSize"), snapshot(action, undefined, "action")];
            guard("processAction(action, state, grid)", () => {
              try {
                return m.processAction(action, input, grid);
              } catch (error) {
                if (isFrozenWriteError(error)) fail(`processAction tried to write to a (frozen) input: ${(error as Error).message}`);
                throw error;
              }
            });
            const d =
              diffSnapshot(snaps[0] as ReturnType<typeof snapshot>, input, undefined, "currentState") ??
              diffSnapshot(snaps[1] as ReturnType<typeof snapshot>, grid, undefined, "gridSize") ??
              diffSnapshot(snaps[2] as ReturnType<typeof snapshot>, action, undefined, "action");
            if (d !== undefined) fail(`processAction mutated its input: ${d}`);
          },
          { describe: describeCase },
        );
      },
    },
    {
      id: "act.preserves-fields",
      run(ctx) {
        const m0 = fresh();
        const s = space(m0);
        const withCounters = arb.grid().chain((g) =>
          fc.record({
            grid: fc.constant(g),
            agent: arb.agent(g).map((a) => ({ ...a, step_count: a.step_count + 1, total_reward: a.total_reward === 0 ? 2.5 : a.total_reward })),
            action: arb.action(s),
            rngSeed: arb.seed(),
          }),
        );
        ctx.property(
          withCounters,
          (c) => {
            const { result, input } = process(fresh(), c);
            for (const key of ["step_count", "total_reward", "goal_reached"] as const) {
              const before = input[key];
              const after = (result as unknown as Record<string, unknown>)[key];
              if (!Object.is(before, after)) fail(`${key} changed from ${render(before)} to ${render(after)}: processAction must carry the episode counters over`);
            }
          },
          { describe: describeCase },
        );
      },
    },
    {
      id: "act.orientation-declared",
      run(ctx) {
        const m0 = fresh();
        const s = space(m0);
        const meta = getMetadata(m0);
        if (isPlainObject(meta) && meta["orientation_dependent"] === true) return ctx.skip("the metadata declares orientation_dependent: true");
        ctx.property(
          cases(s),
          (c) => {
            const { result, input } = process(fresh(), c);
            const o = (result as unknown as Record<string, unknown>)["orientation"];
            if (!Object.is(o, input.orientation)) {
              fail(`orientation changed from ${input.orientation} to ${render(o)} but the metadata does not declare orientation_dependent: true`);
            }
          },
          { describe: describeCase },
        );
      },
    },
    {
      id: "act.batch-agrees",
      run(ctx) {
        const probe = fresh();
        if (!hasActionBatch(probe)) return ctx.skip("the processor has no processActionBatch (the batch protocol is optional)");
        const s = space(probe);
        const width = (actionNumbers(seededSamples(s, 1, 1)[0]) ?? []).length;
        if (width === 0) fail(`processActionBatch exists but ${spaceLabel(s)} actions are not numbers or numeric arrays, so they cannot be laid out for a batch`);
        ctx.property(
          batch.batchSpec().chain((b) => fc.record({ b: fc.constant(b), actions: fc.array(arb.action(s), { minLength: b.envs.length, maxLength: b.envs.length }) })),
          ({ b, actions }) => {
            const { context, rngs, grid } = batch.batchWorld(b);
            const agents = batch.agentBatch(b);
            const before = batch.copyAgents(agents);
            const flat = new Float64Array(b.envs.length * width);
            actions.forEach((a, i) => flat.set(actionNumbers(a) ?? [], i * width));
            const { indices, count } = batch.indicesOf(b);
            const m = fresh();
            guard("processActionBatch(actions, agents, context, indices, count)", () => (m as unknown as BatchActionProcessor).processActionBatch(flat, agents, context, indices, count));
            // the object path, environment by environment, each with its own generator (as setRng gives it)
            const objectRngs = b.envs.map((e) => Generator.fromSeed(e.rngSeed));
            const obj = fresh();
            const expected = batch.copyAgents(before);
            for (const i of b.listed) {
              if (typeof obj.setRng === "function") guard("setRng(rng)", () => (obj.setRng as (r: Generator) => void)(objectRngs[i] as Generator));
              const next = guard("processAction(action, state, grid)", () => obj.processAction(cloneValue(actions[i]), batch.agentOf(b, i), grid));
              const p = positionOf(next);
              (expected.x as Int32Array)[i] = Number(p?.x);
              (expected.y as Int32Array)[i] = Number(p?.y);
              (expected.orientation as Float64Array)[i] = (next as unknown as { orientation: number }).orientation;
            }
            for (const key of ["x", "y", "orientation", "prevX", "prevY", "stepCount", "totalReward", "distance"] as const) {
              const mm = batch.compareRows(`agents.${key}`, agents[key], expected[key], 1);
              if (mm !== undefined) {
                const listed = b.listed.includes(mm.env);
                fail(
                  `${mm.what}: the batch wrote ${mm.batch} but ${listed ? `processAction on environment ${mm.env} gives ${mm.object}` : `environment ${mm.env} is not listed (indices[0..count)), so it must stay ${mm.object}`}: batch and object methods must agree bit for bit`,
                );
              }
            }
            for (const i of b.listed) {
              const a = (rngs[i] as Generator).random();
              const o = (objectRngs[i] as Generator).random();
              if (!Object.is(a, o)) fail(`environment ${i}'s generator is in a different state after the batch than after processAction (the batch drew a different number of values, or from another environment's generator)`);
            }
          },
          { describe: ({ b, actions }) => `${batch.describeBatch(b)}, actions ${render(actions, 200)}`, numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
      },
    },
    {
      id: "act.determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const s = space(fresh());
        const sized = arb.grid().filter(([w, h]) => w >= 16 && h >= 16);
        ctx.property(
          cases(s, fc.oneof(fc.tuple(fc.integer({ min: 16, max: 64 }), fc.integer({ min: 16, max: 64 })), sized)),
          (c) => {
            const m = fresh();
            const a = guard("processAction(action, state, grid)", () => trapped(() => process(m, c).result));
            const b = guard("processAction(action, state, grid)", () => trapped(() => process(m, c).result));
            const d = exactDiff(a, b, "result");
            if (d !== undefined) fail(`the same (action, state, grid${typeof m.setRng === "function" ? ", generator state" : ""}) gave different results: ${d}`);
          },
          { describe: describeCase },
        );
      },
    },
    {
      id: "act.history-independence",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const s = space(fresh());
        // one instance over a long, varied sequence (class 1): grids of every size, step counts past 1,000,
        // every action, positions biased to the corners and edges (so that cells repeat across grids)
        // actions from a pool (every Discrete value, or the extremes and 40 samples): sampling a space per case is slow
        const pool = enumerateDiscrete(s) ?? [...extremeMembers(s), ...seededSamples(s, ctx.seed, 40)];
        const draw = new LongRunDraws(ctx.seed);
        const ladder = arb.sizeLadder();
        const long = Array.from({ length: HISTORY_CALLS }, (): Case => {
          const grid = draw.grid(ladder);
          return { grid, agent: draw.agent(grid), action: cloneValue(draw.pick(pool)), rngSeed: draw.seed() };
        });
        const used = fresh();
        const outcome = (m: AnyActionProcessor, c: Case): { value: unknown } | undefined => {
          try {
            return { value: trapped(() => process(m, c).result) };
          } catch (error) {
            if (error instanceof HiddenNondeterminismError) return undefined; // act.determinism reports it
            throw error;
          }
        };
        const found = historyDifference(long, (c) => outcome(used, c), (c) => outcome(fresh(), c), "result");
        if (found !== undefined) {
          fail(
            `call ${found.index + 1} on one instance (after ${found.index} earlier calls on grids up to 10,000 wide) differs from a fresh instance on the same input ${describeCase(found.input)}: ${found.diff}. ` +
              "processAction must depend only on (action, state, grid) and the injected generator: no move counters, caches keyed on part of the input, or drift",
            found.input.action,
          );
        }
      },
    },
    {
      id: "act.heading-convention",
      run(ctx) {
        const m0 = fresh();
        const s = space(m0);
        const meta = getMetadata(m0);
        const declared = isPlainObject(meta) && meta["orientation_dependent"] === true;
        const grid: arb.GridSpec = [HEADING_GRID, HEADING_GRID];
        const c0 = (HEADING_GRID - 1) / 2;
        const discrete = discreteView(s) !== undefined;
        // a move, or undefined when the call throws or touches hidden randomness (act.accepts-valid's and
        // act.determinism's findings, not the heading's)
        const moveAt = (action: unknown, orientation: number): [number, number] | undefined => {
          const c: Case = { grid, agent: { x: c0, y: c0, orientation, step_count: 0, total_reward: 0, goal_reached: false }, action, rngSeed: 7 };
          try {
            const p = positionOf(trapped(() => process(fresh(), c).result));
            return [Number(p?.x) - c0, Number(p?.y) - c0];
          } catch {
            return undefined;
          }
        };
        const tolerance = discrete ? 0 : 1; // continuous moves may round a .5 tie either way
        let judged = 0;
        let alongX = false;
        for (const action of exhaustiveActions(s, ctx.seed)) {
          const tried = HEADINGS.map((h) => moveAt(action, h));
          if (tried.some((m) => m === undefined)) continue;
          const moves = tried as [number, number][];
          const [dx, dy] = moves[0] as [number, number];
          if (moves.every(([x, y]) => x === dx && y === dy)) continue; // the move does not depend on the heading
          judged += 1;
          if (dx > Math.abs(dy)) alongX = true;
          HEADINGS.forEach((h, i) => {
            const rad = (h * Math.PI) / 180;
            const ex = Math.round(dx * Math.cos(rad) - dy * Math.sin(rad));
            const ey = Math.round(dx * Math.sin(rad) + dy * Math.cos(rad));
            const [gx, gy] = moves[i] as [number, number];
            if (Math.abs(gx - ex) > tolerance || Math.abs(gy - ey) > tolerance) {
              fail(
                `action ${render(action)} moves (${dx}, ${dy}) at heading 0° but (${gx}, ${gy}) at heading ${h}°; ` +
                  `Plume's headings are counterclockwise from +x (0° = +x, 90° = +y), so at ${h}° it must move (${ex}, ${ey}), the heading-0 move turned by ${h}°`,
                action,
              );
            }
          });
        }
        // the gate: a move that depends on the heading (declared or not: a processor may move along a heading it never changes)
        if (judged === 0) return declared ? ctx.note("orientation_dependent: true, but no action's move depends on the heading") : ctx.skip("no action's move depends on the heading");
        if (discrete && !alongX) {
          fail(`no action whose move follows the heading moves along +x at heading 0° (the moves at 0° are ${exhaustiveActions(s, ctx.seed).map((a) => `${render(a)}: (${moveAt(a, 0)?.join(", ") ?? "throws"})`).join(", ")}): Plume's heading 0° points along +x and 90° along +y`);
        }
      },
    },
    {
      id: "act.rng-hook",
      run(ctx) {
        const probe = fresh();
        if (typeof probe.setRng !== "function") ctx.skip("the processor has no setRng hook");
        const s = space(probe);
        const actions = [...(enumerateDiscrete(s) ?? []), ...seededSamples(s, ctx.seed, 20)];
        const rollout = (seed: number): unknown[] => {
          const m = fresh();
          const setRng = m.setRng as (r: Generator) => void;
          guard("setRng(rng)", () => setRng.call(m, Generator.fromSeed(seed)));
          const grid = new GridSize(32, 32);
          let state = arb.buildAgent({ x: 16, y: 16, orientation: 0, step_count: 0, total_reward: 0, goal_reached: false });
          const out: unknown[] = [];
          for (let i = 0; i < 50; i++) {
            const action = cloneValue(actions[i % actions.length]);
            state = guard(`processAction #${i}`, () => trapped(() => m.processAction(action, state, grid)));
            out.push(state);
          }
          return out;
        };
        ctx.property(
          fc.tuple(arb.seed(), arb.seed()).filter(([a, b]) => a !== b),
          ([a, b]) => {
            const first = rollout(a);
            const d = exactDiff(first, rollout(a), "results");
            if (d !== undefined) fail(`two generators seeded alike (${a}) gave different result sequences, so randomness comes from elsewhere: ${d}`);
            if (ctx.capabilities.usesRng !== false && exactDiff(first, rollout(b)) === undefined) {
              fail(`generators seeded ${a} and ${b} gave the same 50 results: the processor ignores the injected generator (declare capabilities.usesRng: false if it never draws)`);
            }
          },
          { numRuns: Math.max(5, Math.ceil(runs / 5)) },
        );
      },
    },
    {
      id: "act.accepts-valid",
      run(ctx) {
        const s = space(fresh());
        // the extremes, and the members among the float boundaries (each bound, the next number inside it)
        const members = [...extremeMembers(s), ...boundaryProbes(s).filter((p) => safeContains(s, cloneValue(p.value))).map((p) => p.value)];
        for (const action of members) {
          process(fresh(), { grid: [16, 16], agent: { x: 8, y: 8, orientation: 0, step_count: 0, total_reward: 0, goal_reached: false }, action, rngSeed: 0 }, `processAction(${render(action)}) for a member of actionSpace`);
        }
        ctx.property(cases(s), (c) => void process(fresh(), c, `processAction(${render(c.action)}) for a member of actionSpace`), { describe: describeCase });
      },
    },
    {
      id: "act.validate-total",
      run(ctx) {
        const m = fresh();
        const s = space(m);
        ctx.property(fc.oneof(arb.action(s), arb.foreign(s)), (x) => {
          const v = guard(`validateAction(${render(x)})`, () => m.validateAction(cloneValue(x)), x);
          if (typeof v !== "boolean") fail(`validateAction(${render(x)}) returned ${render(v)}, not a boolean`, x);
        });
      },
    },
    {
      id: "act.validate-accepts-samples",
      run(ctx) {
        const m = fresh();
        const s = space(m);
        ctx.property(arb.action(s), (x) => {
          const v = guard(`validateAction(${render(x)})`, () => m.validateAction(cloneValue(x)), x);
          if (v !== true) fail(`validateAction returned ${render(v)} for ${render(x)}, a member of ${String(s)}`, x);
        });
      },
    },
    {
      id: "act.validate-matches-contains",
      run(ctx) {
        const m = fresh();
        const s = space(m);
        // the float boundaries first (class 3): each bound, the next representable number beyond it, within 1e-6
        for (const { value, where } of boundaryProbes(s)) {
          const v = guard(`validateAction(${render(value)})`, () => m.validateAction(cloneValue(value)), value);
          const c = safeContains(s, cloneValue(value));
          if (v !== c) fail(`validateAction(${render(value)}) (${where}) is ${render(v)} but actionSpace.contains is ${c}: validate with the space's own bounds, without a tolerance`, value);
        }
        ctx.property(fc.oneof(arb.action(s), arb.foreign(s)), (x) => {
          const v = guard(`validateAction(${render(x)})`, () => m.validateAction(cloneValue(x)), x);
          const c = safeContains(s, cloneValue(x));
          if (v !== c) fail(`validateAction(${render(x)}) is ${render(v)} but actionSpace.contains is ${c}`, x);
        });
      },
    },
    {
      id: "act.invalid-throws",
      run() {
        const s = space(fresh());
        // foreign values, and the non-members among the float boundaries (the next number beyond each bound)
        const outside = boundaryProbes(s).filter((p) => !safeContains(s, cloneValue(p.value))).map((p) => p.value);
        for (const x of [...foreignValues(s), ...outside]) {
          const m = fresh();
          let result: unknown;
          try {
            result = m.processAction(cloneValue(x), arb.buildAgent({ x: 5, y: 5, orientation: 0, step_count: 0, total_reward: 0, goal_reached: false }), new GridSize(10, 10));
          } catch {
            continue;
          }
          fail(`processAction(${render(x)}) returned ${render(result)} although ${render(x)} is not in ${String(s)}: it must throw`, x);
        }
      },
    },
    {
      id: "act.invalid-error-typed",
      run() {
        const s = space(fresh());
        for (const x of foreignValues(s)) {
          const m = fresh();
          try {
            m.processAction(cloneValue(x), arb.buildAgent({ x: 5, y: 5, orientation: 0, step_count: 0, total_reward: 0, goal_reached: false }), new GridSize(10, 10));
          } catch (error) {
            const e = error as { name?: unknown; code?: unknown; parameter?: unknown };
            const typed = isObjectLike(error) && (e.name === "ValidationError" || e.code === "PLUME_VALIDATION");
            if (!typed) fail(`processAction(${render(x)}) threw ${describeError(error)}; throw the exported ValidationError (ValidationError.invalid("action", ...))`, x);
            if (e.parameter !== "action") fail(`processAction(${render(x)}) threw a ValidationError whose parameter is ${render(e.parameter)}, not "action"`, x);
          }
        }
      },
    },
    {
      id: "act.metadata-type",
      run() {
        checkMetadataType(getMetadata(fresh()));
      },
    },
    {
      id: "act.metadata-fields",
      run() {
        const meta = getMetadata(fresh());
        if (!isPlainObject(meta)) fail(`getMetadata() returned ${render(meta)}, not a plain object`);
        if (!isPlainObject(meta["parameters"])) fail(`metadata.parameters is ${render(meta["parameters"])}, not a plain object`);
        if (typeof meta["movement_model"] !== "string" && typeof meta["modality"] !== "string") {
          fail(`metadata has neither movement_model nor modality as a string (e.g. movement_model: "cardinal_directions")`);
        }
        if (typeof meta["orientation_dependent"] !== "boolean") fail(`metadata.orientation_dependent is ${render(meta["orientation_dependent"])}, not a boolean`);
      },
    },
    {
      id: "act.metadata-json",
      run() {
        checkMetadataJson(getMetadata(fresh()));
      },
    },
  ];
  return planSuite("action-processor", subjectName(factory, options.name, "ActionProcessor"), settings, checks);
}

/** Runs the ActionProcessor suite and returns its report. */
export function checkActionProcessor(factory: ActionProcessorFactory, options?: ActionProcessorOptions): SuiteReport {
  return planActionProcessor(factory, options).run();
}

/** The Policy suite (`pol.*`, CHECKS.md §8). */
import type { Env, Policy, RandomGenerator } from "@plume/core-types";
import { Box, Generator } from "@plume/spaces";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { describeError, fail, guard, planSuite, Violation, type CheckDefinition, type SuitePlan } from "../engine.js";
import { policyOptionsSchema, resolveOptions, type PolicyOptions } from "../options.js";
import { tapRng } from "../probes/rng-tap.js";
import { HiddenNondeterminismError, trapped } from "../probes/trap.js";
import { cloneValue, deepFreeze, diffSnapshot, exactDiff, isFrozenWriteError, isNDArrayLike, isPlainObject, render, snapshot } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { boxView, discreteView, explainNotContained, isSpaceLike, seededSamples, spaceLabel, spaceType, type AnySpace } from "../spaces-util.js";
import { checkProtocolShape, checkSpaceValid, create, readSpace, subjectName, requireFactory } from "./common.js";

export type AnyPolicy = Policy<unknown, unknown>;

const HIDDEN = Symbol("hidden randomness");

/** Calls on one plateau in pol.long-run (past a schedule of 1,000 steps). */
const LONG_PLATEAU = 1200;
export type PolicyFactory = () => AnyPolicy;

/** Why the policy's action space is not a subset of the env's (Discrete: same start, n <= env n), or undefined. */
export function actionSubsetProblem(policySpace: AnySpace, envSpace: AnySpace): string | undefined {
  const p = discreteView(policySpace);
  const e = discreteView(envSpace);
  if (p !== undefined || e !== undefined) {
    if (p === undefined || e === undefined) return `${spaceLabel(policySpace)} and ${spaceLabel(envSpace)} are not both Discrete`;
    if (p.start !== e.start) return `the policy's Discrete starts at ${p.start}, the env's at ${e.start}`;
    if (p.n > e.n) return `the policy can select ${p.n} actions but the env accepts only ${e.n} (${spaceLabel(policySpace)} is not a subset of ${spaceLabel(envSpace)})`;
    return undefined;
  }
  const pb = boxView(policySpace);
  const eb = boxView(envSpace);
  if (pb !== undefined && eb !== undefined) {
    if (pb.shape.join() !== eb.shape.join()) return `Box shapes differ: [${pb.shape.join(", ")}] vs [${eb.shape.join(", ")}]`;
    for (let i = 0; i < pb.low.length; i++) {
      if (Number(pb.low[i]) < Number(eb.low[i]) || Number(pb.high[i]) > Number(eb.high[i])) return `the policy's Box bound ${i} [${pb.low[i]}, ${pb.high[i]}] exceeds the env's [${eb.low[i]}, ${eb.high[i]}]`;
    }
    return undefined;
  }
  if (!policySpace.equals(envSpace)) return `${spaceLabel(policySpace)} does not equal ${spaceLabel(envSpace)}`;
  return undefined;
}

/** Builds the Policy suite without running it. */
export function planPolicy(factory: PolicyFactory, rawOptions?: PolicyOptions): SuitePlan {
  requireFactory(factory, "checkPolicy", "policy");
  const { options, settings } = resolveOptions(policyOptionsSchema, "policy", rawOptions);
  const fresh = () => create(factory);
  const obsSpace: AnySpace = options.observationSpace ?? new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  const space = (p: AnyPolicy) => readSpace(p, "actionSpace");
  const reset = (p: AnyPolicy, seed?: number) => guard(seed === undefined ? "reset()" : `reset({ seed: ${seed} })`, () => (seed === undefined ? p.reset() : p.reset({ seed })));
  const select = (p: AnyPolicy, obs: unknown, explore: boolean) => guard(`selectAction(obs, { explore: ${explore} })`, () => p.selectAction(obs, { explore }), obs);
  // sequences of samples of the declared observation space (by default Float32 [1] in [0, 1], as T:PO)
  const observations = arb.obsSeq(obsSpace);
  const runs = settings.numRuns;
  const actionsFor = (p: AnyPolicy, seed: number, obs: readonly unknown[], explore: boolean) =>
    guard(`reset({ seed: ${seed} }) + selectAction`, () =>
      trapped(() => {
        p.reset({ seed });
        return obs.map((o) => p.selectAction(cloneValue(o), { explore }));
      }),
    );
  // Plateaus (class 3): the same reading many times in a row — all at 0, at 1, at each bound, at a sample.
  const plateaus = (seed: number): unknown[][] => {
    const base = seededSamples(obsSpace, seed, 3);
    const out: unknown[][] = base.map((o) => Array.from({ length: 12 }, () => cloneValue(o)));
    const first = base[0];
    if (isNDArrayLike(first)) {
      const box = boxView(obsSpace);
      const levels = new Set<number>([0, 1]);
      if (box !== undefined) for (const b of [...Array.from(box.low), ...Array.from(box.high)]) if (Number.isFinite(Number(b))) levels.add(Number(b));
      for (const level of levels) {
        const o = cloneValue(first) as { data: { fill(v: never): unknown } };
        o.data.fill((typeof first.data[0] === "bigint" ? BigInt(Math.trunc(level)) : level) as never);
        if (explainNotContained(obsSpace, o) === undefined) out.push(Array.from({ length: 12 }, () => cloneValue(o)));
      }
    }
    return out;
  };
  const EDGE_SEEDS = [0, 1, 0xffffffff] as const;
  /** Many calls on another instance: module-level (shared) state advances while it runs. */
  const churn = (seed: number) => {
    const other = fresh();
    guard("another instance's reset + 500 selectAction calls", () =>
      trapped(() => {
        other.reset({ seed: seed + 1 });
        const obs = seededSamples(obsSpace, seed, 50);
        for (let i = 0; i < 500; i++) other.selectAction(cloneValue(obs[i % obs.length]), { explore: i % 2 === 0 });
      }),
    );
  };
  const pairedEnv = (ctx: { skip(reason: string): never }): Env => {
    const make = options.env;
    if (make === undefined) ctx.skip("no paired env (options.env)");
    return guard("options.env()", make);
  };

  const checks: CheckDefinition[] = [
    {
      id: "pol.protocol-shape",
      run() {
        const p = fresh();
        checkProtocolShape(p, "Policy", { accessors: ["actionSpace"], methods: ["reset", "selectAction"], optionalMethods: ["setRng", "getMetadata"] });
        reset(p);
        reset(p, 1);
        const [obs] = seededSamples(obsSpace, 0, 1);
        select(p, obs, true);
        select(p, obs, false);
      },
    },
    {
      id: "pol.space-valid",
      run(ctx) {
        checkSpaceValid(ctx, guard("reading actionSpace", () => fresh().actionSpace), "actionSpace");
      },
    },
    {
      id: "pol.space-stable",
      run() {
        const p = fresh();
        const a = space(p);
        reset(p, 3);
        if (guard("reading actionSpace", () => p.actionSpace) !== a) fail("two reads of actionSpace returned different objects: the getter must return the same instance every time");
      },
    },
    // seed-determinism and cross-instance run before the other calling checks: state shared at module level
    // (a step counter, an annealing schedule) still moves during the first calls in the process.
    {
      id: "pol.seed-determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        // the edge seeds always (class 5): 0 is a seed like any other, not "no seed"
        const edgeObs = seededSamples(obsSpace, ctx.seed, 30);
        for (const seed of EDGE_SEEDS) {
          const p = fresh();
          const a = actionsFor(p, seed, edgeObs, true);
          const c = actionsFor(p, seed, edgeObs, true);
          const d = exactDiff(a, c, "actions");
          if (d !== undefined) fail(`reset({ seed: ${seed} }) did not reproduce the actions for the same observations: ${d}`);
        }
        ctx.property(
          fc.tuple(arb.seed(), observations),
          ([seed, seq]) => {
            for (const explore of [true, false]) {
              const p = fresh();
              const a = actionsFor(p, seed, seq, explore);
              const b = actionsFor(p, seed, seq, explore);
              const d = exactDiff(a, b, "actions");
              if (d !== undefined) fail(`reset({ seed: ${seed} }) twice with the same observations gave different actions (explore ${explore}): ${d}`);
            }
          },
          { numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
      },
    },
    {
      id: "pol.cross-instance",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        ctx.property(
          observations,
          (seq) => {
            for (const explore of [true, false]) {
              const first = actionsFor(fresh(), 42, seq, explore);
              churn(42);
              const d = exactDiff(first, actionsFor(fresh(), 42, seq, explore), "actions");
              if (d !== undefined) fail(`two instances reset with seed 42 gave different actions for the same observations (explore ${explore}; another instance made 500 calls in between, so state shared between instances shows): ${d}`);
            }
          },
          { numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
        // unseeded continuation (class 5): seeded alike, fed alike, then reset() without a seed — still alike,
        // with nothing read from the clock (an unseeded reset continues the stream, as an env's does)
        ctx.property(
          fc.record({ seed: arb.seed(), episode: observations, after: observations, explore: fc.boolean() }),
          ({ seed, episode, after, explore }) => {
            const run = () =>
              guard(`reset({ seed: ${seed} }) + selectAction, then reset() without a seed + selectAction`, () =>
                trapped(() => {
                  const p = fresh();
                  p.reset({ seed });
                  for (const o of episode) p.selectAction(cloneValue(o), { explore });
                  p.reset();
                  return after.map((o) => p.selectAction(cloneValue(o), { explore }));
                }),
              );
            const d = exactDiff(run(), run(), "actions");
            if (d !== undefined) {
              fail(`two instances reset({ seed: ${seed} }) alike and fed the same ${episode.length} observations, then reset() without a seed, selected different actions for the same observations (explore ${explore}): ${d}. An unseeded reset must continue the policy's stream, not draw new entropy`);
            }
          },
          { numRuns: Math.max(5, Math.ceil(runs / 5)), describe: (c) => `{seed ${c.seed}, ${c.episode.length} observations, reset(), ${c.after.length} observations, explore ${c.explore}}` },
        );
      },
    },
    {
      id: "pol.action-in-space",
      run(ctx) {
        for (const seq of plateaus(ctx.seed)) {
          for (const explore of [true, false]) {
            const p = fresh();
            reset(p, 123);
            const s = space(p);
            seq.forEach((obs, i) => {
              const a = select(p, cloneValue(obs), explore);
              const why = explainNotContained(s, a, "action");
              if (why !== undefined) fail(`on a plateau of ${seq.length} equal observations (${render(obs)}), step ${i} with explore ${explore}: ${why}`, a);
            });
          }
        }
        ctx.property(observations, (seq) => {
          for (const explore of [true, false]) {
            const p = fresh();
            reset(p, 123);
            const s = space(p);
            seq.forEach((obs, i) => {
              const a = select(p, cloneValue(obs), explore);
              const why = explainNotContained(s, a, "action");
              if (why !== undefined) fail(`observation ${i} (${render(obs)}) with explore ${explore}: ${why}`, a);
            });
          }
        });
      },
    },
    {
      id: "pol.long-run",
      run(ctx) {
        // long runs (class 6): one instance, one seeded reset, then thousands of calls without another reset —
        // an env with max_steps 5,000 — mostly on plateaus (zeros, the bounds, one sample), where search
        // schedules, counters and buffers sized for "the default episode length" run out
        // plateaus() lists 3 sample plateaus first, then one per level (0, 1, each finite bound)
        const templates = plateaus(ctx.seed).map((seq) => seq[0]);
        const levels = templates.slice(3);
        const samples = seededSamples(obsSpace, ctx.seed, 200);
        for (const explore of [true, false]) {
          const p = fresh();
          reset(p, 99);
          const s = space(p);
          let i = 0;
          const drive = (obs: unknown, n: number, what: string) => {
            for (let k = 0; k < n; k++, i++) {
              const a = select(p, cloneValue(obs), explore);
              const why = explainNotContained(s, a, "action");
              if (why !== undefined) fail(`call ${i + 1} of one run without a reset (explore ${explore}; ${what}, ${render(obs)}): ${why}`, a);
            }
          };
          for (const obs of levels) drive(obs, LONG_PLATEAU, "on a plateau of equal readings at a level");
          for (const obs of templates.slice(0, 3)) drive(obs, LONG_PLATEAU / 4, "on a plateau of one sample");
          for (const [k, obs] of samples.entries()) drive(obs, 1, `sample ${k}`);
          drive(levels[0] ?? templates[0], LONG_PLATEAU, "on a plateau of equal readings");
        }
      },
    },
    {
      id: "pol.reset-clears-memory",
      run(ctx) {
        // reset() without a seed clears memory and continues the generator (class 1): after an episode and
        // reset(), the policy must act as a fresh one after reset({ seed }) + reset(), once both generators are
        // in the same state — the kit sets the fresh one's generator, at its first draw, to the state the used
        // one's had at its first draw after reset() (see probes/rng-tap.ts)
        let judged = 0;
        // episodes that end on a plateau (of a level — 0, 1, a bound — or of their last observation), and
        // continuations that start on one: where memory of the last readings decides the next action
        const levels = plateaus(ctx.seed).slice(3).map((seq) => seq[0]);
        const level = fc.integer({ min: 0, max: levels.length });
        ctx.property(
          fc.record({ seed: arb.seed(), episode: observations, tail: level, plateau: fc.integer({ min: 0, max: 12 }), lead: level, leadLength: fc.integer({ min: 0, max: 6 }), rest: observations, explore: fc.boolean() }),
          ({ seed, episode, tail, plateau, lead, leadLength, rest, explore }) => {
            const ending = levels[tail] ?? episode[episode.length - 1];
            const e = [...episode, ...Array.from({ length: plateau }, () => cloneValue(ending))];
            const start = levels[lead] ?? rest[0];
            const after = [...Array.from({ length: leadLength }, () => cloneValue(start)), ...rest];
            const used = fresh();
            reset(used, seed);
            // hidden randomness (Math.random, the clock) is pol.seed-determinism's finding: such runs are not judged
            const run = <T>(fn: () => T): T | typeof HIDDEN => {
              try {
                return trapped(fn);
              } catch (error) {
                if (error instanceof HiddenNondeterminismError) return HIDDEN;
                throw new Violation(`reset() + selectAction threw ${describeError(error)}`);
              }
            };
            if (run(() => e.map((obs) => used.selectAction(cloneValue(obs), { explore }))) === HIDDEN) return;
            const a = run(() =>
              tapRng(() => {
                used.reset();
                return after.map((o) => used.selectAction(cloneValue(o), { explore }));
              }),
            );
            if (a === HIDDEN) return;
            const clean = fresh();
            reset(clean, seed);
            const b = run(() =>
              tapRng(
                () => {
                  clean.reset();
                  return after.map((o) => clean.selectAction(cloneValue(o), { explore }));
                },
                a.drew ? { state: a.firstState } : undefined,
              ),
            );
            if (b === HIDDEN) return;
            if (a.generators > 1 || b.generators > 1) {
              ctx.incomplete("the policy draws from several generators after reset(), so the kit cannot put a fresh one in the same state");
              return;
            }
            judged += 1;
            const d = exactDiff(a.result, b.result, "actions");
            if (d !== undefined) {
              fail(
                `after reset({ seed: ${seed} }), an episode of ${e.length} observations and reset() without a seed, the policy selected different actions for ${after.length} observations than a fresh policy after reset({ seed: ${seed} }) and reset() (explore ${explore}; both generators in the same state): ${d}. ` +
                  "reset() must clear the policy's memory (the previous reading, a heading, counters) with or without a seed; only the generator continues",
              );
            }
          },
          {
            numRuns: Math.max(10, Math.ceil(runs / 2)),
            describe: (c) =>
              `{seed ${c.seed}, episode ${render(c.episode, 200)} + ${c.plateau} x ${render(levels[c.tail] ?? "its last observation")}, explore ${c.explore}, then reset() and ${c.leadLength} x ${render(levels[c.lead] ?? "the next observation")} + ${render(c.rest, 200)}}`,
          },
        );
        if (judged > 0) ctx.note(`${judged} episode(s) compared`);
      },
    },
    {
      id: "pol.rng-hook",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
        const probe = fresh() as AnyPolicy & { setRng?: unknown };
        if (typeof probe.setRng !== "function") ctx.skip("the policy has no setRng()");
        const obs = seededSamples(obsSpace, ctx.seed, 60);
        // Two instances reset with different seeds, then given generators seeded alike: every draw must now come
        // from the given generator, so both select the same actions (and a third given another generator may differ).
        const drive = (ownSeed: number, rngSeed: number) => {
          const p = fresh() as AnyPolicy & { setRng(rng: RandomGenerator): void };
          return guard(`reset({ seed: ${ownSeed} }) + setRng(Generator.fromSeed(${rngSeed})) + selectAction`, () =>
            trapped(() => {
              p.reset({ seed: ownSeed });
              p.setRng(Generator.fromSeed(rngSeed));
              return obs.map((o) => p.selectAction(cloneValue(o), { explore: true }));
            }),
          );
        };
        for (const [s1, s2] of [[1, 2], [0, 0xffffffff]] as const) {
          const d = exactDiff(drive(s1, 7), drive(s2, 7), "actions");
          if (d !== undefined) fail(`setRng() is not honoured: two instances reset with seeds ${s1} and ${s2} and then given identically seeded generators selected different actions (explore true): ${d}`);
        }
      },
    },
    {
      id: "pol.obs-purity",
      run(ctx) {
        ctx.property(observations, (seq) => {
          const p = fresh();
          reset(p, 7);
          for (const obs of seq) {
            const o = cloneValue(obs);
            const snap = snapshot(o, undefined, "observation");
            guard("selectAction(obs)", () => {
              try {
                return p.selectAction(o, { explore: true });
              } catch (error) {
                if (isFrozenWriteError(error)) fail(`selectAction tried to write to its observation: ${(error as Error).message}`);
                throw error;
              }
            });
            const d = diffSnapshot(snap, o, undefined, "observation");
            if (d !== undefined) fail(`selectAction mutated the observation: ${d}`, obs);
            const frozen = deepFreeze(cloneValue(obs));
            guard("selectAction(frozen obs)", () => {
              try {
                return p.selectAction(frozen, { explore: false });
              } catch (error) {
                if (isFrozenWriteError(error)) fail(`selectAction tried to write to its (frozen) observation: ${(error as Error).message}`);
                throw error;
              }
            });
          }
        });
      },
    },
    {
      id: "pol.composite-obs",
      run(ctx) {
        const type = spaceType(obsSpace);
        if (type !== "Dict" && type !== "Tuple") ctx.skip("the declared observation space is not a Dict or Tuple (options.observationSpace)");
        const samples = seededSamples(obsSpace, ctx.seed, 20);
        const p = fresh();
        reset(p, 5);
        const s = space(p);
        samples.forEach((obs, i) => {
          const a = select(p, cloneValue(obs), true);
          const why = explainNotContained(s, a, "action");
          if (why !== undefined) fail(`${type} observation ${i}: ${why}`, obs);
        });
      },
    },
    {
      id: "pol.env-compat",
      run(ctx) {
        const env = pairedEnv(ctx);
        const p = fresh();
        const envSpace = guard("reading env.actionSpace", () => env.actionSpace) as AnySpace;
        if (!isSpaceLike(envSpace)) fail(`the paired env's actionSpace is ${render(envSpace)}`);
        const problem = actionSubsetProblem(space(p), envSpace);
        if (problem !== undefined) fail(`the policy's action space is not a subset of the env's: ${problem}`);
        let [obs] = guard("env.reset({ seed: 0 })", () => env.reset({ seed: 0 }));
        reset(p, 0);
        for (let i = 0; i < 100; i++) {
          const a = select(p, obs, true);
          const why = explainNotContained(envSpace, a, "action");
          if (why !== undefined) fail(`step ${i}: the selected action is not in the env's action space: ${why}`, a);
          const result = guard(`env.step(${render(a)})`, () => env.step(a));
          obs = result[0];
          if (Boolean(result[2]) || Boolean(result[3])) break;
        }
        guard("env.close()", () => env.close());
      },
    },
    {
      id: "pol.env-semantics",
      run(ctx) {
        const env = pairedEnv(ctx);
        const p = fresh();
        const pm = typeof p.getMetadata === "function" ? guard("policy.getMetadata()", () => (p.getMetadata as () => unknown)()) : undefined;
        const policyModel = isPlainObject(pm) ? pm["movement_model"] : undefined;
        const envModel = (env.metadata as Record<string, unknown> | undefined)?.["movement_model"];
        if (typeof policyModel !== "string" || typeof envModel !== "string") ctx.skip("the policy and the env do not both declare movement_model");
        if (policyModel !== envModel) fail(`the policy assumes movement_model "${policyModel}" but the env uses "${envModel}"`);
      },
    },
  ];
  return planSuite("policy", subjectName(factory, options.name, "Policy"), settings, checks);
}

/** Runs the Policy suite and returns its report. */
export function checkPolicy(factory: PolicyFactory, options?: PolicyOptions): SuiteReport {
  return planPolicy(factory, options).run();
}

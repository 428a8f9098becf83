/** The Policy suite (`pol.*`, CHECKS.md §8). */
import type { Env, Policy } from "@plume/core-types";
import { Box } from "@plume/spaces";
import fc from "fast-check";
import * as arb from "../arbitraries.js";
import { fail, guard, planSuite, type CheckDefinition, type SuitePlan } from "../engine.js";
import { policyOptionsSchema, resolveOptions, type PolicyOptions } from "../options.js";
import { trapped } from "../probes/trap.js";
import { cloneValue, deepFreeze, diffSnapshot, exactDiff, isFrozenWriteError, isPlainObject, render, snapshot } from "../probes/values.js";
import type { SuiteReport } from "../report.js";
import { boxView, discreteView, explainNotContained, isSpaceLike, seededSamples, spaceLabel, spaceType, type AnySpace } from "../spaces-util.js";
import { checkProtocolShape, checkSpaceValid, create, readSpace, subjectName, requireFactory } from "./common.js";

export type AnyPolicy = Policy<unknown, unknown>;
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
    {
      id: "pol.action-in-space",
      run(ctx) {
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
      id: "pol.seed-determinism",
      run(ctx) {
        if (ctx.capabilities.nondeterministic === true) ctx.skip("capabilities.nondeterministic is declared");
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
              const d = exactDiff(actionsFor(fresh(), 42, seq, explore), actionsFor(fresh(), 42, seq, explore), "actions");
              if (d !== undefined) fail(`two instances reset with seed 42 gave different actions for the same observations (explore ${explore}): ${d}`);
            }
          },
          { numRuns: Math.max(10, Math.ceil(runs / 2)) },
        );
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

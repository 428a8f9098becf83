/**
 * The vitest binding (`@plume/contract-tests/vitest`): one call per test file registers a `describe`
 * block with one test per check id. Failures throw with the check's message (rule, input, seed);
 * skipped checks are reported as skipped with their reason; warnings pass and are printed.
 *
 * @example
 * import { describeObservationModel } from "@plume/contract-tests/vitest";
 * describeObservationModel("my sensor", () => new MySensor(), { capabilities: { usesRng: true } });
 */
import type { AnyPlugin } from "@plume/core-types";
import { describe, it } from "vitest";
import type { SuitePlan } from "./engine.js";
import type {
  ActionProcessorOptions,
  ConcentrationFieldOptions,
  EnvCheckOptions,
  ObservationModelOptions,
  PolicyOptions,
  RewardFunctionOptions,
  SpaceOptions,
  VectorFieldOptions,
} from "./options.js";
import { pluginRunner, type PluginCheckOptions } from "./plugin.js";
import type { CheckResult } from "./report.js";
import { planActionProcessor, type ActionProcessorFactory } from "./suites/action.js";
import { planEnv, type EnvFactory } from "./suites/env.js";
import { planConcentrationField, type ConcentrationFieldFactory } from "./suites/field.js";
import { planObservationModel, type ObservationModelFactory } from "./suites/observation.js";
import { planPolicy, type PolicyFactory } from "./suites/policy.js";
import { planRewardFunction, type RewardFunctionFactory } from "./suites/reward.js";
import { planSpace, type SpaceFactory } from "./suites/space.js";
import { planVectorField, type VectorFieldFactory } from "./suites/wind.js";

/** Options of the binding itself. */
export interface BindingOptions {
  /** Per-test timeout in ms (default 300000: env suites run many rollouts, and CI machines are often loaded). */
  readonly timeout?: number;
}

/** Thrown by a failing check test: the message is the check's report (id, rule, counterexample, seed). */
export class ContractViolationError extends Error {
  readonly result: CheckResult;
  constructor(result: CheckResult) {
    super(result.message);
    this.name = "ContractViolationError";
    this.result = result;
  }
}

/** Registers one vitest test per check of a planned suite. */
export function describeSuite(name: string, plan: () => SuitePlan, binding: BindingOptions = {}): void {
  describe(name, () => {
    const built = plan();
    for (const check of built.checks) {
      it(
        check.id,
        (ctx) => {
          const result = check.run();
          if (result.status === "skipped") ctx.skip(result.reason ?? "skipped");
          if (result.status === "warned") console.warn(`WARNING ${result.message}`);
          if (result.status === "failed") throw new ContractViolationError(result);
        },
        binding.timeout ?? 300_000,
      );
    }
  });
}

type WithBinding<O> = O & BindingOptions;

function split<O extends object>(options: WithBinding<O> | undefined): [O | undefined, BindingOptions] {
  if (options === undefined) return [undefined, {}];
  const { timeout, ...rest } = options as O & { timeout?: number };
  return [rest as O, timeout === undefined ? {} : { timeout }];
}

export function describeObservationModel(name: string, factory: ObservationModelFactory, options?: WithBinding<ObservationModelOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planObservationModel(factory, { name, ...o }), b);
}

export function describeActionProcessor(name: string, factory: ActionProcessorFactory, options?: WithBinding<ActionProcessorOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planActionProcessor(factory, { name, ...o }), b);
}

export function describeRewardFunction(name: string, factory: RewardFunctionFactory, options?: WithBinding<RewardFunctionOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planRewardFunction(factory, { name, ...o }), b);
}

export function describeConcentrationField<P>(name: string, factory: ConcentrationFieldFactory<P>, options?: WithBinding<ConcentrationFieldOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planConcentrationField(factory, { name, ...o }), b);
}

export function describeVectorField(name: string, factory: VectorFieldFactory, options?: WithBinding<VectorFieldOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planVectorField(factory, { name, ...o }), b);
}

export function describePolicy(name: string, factory: PolicyFactory, options?: WithBinding<PolicyOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planPolicy(factory, { name, ...o }), b);
}

export function describeSpace(name: string, factory: SpaceFactory, options?: WithBinding<SpaceOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planSpace(factory, { name, ...o }), b);
}

export function describeEnv(name: string, factory: EnvFactory, options?: WithBinding<EnvCheckOptions>): void {
  const [o, b] = split(options);
  describeSuite(name, () => planEnv(factory, { name, ...o }), b);
}

/**
 * Registers the suite matching a `definePlugin` plugin's kind, one test per check. An async plugin (whose `create`
 * returns a promise, e.g. a movie plume) is checked too: its components are awaited ahead of each check.
 */
export function describePlugin(plugin: AnyPlugin, options: PluginCheckOptions & BindingOptions = {}): void {
  const { timeout, ...rest } = options;
  describe(`${plugin.kind} plugin ${plugin.name}`, () => {
    const runner = pluginRunner(plugin, rest);
    for (const id of runner.checkIds) {
      it(
        id,
        async (ctx) => {
          const result = await runner.runCheck(id);
          if (result.status === "skipped") ctx.skip(result.reason ?? "skipped");
          if (result.status === "warned") console.warn(`WARNING ${result.message}`);
          if (result.status === "failed") throw new ContractViolationError(result);
        },
        timeout ?? 300_000,
      );
    }
  });
}

/**
 * The environment lifecycle (`env.lifecycle.*`): targeted examples for every rule of the state table
 * (CREATED -> READY -> TERMINATED/TRUNCATED -> CLOSED) plus one model-based test (`fc.commands` +
 * `fc.modelRun`, at most 50 commands). A model-run divergence is reported under the most specific
 * lifecycle id it matches, and under `env.lifecycle.model` otherwise.
 */
import type { Env, EnvInfo } from "@plume/core-types";
import fc from "fast-check";
import { PropertyFailure, describeError, fail, guard, type CheckContext, type CheckDefinition } from "../engine.js";
import type { Capabilities } from "../options.js";
import { cloneValue, exactDiff, isPlainObject, render } from "../probes/values.js";
import { foreignValues, type AnySpace } from "../spaces-util.js";
import type { EnvFactoryOptions } from "./env-spies.js";

type AnyEnv = Env<unknown, unknown, EnvInfo>;

export interface LifecycleDeps {
  make(hints?: EnvFactoryOptions): AnyEnv;
  resetEnv(env: AnyEnv, opts?: { seed?: number }): readonly [unknown, unknown];
  stepEnv(env: AnyEnv, action: unknown): readonly [unknown, unknown, unknown, unknown, unknown];
  validAction(env: AnyEnv): unknown;
  actionSpaceOf(env: AnyEnv): AnySpace;
  obsSpaceOf(env: AnyEnv): AnySpace;
  readonly shortSteps: number;
  readonly envRuns: number;
  readonly plume: boolean;
  readonly caps: Capabilities;
  isStateError(e: unknown): boolean;
  isValidationError(e: unknown): boolean;
}

type Phase = "CREATED" | "READY" | "DONE" | "CLOSED";

interface Model {
  phase: Phase;
  stepCount: number;
}

interface Real {
  readonly env: AnyEnv;
  readonly valid: unknown;
  readonly invalid: unknown;
}

/** A lifecycle divergence, classified by the lifecycle id it breaks. */
class LifecycleViolation extends Error {
  constructor(
    readonly id: string,
    message: string,
  ) {
    super(message);
    this.name = "LifecycleViolation";
  }
}

function attempt(fn: () => unknown): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A fixed command list wrapped as fast-check commands (for `examples`). */
function scriptedCommands(list: readonly fc.Command<Model, Real>[]): Iterable<fc.Command<Model, Real>> {
  return {
    [Symbol.iterator]: () => list[Symbol.iterator](),
    toString: () => list.map(String).join(", "),
  } as Iterable<fc.Command<Model, Real>>;
}

export function lifecycleChecks(d: LifecycleDeps): CheckDefinition[] {
  const expectStateError = (what: string, fn: () => unknown, id: string): void => {
    const r = attempt(fn);
    if (r.ok) throw new LifecycleViolation(id, `${what} succeeded (returned ${render(r.value)}); it must throw StateError`);
    if (!d.isStateError(r.error)) throw new LifecycleViolation("env.lifecycle.errors-typed", `${what} threw ${describeError(r.error)}, not the exported StateError`);
  };
  const mustSucceed = (what: string, fn: () => unknown, id: string): unknown => {
    const r = attempt(fn);
    if (!r.ok) throw new LifecycleViolation(id, `${what} threw ${describeError(r.error)}`);
    return r.value;
  };
  const asFailure = (fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      if (error instanceof LifecycleViolation) fail(error.message);
      throw error;
    }
  };
  /** Drives an env to the end of an episode: a short max_steps hint, else up to 1000 random steps. Undefined when it never ends. */
  const driveToDone = (env: AnyEnv): "terminated" | "truncated" | undefined => {
    d.resetEnv(env, { seed: 0 });
    const space = d.actionSpaceOf(env);
    const copy = (space as { copy?: () => AnySpace }).copy?.() ?? space;
    copy.seed(1);
    for (let i = 0; i < 1000; i++) {
      const [, , t, tr] = d.stepEnv(env, copy.sample());
      if (t) return "terminated";
      if (tr) return "truncated";
    }
    return undefined;
  };
  const shortEnv = () => d.make({ maxSteps: d.shortSteps });

  // --- the model-based run, shared by every lifecycle check ------------------------------------
  let modelResult: { failure?: PropertyFailure & { id: string } } | undefined;
  const modelRun = (ctx: CheckContext): { failure?: PropertyFailure & { id: string } } => {
    if (modelResult !== undefined) return modelResult;
    const allowOverrun = d.caps.allowsStepAfterDone === true;
    const step = (real: Real, m: Model, action: unknown, label: string) => {
      if (m.phase === "CREATED") return expectStateError(`${label} before reset()`, () => real.env.step(cloneValue(action)), "env.lifecycle.step-before-reset");
      if (m.phase === "CLOSED") return expectStateError(`${label} after close()`, () => real.env.step(cloneValue(action)), "env.lifecycle.closed-rejects");
      if (m.phase === "DONE" && !allowOverrun) return expectStateError(`${label} after the episode ended`, () => real.env.step(cloneValue(action)), "env.lifecycle.step-after-done");
      const r = mustSucceed(`${label} in ${m.phase}`, () => real.env.step(cloneValue(action)), m.phase === "DONE" ? "env.lifecycle.step-after-done" : "env.lifecycle.reset-ready") as unknown[];
      if (!Array.isArray(r) || r.length !== 5) throw new LifecycleViolation("env.lifecycle.model", `${label} returned ${render(r)}, not a 5-element array`);
      const info = r[4];
      const count = isPlainObject(info) ? info["step_count"] : undefined;
      if (m.phase === "READY" && typeof count === "number" && count !== m.stepCount + 1) {
        throw new LifecycleViolation("env.lifecycle.errors-typed", `${label} reports step_count ${count}, expected ${m.stepCount + 1}: an earlier rejected call changed the env`);
      }
      m.stepCount += 1;
      if (Boolean(r[2]) || Boolean(r[3])) m.phase = "DONE";
    };
    class ResetCmd implements fc.Command<Model, Real> {
      constructor(readonly seed: number | undefined) {}
      check(): boolean {
        return true;
      }
      run(m: Model, real: Real): void {
        const label = `reset(${this.seed === undefined ? "" : `{ seed: ${this.seed} }`})`;
        if (m.phase === "CLOSED") {
          expectStateError(`${label} after close()`, () => real.env.reset(this.seed === undefined ? undefined : { seed: this.seed }), "env.lifecycle.closed-rejects");
          return;
        }
        const r = mustSucceed(`${label} in ${m.phase}`, () => real.env.reset(this.seed === undefined ? undefined : { seed: this.seed }), "env.lifecycle.reset-ready") as unknown[];
        if (!Array.isArray(r) || r.length !== 2) throw new LifecycleViolation("env.lifecycle.model", `${label} returned ${render(r)}`);
        m.phase = "READY";
        m.stepCount = 0;
      }
      toString(): string {
        return `Reset(${this.seed ?? ""})`;
      }
    }
    class StepCmd implements fc.Command<Model, Real> {
      check(): boolean {
        return true;
      }
      run(m: Model, real: Real): void {
        step(real, m, real.valid, `step(${render(real.valid)})`);
      }
      toString(): string {
        return "Step(valid)";
      }
    }
    class StepInvalidCmd implements fc.Command<Model, Real> {
      check(): boolean {
        return d.plume;
      }
      run(m: Model, real: Real): void {
        if (real.invalid === undefined) return;
        const r = attempt(() => real.env.step(cloneValue(real.invalid)));
        if (r.ok) {
          if (m.phase === "READY") throw new LifecycleViolation("env.lifecycle.model", `step(${render(real.invalid)}) with an invalid action was accepted in READY`);
          throw new LifecycleViolation(m.phase === "CREATED" ? "env.lifecycle.step-before-reset" : m.phase === "CLOSED" ? "env.lifecycle.closed-rejects" : "env.lifecycle.step-after-done", `step(${render(real.invalid)}) succeeded in ${m.phase}`);
        }
        if (!d.isStateError(r.error) && !d.isValidationError(r.error)) {
          throw new LifecycleViolation("env.lifecycle.errors-typed", `step(${render(real.invalid)}) in ${m.phase} threw ${describeError(r.error)}, not StateError or ValidationError`);
        }
      }
      toString(): string {
        return "Step(invalid)";
      }
    }
    class CloseCmd implements fc.Command<Model, Real> {
      check(): boolean {
        return true;
      }
      run(m: Model, real: Real): void {
        mustSucceed(`close() in ${m.phase}`, () => real.env.close(), "env.lifecycle.close-any-state");
        m.phase = "CLOSED";
      }
      toString(): string {
        return "Close";
      }
    }
    class RenderCmd implements fc.Command<Model, Real> {
      check(m: Readonly<Model>): boolean {
        return m.phase === "READY" || m.phase === "DONE";
      }
      run(m: Model, real: Real): void {
        if (real.env.renderMode === null || real.env.renderMode === undefined) return;
        mustSucceed(`render() in ${m.phase}`, () => real.env.render(), "env.lifecycle.model");
      }
      toString(): string {
        return "Render";
      }
    }
    const stepCmd = new StepCmd();
    const commands = fc.commands(
      [
        fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: undefined }).map((s) => new ResetCmd(s)),
        fc.constant(new ResetCmd(undefined)),
        fc.constant(stepCmd),
        fc.constant(stepCmd),
        fc.constant(stepCmd),
        fc.constant(stepCmd),
        fc.constant(stepCmd),
        fc.constant(stepCmd),
        fc.constant(new StepInvalidCmd()),
        fc.constant(new CloseCmd()),
        fc.constant(new RenderCmd()),
        fc.constant(new RenderCmd()),
      ],
      { maxCommands: 50, size: "+1" },
    );
    const probe = shortEnv();
    const valid = d.validAction(probe);
    const invalid = foreignValues(d.actionSpaceOf(probe))[0];
    const setup = () => ({ model: { phase: "CREATED" as Phase, stepCount: 0 }, real: { env: shortEnv(), valid, invalid } });
    // a scripted walk through every state first (CREATED, READY, DONE, CLOSED), then random sequences
    const scripted: fc.Command<Model, Real>[] = [
      new RenderCmd(),
      stepCmd,
      new ResetCmd(7),
      new RenderCmd(),
      new StepInvalidCmd(),
      ...Array.from({ length: d.shortSteps + 2 }, () => [stepCmd, new RenderCmd()]).flat(),
      new ResetCmd(undefined),
      stepCmd,
      new CloseCmd(),
      new CloseCmd(),
      new ResetCmd(3),
      stepCmd,
    ];
    const details = fc.check(
      fc.property(commands, (cmds) => {
        fc.modelRun(setup, cmds);
      }),
      { seed: ctx.seed, numRuns: Math.max(10, d.envRuns * 2), examples: [[scriptedCommands(scripted)]] },
    );
    if (!details.failed) {
      modelResult = {};
      return modelResult;
    }
    const error = details.errorInstance;
    const id = error instanceof LifecycleViolation ? error.id : "env.lifecycle.model";
    const message = error instanceof LifecycleViolation ? error.message : `the model run threw ${describeError(error)}`;
    const failure = new PropertyFailure(
      `${message} (model-based run over the lifecycle state table)`,
      String(details.counterexample?.[0] ?? ""),
      details.seed,
      details.counterexamplePath ?? undefined,
      details.numShrinks,
      details.numRuns,
    ) as PropertyFailure & { id: string };
    failure.id = id;
    modelResult = { failure };
    return modelResult;
  };
  const reportModel = (ctx: CheckContext, id: string) => {
    const r = modelRun(ctx);
    if (r.failure !== undefined && r.failure.id === id) throw r.failure;
  };

  return [
    {
      id: "env.lifecycle.step-before-reset",
      run(ctx) {
        asFailure(() => {
          const env = d.make();
          expectStateError(`step(${render(d.validAction(env))}) before reset()`, () => env.step(d.validAction(env)), "env.lifecycle.step-before-reset");
        });
        reportModel(ctx, "env.lifecycle.step-before-reset");
      },
    },
    {
      id: "env.lifecycle.reset-ready",
      run(ctx) {
        asFailure(() => {
          const env = d.make();
          const a = d.validAction(env);
          mustSucceed("reset() from CREATED", () => env.reset(), "env.lifecycle.reset-ready");
          mustSucceed("step() after reset", () => env.step(cloneValue(a)), "env.lifecycle.reset-ready");
          mustSucceed("reset({ seed: 1 }) from READY", () => env.reset({ seed: 1 }), "env.lifecycle.reset-ready");
          mustSucceed("reset({ seed: 1 }) again (repeated resets)", () => env.reset({ seed: 1 }), "env.lifecycle.reset-ready");
          mustSucceed("step() after repeated resets", () => env.step(cloneValue(a)), "env.lifecycle.reset-ready");
          const short = shortEnv();
          const end = driveToDone(short);
          if (end !== undefined) {
            mustSucceed(`reset() from ${end.toUpperCase()}`, () => short.reset(), "env.lifecycle.reset-ready");
            mustSucceed(`step() after a reset from ${end.toUpperCase()}`, () => short.step(cloneValue(a)), "env.lifecycle.reset-ready");
          } else ctx.incomplete("no episode ended within 1000 steps, so reset from TERMINATED/TRUNCATED was not exercised");
        });
        reportModel(ctx, "env.lifecycle.reset-ready");
      },
    },
    {
      id: "env.lifecycle.step-after-done",
      run(ctx) {
        const env = shortEnv();
        const end = driveToDone(env);
        if (end === undefined) ctx.skip("no episode ended within 1000 steps (the factory ignores { maxSteps } and the goal was not reached)");
        const a = d.validAction(env);
        if (d.caps.allowsStepAfterDone === true) {
          ctx.note("capabilities.allowsStepAfterDone: Gymnasium's over-run is checked instead");
          const r = guard(`step() after ${end}`, () => env.step(cloneValue(a))) as unknown;
          if (!Array.isArray(r) || r.length !== 5) fail(`step() after ${end} returned ${render(r)}`);
        } else {
          asFailure(() => expectStateError(`step() after the episode was ${end}`, () => env.step(cloneValue(a)), "env.lifecycle.step-after-done"));
        }
        reportModel(ctx, "env.lifecycle.step-after-done");
      },
    },
    {
      id: "env.lifecycle.closed-rejects",
      run(ctx) {
        asFailure(() => {
          for (const prepare of ["fresh", "after reset"] as const) {
            const env = d.make();
            const a = d.validAction(env);
            if (prepare === "after reset") d.resetEnv(env, { seed: 0 });
            env.close();
            expectStateError(`reset() after close() (${prepare})`, () => env.reset(), "env.lifecycle.closed-rejects");
            expectStateError(`step() after close() (${prepare})`, () => env.step(cloneValue(a)), "env.lifecycle.closed-rejects");
          }
        });
        reportModel(ctx, "env.lifecycle.closed-rejects");
      },
    },
    {
      id: "env.lifecycle.close-any-state",
      run(ctx) {
        asFailure(() => {
          mustSucceed("close() in CREATED", () => d.make().close(), "env.lifecycle.close-any-state");
          const ready = d.make();
          d.resetEnv(ready, { seed: 0 });
          mustSucceed("close() in READY", () => ready.close(), "env.lifecycle.close-any-state");
          mustSucceed("close() in CLOSED", () => ready.close(), "env.lifecycle.close-any-state");
          const done = shortEnv();
          if (driveToDone(done) !== undefined) mustSucceed("close() after the episode ended", () => done.close(), "env.lifecycle.close-any-state");
        });
        reportModel(ctx, "env.lifecycle.close-any-state");
      },
    },
    {
      id: "env.lifecycle.errors-typed",
      run(ctx) {
        asFailure(() => {
          const env = d.make();
          const a = d.validAction(env);
          expectStateError("step() before reset()", () => env.step(cloneValue(a)), "env.lifecycle.step-before-reset");
          const fresh = d.make();
          const got = [d.resetEnv(env, { seed: 3 }), d.stepEnv(env, a)];
          const want = [d.resetEnv(fresh, { seed: 3 }), d.stepEnv(fresh, a)];
          const diff = exactDiff(got, want, "reset + step");
          if (diff !== undefined) throw new LifecycleViolation("env.lifecycle.errors-typed", `after a rejected step() before reset(), reset({ seed: 3 }) + step differ from a fresh env: ${diff}`);
          const closed = d.make();
          closed.close();
          expectStateError("reset() after close()", () => closed.reset(), "env.lifecycle.closed-rejects");
        });
        reportModel(ctx, "env.lifecycle.errors-typed");
      },
    },
    {
      id: "env.lifecycle.model",
      run(ctx) {
        reportModel(ctx, "env.lifecycle.model");
      },
    },
  ];
}

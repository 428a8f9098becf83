/**
 * checkEnv on small hand-written environments: it rejects the classic bugs (wrong tuple shape, an
 * observation outside the space, a reset not deterministic under a seed, step after close, a close that
 * is not idempotent, missing info keys) and accepts a correct one.
 */
import { StateError, ValidationError, ndarray, parseWithSchema, resetOptionsSchema, type EnvInfo, type EnvMetadata, type NDArray, type ResetOptions } from "@plume/core-types";
import { Box, Discrete, Generator } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import { checkEnv, failuresOf, resultOf, type EnvFactoryOptions, type SuiteReport } from "../src/index.js";
import { wrap } from "./broken/env.js";
import { GridPlumeEnv } from "./reference/envs.js";

/** A 1-D corridor: walk left/right to the goal at the far end. Correct unless a flaw is switched on. */
class Corridor {
  readonly metadata: EnvMetadata = Object.freeze({ render_modes: Object.freeze([]), render_fps: null });
  readonly renderMode = null;
  readonly #obs = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  readonly #act = new Discrete(2);
  npRandom: Generator | undefined;
  #state: "CREATED" | "READY" | "DONE" | "CLOSED" = "CREATED";
  #pos = 0;
  #steps = 0;
  #total = 0;
  #episodes = 0;
  #seed: number | undefined;
  constructor(readonly flaw?: string) {}
  get observationSpace(): Box<"float32"> {
    return this.#obs;
  }
  get actionSpace(): Discrete {
    return this.#act;
  }
  get unwrapped(): this {
    return this;
  }
  #observe(): NDArray<"float32"> {
    return ndarray("float32", [1], [this.flaw === "obs-outside" ? this.#pos / 5 : this.#pos / 10]);
  }
  #info(step: boolean): EnvInfo {
    const info: Record<string, unknown> = {
      agent_xy: [this.#pos, 0],
      goal_location: [10, 0],
      source_location: [10, 0],
      episode_count: this.#episodes,
      step_count: this.#steps,
      total_reward: this.#total,
      goal_reached: this.#pos === 10,
      ...(step && { distance_to_goal: 10 - this.#pos }),
      ...(this.#seed !== undefined && { seed: this.#seed }),
    };
    if (this.flaw === "info-keys" && step) delete info["goal_reached"];
    return info;
  }
  reset(options?: ResetOptions): readonly [NDArray<"float32">, EnvInfo] {
    if (this.#state === "CLOSED") throw new StateError("closed");
    const { seed } = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    const reseed = this.flaw === "reset-not-deterministic" ? this.npRandom === undefined : seed !== undefined || this.npRandom === undefined;
    if (reseed) this.npRandom = Generator.fromSeed(seed);
    this.#seed = seed;
    this.#pos = (this.npRandom as Generator).integers(5);
    this.#steps = 0;
    this.#total = 0;
    this.#episodes += 1;
    this.#state = "READY";
    return [this.#observe(), this.#info(false)];
  }
  step(action: number): readonly [NDArray<"float32">, number, boolean, boolean, EnvInfo] {
    if (this.#state !== "READY" && !(this.flaw === "step-after-close" && this.#state === "CLOSED")) throw new StateError(`step() in ${this.#state}`);
    if (!this.#act.contains(action)) throw ValidationError.invalid("action", "0 or 1", action);
    this.#pos = Math.min(10, Math.max(0, this.#pos + (action === 1 ? 1 : -1)));
    this.#steps += 1;
    const reward = this.#pos === 10 ? 1 : 0;
    this.#total += reward;
    const terminated = this.#pos === 10;
    const truncated = this.#steps >= 40;
    if (terminated || truncated) this.#state = "DONE";
    const result = [this.#observe(), reward, terminated, truncated, this.#info(true)] as const;
    return (this.flaw === "tuple-shape" ? result.slice(0, 4) : result) as never;
  }
  render(): undefined {
    return undefined;
  }
  close(): void {
    if (this.flaw === "close-twice" && this.#state === "CLOSED") throw new Error("already closed");
    this.#state = "CLOSED";
  }
}

const check = (flaw?: string): SuiteReport => checkEnv(() => new Corridor(flaw) as never, { goalRadius: 0, numRuns: 25 });
const failed = (report: SuiteReport) => failuresOf(report).map((r) => r.id);

describe("checkEnv on small environments", () => {
  it("accepts a correct environment", () => {
    const report = check();
    expect(failed(report)).toEqual([]);
    expect(report.results.filter((r) => r.status === "warned").map((r) => r.id)).toEqual([]);
  });

  it.each([
    ["tuple-shape", "env.step-return"],
    ["obs-outside", "env.obs-in-space"],
    ["reset-not-deterministic", "env.reset-seed-rng-reproducible"],
    ["reset-not-deterministic", "env.reset-seed-obs"],
    ["step-after-close", "env.lifecycle.closed-rejects"],
    ["close-twice", "env.close-idempotent"],
    ["info-keys", "env.info-keys"],
  ])("rejects the %s flaw with %s", (flaw, id) => {
    const report = check(flaw);
    expect(report.ok).toBe(false);
    expect(failed(report)).toContain(id);
    const result = report.results.find((r) => r.id === id);
    expect(result?.message).toContain(id);
    expect(result?.message).toContain("replay: seed");
  });

  it("given an env instance instead of a factory, fails at once with one clear error", () => {
    const call = () => checkEnv(new Corridor() as never);
    expect(call).toThrow(ValidationError);
    expect(call).toThrow(/pass `\(\) => env`/);
  });

  it("reports env.termination-flags skipped, not passed, when it cannot find max steps", () => {
    const report = checkEnv(() => new Corridor(), { numRuns: 10 });
    const r = report.results.find((x) => x.id === "env.termination-flags");
    expect(r?.status).toBe("skipped");
    expect(r?.reason).toContain("max_steps is unknown");
  });
});

describe("env.goal-rollout without a declared goal", () => {
  // the reference env with its goal hidden: no goalLocation, no info.goal_location
  const hide = (info: EnvInfo): EnvInfo => {
    const { goal_location: _g, ...rest } = info;
    return rest as EnvInfo;
  };
  const hidden = (hints?: EnvFactoryOptions) =>
    wrap(new GridPlumeEnv({ ...hints }), {
      reset: (inner, o) => {
        const [obs, info] = inner.reset(o) as readonly [unknown, EnvInfo];
        return [obs, hide(info)];
      },
      step: (inner, a) => {
        const [o, r, t, tr, info] = inner.step(a) as unknown as readonly [unknown, number, boolean, boolean, EnvInfo];
        return [o, r, t, tr, hide(info)];
      },
    });
  it.each([[[24, 16] as const], [[9, 31] as const]])("finds a hidden goal by sweeping the %j grid and passes a correct env", (grid) => {
    const report = checkEnv((hints) => hidden({ ...hints, grid }), { numRuns: 10, only: ["env.goal-rollout"] });
    const result = resultOf(report, "env.goal-rollout");
    expect(result.status, JSON.stringify(result)).toBe("passed");
  });
});

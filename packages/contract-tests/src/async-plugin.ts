/**
 * Checking async plugins (`AsyncPlugin`: `create` returns a promise, e.g. a movie plume that loads its frames).
 *
 * The suites build fresh instances synchronously, many per check. For an async plugin the kit therefore awaits
 * instances ahead of time into a pool (one per parameter set, e.g. per size-ladder grid) and runs each check on a
 * synchronous factory that takes from it. A check that asks for more instances than the pool holds is abandoned
 * and run again, from the start and with the same seed, once the pool has been refilled with twice what it asked
 * for; its result is the one of the run that had every instance it asked for, so the report is the same as for a
 * synchronous plugin with the same behaviour.
 */
import type { PlannedCheck, SuitePlan } from "./engine.js";
import { buildReport, type CheckResult, type SuiteReport } from "./report.js";

/** Thrown by the pool's factory when it holds no instance for the requested parameters (the check is run again). */
export class PendingInstanceError extends Error {
  constructor() {
    super("the async plugin's instance pool is empty (the kit refills it and runs the check again)");
    this.name = "PendingInstanceError";
  }
}

/** Rounds a single check may take (each at least doubles the instances it gets). */
const MAX_ROUNDS = 16;

function keyOf(params: unknown): string {
  if (params === undefined) return "";
  try {
    return JSON.stringify(params) ?? String(params);
  } catch {
    return String(params);
  }
}

/** Instances of an async plugin, awaited ahead of time, keyed by the parameters they were built with. */
export class InstancePool {
  readonly #ready = new Map<string, unknown[]>();
  readonly #params = new Map<string, unknown>();
  readonly #asked = new Map<string, number>();
  readonly #failed = new Map<string, unknown>();
  /** Whether a `take` found the pool empty since the last `refill`. */
  exhausted = false;

  constructor(readonly build: (params: unknown) => Promise<unknown>) {}

  /** Adds an instance already built with `params`. */
  put(params: unknown, instance: unknown): void {
    const key = keyOf(params);
    this.#params.set(key, params);
    const list = this.#ready.get(key) ?? [];
    list.push(instance);
    this.#ready.set(key, list);
  }

  /** A fresh instance built with `params`, or a `PendingInstanceError` when none is ready. */
  take(params: unknown): unknown {
    const key = keyOf(params);
    this.#params.set(key, params);
    this.#asked.set(key, (this.#asked.get(key) ?? 0) + 1);
    const list = this.#ready.get(key);
    if (list !== undefined && list.length > 0) return list.shift();
    // create() rejected for these parameters: the check sees that error, as it would see a synchronous throw
    if (this.#failed.has(key)) throw this.#failed.get(key);
    this.exhausted = true;
    throw new PendingInstanceError();
  }

  /**
   * Awaits new instances: for every parameter set asked for since the last refill, twice as many as were asked
   * (at least 4) ready. A `create` that rejects leaves the pool short, so the factory then throws that error.
   */
  async refill(): Promise<void> {
    const jobs: Promise<void>[] = [];
    for (const [key, asked] of this.#asked) {
      const ready = this.#ready.get(key)?.length ?? 0;
      const params = this.#params.get(key);
      for (let n = ready; n < Math.max(4, 2 * asked); n++) {
        jobs.push(
          this.build(params).then(
            (instance) => this.put(params, instance),
            (error: unknown) => {
              this.#failed.set(key, error);
            },
          ),
        );
      }
    }
    this.#asked.clear();
    this.exhausted = false;
    await Promise.all(jobs);
  }

  /** Records that `create` rejected for `params` (the factory then throws `error`). */
  fail(params: unknown, error: unknown): void {
    const key = keyOf(params);
    this.#params.set(key, params);
    this.#failed.set(key, error);
  }
}

/**
 * Runs a plan built on a pool-backed factory: `plan()` is called for every round (each round gets fresh suite
 * state, e.g. the ladder survey), and each check runs until a run of it found every instance it asked for.
 */
export class AsyncPlanRunner {
  #plan: SuitePlan | undefined;

  constructor(
    readonly pool: InstancePool,
    readonly makePlan: () => SuitePlan,
  ) {}

  /** The plan (for the suite name, subject, settings and check ids). */
  get plan(): SuitePlan {
    this.#plan ??= this.makePlan();
    return this.#plan;
  }

  /** Runs one check by id. */
  async runCheck(id: string): Promise<CheckResult> {
    let last: CheckResult | undefined;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const check = this.plan.checks.find((c) => c.id === id) as PlannedCheck;
      this.pool.exhausted = false;
      last = check.run();
      if (!this.pool.exhausted) return last;
      // the check ran short of instances: a new plan (fresh suite state) and a fuller pool, then again
      this.#plan = undefined;
      await this.pool.refill();
    }
    const base = last as CheckResult;
    const reason = `not run: the async plugin's create() could not supply the instances this check needs after ${MAX_ROUNDS} rounds`;
    return Object.freeze({ ...base, status: "skipped", passed: false, reason, message: `${id}: skipped: ${reason}` }) as CheckResult;
  }

  /** Runs every check and returns the report. */
  async run(): Promise<SuiteReport> {
    const results: CheckResult[] = [];
    for (const check of this.plan.checks) results.push(await this.runCheck(check.id));
    const { suite, subject, settings } = this.plan;
    return buildReport(suite, subject, settings, results);
  }
}

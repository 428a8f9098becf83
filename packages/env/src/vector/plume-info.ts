/**
 * The vector info of Plume environments as fixed typed-array columns, filled straight from the batch
 * kernel's state (no per-environment objects). It equals what `stackInfos` builds from the single
 * environments' infos (see infos.ts for the stacking rules), which the tests check.
 */
import { ndarray } from "@plume/core-types";
import type { BatchKernel } from "../batch/kernel.js";
import type { VectorInfo } from "./infos.js";

/** The numeric columns of a Plume vector info, one row per environment. */
export class PlumeInfoColumns {
  readonly size: number;
  /** `[x, y]` per environment (also used for `agent_xy`). */
  readonly agentPosition: Float64Array;
  readonly agentXy: Float64Array;
  readonly goalLocation: Float64Array;
  readonly sourceLocation: Float64Array;
  readonly stepCount: Float64Array;
  readonly episodeCount: Float64Array;
  readonly totalReward: Float64Array;
  readonly goalReached: Uint8Array;
  readonly distanceToGoal: Float64Array;
  readonly seed: Float64Array;
  /** Which environments reported an info, measured a distance, have a seed. */
  readonly reported: Uint8Array;
  readonly measured: Uint8Array;
  readonly seeded: Uint8Array;

  constructor(size: number, buffer?: ArrayBufferLike, byteOffset = 0) {
    this.size = size;
    let offset = byteOffset;
    const f64 = (length: number): Float64Array => {
      const array = buffer === undefined ? new Float64Array(length) : new Float64Array(buffer, offset, length);
      offset += length * 8;
      return array;
    };
    const u8 = (length: number): Uint8Array => {
      const array = buffer === undefined ? new Uint8Array(length) : new Uint8Array(buffer, offset, length);
      offset += length;
      return array;
    };
    this.agentPosition = f64(size * 2);
    this.agentXy = f64(size * 2);
    this.goalLocation = f64(size * 2);
    this.sourceLocation = f64(size * 2);
    this.stepCount = f64(size);
    this.episodeCount = f64(size);
    this.totalReward = f64(size);
    this.distanceToGoal = f64(size);
    this.seed = f64(size);
    this.goalReached = u8(size);
    this.reported = u8(size);
    this.measured = u8(size);
    this.seeded = u8(size);
  }

  /** Bytes `new PlumeInfoColumns(size, buffer)` needs (a multiple of 8). */
  static byteLength(size: number): number {
    return Math.ceil((size * 8 * 13 + size * 4) / 8) * 8;
  }

  /** Clears environment `i`'s row (it reports nothing). */
  clear(i: number): void {
    this.agentPosition[2 * i] = 0;
    this.agentPosition[2 * i + 1] = 0;
    this.agentXy[2 * i] = 0;
    this.agentXy[2 * i + 1] = 0;
    this.goalLocation[2 * i] = 0;
    this.goalLocation[2 * i + 1] = 0;
    this.sourceLocation[2 * i] = 0;
    this.sourceLocation[2 * i + 1] = 0;
    this.stepCount[i] = 0;
    this.episodeCount[i] = 0;
    this.totalReward[i] = 0;
    this.goalReached[i] = 0;
    this.distanceToGoal[i] = 0;
    this.seed[i] = 0;
    this.reported[i] = 0;
    this.measured[i] = 0;
    this.seeded[i] = 0;
  }

  /**
   * Writes environment `i`'s info from the kernel's state: a step info (with `distance_to_goal`) when
   * `measured`, else a reset info.
   */
  write(i: number, kernel: BatchKernel, measured: boolean, row = i): void {
    const a = kernel.agents;
    const x = a.x[row] as number;
    const y = a.y[row] as number;
    const { goalX, goalY } = kernel.config;
    this.agentPosition[2 * i] = x;
    this.agentPosition[2 * i + 1] = y;
    this.agentXy[2 * i] = x;
    this.agentXy[2 * i + 1] = y;
    this.goalLocation[2 * i] = goalX;
    this.goalLocation[2 * i + 1] = goalY;
    this.sourceLocation[2 * i] = goalX;
    this.sourceLocation[2 * i + 1] = goalY;
    this.stepCount[i] = a.stepCount[row] as number;
    this.episodeCount[i] = kernel.episodeCounts[row] as number;
    this.totalReward[i] = a.totalReward[row] as number;
    this.goalReached[i] = kernel.terminated[row] as number;
    this.distanceToGoal[i] = measured ? (kernel.distances[row] as number) : 0;
    this.measured[i] = measured ? 1 : 0;
    const seeded = kernel.seeded[row] as number;
    this.seeded[i] = seeded;
    this.seed[i] = seeded === 1 ? (kernel.seeds[row] as number) : 0;
    this.reported[i] = 1;
  }

  /**
   * Writes every row from the kernel's state at once (the fast path's form of `write`/`clear`):
   * `kinds[i]` is 0 (environment i reports nothing), 1 (a reset info) or 2 (a step info).
   */
  fill(kernel: BatchKernel, kinds: Uint8Array, offset = 0): void {
    const n = kernel.size;
    const { x, y, stepCount, totalReward } = kernel.agents;
    const { goalX, goalY } = kernel.config;
    const { episodeCounts, terminated, distances, seeded, seeds } = kernel;
    const pos = this.agentPosition;
    const xy = this.agentXy;
    const goal = this.goalLocation;
    const source = this.sourceLocation;
    const steps = this.stepCount;
    const episodes = this.episodeCount;
    const totals = this.totalReward;
    const reached = this.goalReached;
    const distance = this.distanceToGoal;
    const seed = this.seed;
    const reported = this.reported;
    const measured = this.measured;
    const hasSeed = this.seeded;
    for (let i = 0; i < n; i++) {
      const kind = kinds[i] as number;
      const o = i + offset;
      if (kind === 0) {
        this.clear(o);
        continue;
      }
      const px = x[i] as number;
      const py = y[i] as number;
      pos[2 * o] = px;
      pos[2 * o + 1] = py;
      xy[2 * o] = px;
      xy[2 * o + 1] = py;
      if (reported[o] === 0) {
        // The goal is fixed per configuration: a row keeps it until it is cleared.
        goal[2 * o] = goalX;
        goal[2 * o + 1] = goalY;
        source[2 * o] = goalX;
        source[2 * o + 1] = goalY;
      }
      steps[o] = stepCount[i] as number;
      episodes[o] = episodeCounts[i] as number;
      totals[o] = totalReward[i] as number;
      reached[o] = terminated[i] as number;
      const step = kind === 2 ? 1 : 0;
      distance[o] = step === 1 ? (distances[i] as number) : 0;
      measured[o] = step;
      const s = seeded[i] as number;
      hasSeed[o] = s;
      seed[o] = s === 1 ? (seeds[i] as number) : 0;
      reported[o] = 1;
    }
  }

  #deferredKernel: BatchKernel | undefined = undefined;
  #deferredKinds: Uint8Array | undefined = undefined;

  /**
   * `fill(kernel, kinds)` later, on the first read of a `toInfo(false)` view (so a training loop that
   * never reads its infos never pays for them). `kinds` and the kernel must not change before that
   * read, which is the contract of `copy: false` results anyway: valid until the next step.
   * `stepInfos`, when given, says that every environment reports (no kind is 0) and how many report a
   * step info; the keys present then follow from counters, without a pass over `kinds`.
   */
  defer(kernel: BatchKernel, kinds: Uint8Array, stepInfos?: number): void {
    this.#deferredKernel = kernel;
    this.#deferredKinds = kinds;
    if (stepInfos !== undefined) {
      this.#presence = 1 | (stepInfos > 0 ? 2 : 0) | (kernel.seededCount > 0 ? 4 : 0);
      return;
    }
    const n = this.size;
    let any = 0;
    let measured = 0;
    let seeded = 0;
    const kernelSeeded = kernel.seeded;
    for (let i = 0; i < n; i++) {
      const kind = kinds[i] as number;
      any |= kind;
      measured |= kind & 2;
      seeded |= kind === 0 ? 0 : (kernelSeeded[i] as number);
    }
    this.#presence = (any !== 0 ? 1 : 0) | (measured !== 0 ? 2 : 0) | (seeded !== 0 ? 4 : 0);
  }

  /** Bits of which keys a deferred fill will report: 1 any, 2 distance_to_goal, 4 seed (-1: not deferred). */
  #presence = -1;

  /** The kernel and kinds of a fill still deferred (undefined once filled): lets a worker fill shared rows directly. */
  takeDeferred(): { kernel: BatchKernel; kinds: Uint8Array } | undefined {
    const kernel = this.#deferredKernel;
    if (kernel === undefined) return undefined;
    this.#deferredKernel = undefined;
    this.#presence = -1;
    return { kernel, kinds: this.#deferredKinds as Uint8Array };
  }

  #deferredFill: (() => void) | undefined = undefined;

  /**
   * Like `defer`, for rows filled elsewhere (an `AsyncVectorEnv`'s workers): `fill` runs on the first
   * read of a `toInfo(false)` view; `presence` gives the keys present (bits as `presence`).
   */
  deferFill(presence: number, fill: () => void): void {
    this.#deferredKernel = undefined;
    this.#deferredFill = fill;
    this.#presence = presence;
  }

  /** Forgets a deferred fill that was never read (its rows are about to be rewritten). */
  cancelDeferred(): void {
    this.#deferredKernel = undefined;
    this.#deferredFill = undefined;
    this.#presence = -1;
  }

  /** The key bits a deferred fill will report (1 any, 2 distance_to_goal, 4 seed), or -1 when nothing is deferred. */
  get presence(): number {
    return this.#deferredKernel === undefined ? -1 : this.#presence;
  }

  #ensure(): void {
    const fill = this.#deferredFill;
    if (fill !== undefined) {
      this.#deferredFill = undefined;
      this.#presence = -1;
      fill();
      return;
    }
    const kernel = this.#deferredKernel;
    if (kernel === undefined) return;
    this.#deferredKernel = undefined;
    this.#presence = -1;
    this.fill(kernel, this.#deferredKinds as Uint8Array);
  }

  /**
   * Writes rows `[start, start + count)` from the vector info of `count` Plume environments (what
   * `toInfo` or `stackInfos` gives for `PlumeEnv` infos); keys it lacks leave zero rows.
   */
  setFromInfo(start: number, info: VectorInfo, count: number): void {
    const data = (key: string): ArrayLike<number> | undefined => (info[key] as { data?: ArrayLike<number> } | undefined)?.data;
    const copy = (target: Float64Array | Uint8Array, key: string, width: number): void => {
      const source = data(key);
      if (source === undefined) target.fill(0, start * width, (start + count) * width);
      else target.set(source, start * width);
    };
    copy(this.agentPosition, "agent_position", 2);
    copy(this.agentXy, "agent_xy", 2);
    copy(this.goalLocation, "goal_location", 2);
    copy(this.sourceLocation, "source_location", 2);
    copy(this.stepCount, "step_count", 1);
    copy(this.episodeCount, "episode_count", 1);
    copy(this.totalReward, "total_reward", 1);
    copy(this.goalReached, "goal_reached", 1);
    copy(this.distanceToGoal, "distance_to_goal", 1);
    copy(this.seed, "seed", 1);
    copy(this.reported, "_agent_position", 1);
    copy(this.measured, "_distance_to_goal", 1);
    copy(this.seeded, "_seed", 1);
  }

  #cached: { full: VectorInfo; noDistance: VectorInfo; noSeed: VectorInfo; neither: VectorInfo } | undefined;

  /**
   * `toInfo(false)`: views of these columns, wrapped once (the same objects every call). Each key is a
   * getter that first completes a deferred fill.
   */
  #views(): VectorInfo {
    let presence = this.#presence;
    if (presence < 0) {
      presence = this.#scanPresence();
    }
    if ((presence & 1) === 0) return {};
    const cached = (this.#cached ??= this.#wrapViews());
    return (presence & 2) !== 0 ? ((presence & 4) !== 0 ? cached.full : cached.noSeed) : (presence & 4) !== 0 ? cached.noDistance : cached.neither;
  }

  /** Which keys the rows as written report (bits as `presence`). */
  #scanPresence(): number {
    let presence = 0;
    for (let i = 0; i < this.size; i++) {
      presence |= (this.reported[i] as number) | ((this.measured[i] as number) << 1) | ((this.seeded[i] as number) << 2);
    }
    return presence;
  }

  /**
   * The info's arrays as NDArrays over `view(column)`: the always-present keys, and the two optional
   * groups. `view` is the identity for views and `slice` for copies.
   */
  #records(view: <T extends Float64Array | Uint8Array>(a: T) => T): {
    base: Record<string, unknown>;
    distance: Record<string, unknown>;
    seed: Record<string, unknown>;
  } {
    const n = this.size;
    const pairs = (a: Float64Array) => ndarray("float64", [n, 2], view(a));
    const column = (a: Float64Array) => ndarray("float64", [n], view(a));
    const mask = ndarray("bool", [n], view(this.reported));
    return {
      base: {
        agent_position: pairs(this.agentPosition),
        _agent_position: mask,
        agent_xy: pairs(this.agentXy),
        _agent_xy: mask,
        goal_location: pairs(this.goalLocation),
        _goal_location: mask,
        source_location: pairs(this.sourceLocation),
        _source_location: mask,
        step_count: column(this.stepCount),
        _step_count: mask,
        episode_count: column(this.episodeCount),
        _episode_count: mask,
        total_reward: column(this.totalReward),
        _total_reward: mask,
        goal_reached: ndarray("bool", [n], view(this.goalReached)),
        _goal_reached: mask,
      },
      distance: { distance_to_goal: column(this.distanceToGoal), _distance_to_goal: ndarray("bool", [n], view(this.measured)) },
      seed: { seed: column(this.seed), _seed: ndarray("bool", [n], view(this.seeded)) },
    };
  }

  #wrapViews(): { full: VectorInfo; noDistance: VectorInfo; noSeed: VectorInfo; neither: VectorInfo } {
    const { base, distance, seed } = this.#records((a) => a);
    const lazy = (values: Record<string, unknown>): VectorInfo => {
      const out = {};
      for (const [key, value] of Object.entries(values)) {
        Object.defineProperty(out, key, {
          enumerable: true,
          get: () => {
            this.#ensure();
            return value;
          },
        });
      }
      return Object.freeze(out);
    };
    return {
      full: lazy({ ...base, ...distance, ...seed }),
      noDistance: lazy({ ...base, ...seed }),
      noSeed: lazy({ ...base, ...distance }),
      neither: lazy(base),
    };
  }

  /**
   * The vector info: arrays per key plus `_key` masks. With `copy`, fresh arrays; without, views of
   * these columns (valid until they are next written). Keys that no environment reported are absent.
   */
  toInfo(copy: boolean): VectorInfo {
    if (!copy) return this.#views();
    this.#ensure();
    const presence = this.#scanPresence();
    if ((presence & 1) === 0) return {};
    const { base, distance, seed } = this.#records((a) => a.slice() as typeof a);
    return { ...base, ...((presence & 2) !== 0 && distance), ...((presence & 4) !== 0 && seed) };
  }
}

/**
 * `BatchKernel`: the structure-of-arrays core that steps N plume environments at once. It owns every
 * per-environment number in typed arrays allocated once (positions, headings, counters, observations,
 * rewards, flags) and calls each component's batch method once per step for the whole batch, so a step
 * allocates nothing. `PlumeEnv` steps through a kernel of size 1 and `SyncVectorEnv` through a kernel
 * of size N, which is why single and vector stepping agree exactly.
 *
 * The step, as data (the same order as `PlumeEnv.step`): prev := position -> processActionBatch ->
 * on-grid check and distance to the goal -> computeRewardBatch (step count not yet advanced, as the
 * object path's `nextState`) -> step_count += 1, terminated (distance <= goal radius) / truncated
 * (step_count >= max steps) -> fillObservationBatch. When the reward is the environment's own goal reward
 * for the kernel's goal (a pure function of the distance), the kernel computes it in the same pass as the
 * distance and the flags instead of calling `computeRewardBatch`: the same numbers in one pass, not three.
 */
import { ComponentError, ValidationError, isPlumeError, isTimeVaryingField, type AgentBatch, type BatchContext, type ReadonlyFloat32Array } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { denseFieldOf } from "../plume/gaussian.js";
import { distanceRewardOf, type DistanceReward } from "../rewards/goal.js";
import { kernelPasses, type KernelPasses } from "./passes.js";
import type { BatchPlan } from "./plan.js";

/** The fixed configuration a kernel steps with. */
export interface KernelConfig {
  readonly gridWidth: number;
  readonly gridHeight: number;
  readonly goalX: number;
  readonly goalY: number;
  readonly goalRadius: number;
  readonly maxSteps: number;
  /** A fixed start cell, or undefined to draw `(integers(0, W), integers(0, H))` on every reset. */
  readonly startX: number | undefined;
  readonly startY: number | undefined;
}

/**
 * Arrays a kernel writes its results into instead of allocating its own (`AsyncVectorEnv`'s shards
 * pass their rows of the shared buffer, so that nothing is copied after a step). Any subset.
 */
export interface KernelOutputs {
  /** `size * observationSize` numbers. */
  readonly observations?: Float32Array;
  readonly rewards?: Float64Array;
  readonly terminated?: Uint8Array;
  readonly truncated?: Uint8Array;
}

function outputOr<T extends { readonly length: number }>(given: T | undefined, name: string, length: number, make: (length: number) => T): T {
  if (given === undefined) return make(length);
  if (given.length !== length) throw ValidationError.invalid(`outputs.${name}`, `an array of ${length} numbers`, `${given.length} numbers`);
  return given;
}

/** `agents` with writable arrays (the kernel owns them). */
interface KernelAgents extends AgentBatch {
  readonly x: Int32Array;
}

function componentError(component: string, error: unknown): unknown {
  if (isPlumeError(error)) return error;
  return new ComponentError(error instanceof Error ? error.message : String(error), { component, cause: error });
}

function denseField(plume: BatchPlan["plume"], cells: number): ReadonlyFloat32Array | undefined {
  if (isTimeVaryingField(plume)) return undefined;
  const own = denseFieldOf(plume);
  return own !== undefined && own.length === cells ? own : undefined;
}

/** Steps whose frame `frameReader` looks up in a table (beyond them it asks the plume). */
const FRAME_TABLE_LIMIT = 1 << 14;

/**
 * A time-varying plume's frame reader for `BatchContext.frameAt` (frames covering the grid), else undefined.
 * `frameForStep` is pure, so on first use the frames of steps `0 .. min(maxSteps, FRAME_TABLE_LIMIT)` are
 * looked up once: the hot path is then an array read, no call into the plume. (First use, not now: a vector
 * env's own environments each hold a kernel they never step.)
 */
function frameReader(plume: BatchPlan["plume"], width: number, height: number, maxSteps: number): ((step: number) => ReadonlyFloat32Array) | undefined {
  if (!isTimeVaryingField(plume) || plume.gridSize.width !== width || plume.gridSize.height !== height) return undefined;
  const length = Math.min(maxSteps, FRAME_TABLE_LIMIT) + 1;
  let byStep: ReadonlyFloat32Array[] | undefined;
  const table = (): ReadonlyFloat32Array[] => {
    const frames = Array.from({ length: plume.numFrames }, (_, i) => plume.frame(i));
    return Array.from({ length }, (_, step) => frames[plume.frameForStep(step)] as ReadonlyFloat32Array);
  };
  return (step) => (step < length ? ((byStep ??= table())[step] as ReadonlyFloat32Array) : plume.frame(plume.frameForStep(step)));
}

export class BatchKernel {
  readonly size: number;
  readonly plan: BatchPlan;
  readonly config: KernelConfig;
  readonly agents: KernelAgents;
  readonly context: BatchContext;
  /** Environment `i`'s generator (undefined until its first reset). */
  readonly rngs: Generator[];
  /** `observationSize` float32 numbers per environment. */
  readonly observations: Float32Array;
  readonly rewards: Float64Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  /** `terminated | truncated` after the last step, and how many listed environments ended in it. */
  readonly done: Uint8Array;
  doneCount = 0;
  /** Distance to the goal after the last step (or reset). */
  readonly distances: Float64Array;
  /** Episodes started, counting the current one. */
  readonly episodeCounts: Float64Array;
  /** The seed of the last reset, valid where `seeded[i]` is 1. */
  readonly seeds: Float64Array;
  readonly seeded: Uint8Array;
  /** How many environments' last reset was seeded. */
  seededCount = 0;
  /** `[0, 1, ..., size - 1]`: the `indices` that step every environment. */
  readonly all: Int32Array;
  /** The reward when the kernel computes it itself (see the top of this file). */
  readonly #distanceReward: DistanceReward | undefined;
  /**
   * Built on the first step, not in the constructor: a vector env's own environments each hold a kernel
   * they never step, and V8 optimizes the one set of closures that runs sooner and better when it is
   * the only set created.
   */
  #passes: KernelPasses | undefined = undefined;
  /**
   * Whether a step keeps the headings to put back on an error: not for processors whose metadata says
   * `orientation_dependent: false`, which the action protocol (and check act.preserves-fields) says never
   * change the heading.
   */
  readonly #savesOrientation: boolean;
  readonly #prevOrientation: Float64Array;
  readonly #prevTotal: Float64Array;
  readonly #one = new Int32Array(1);
  /**
   * Called after the sensor filled the observations of a step (or of a reset, with the one environment),
   * inside the step's error handling: throwing here puts the listed environments back as a component error
   * does. `PlumeEnv` and the vector envs check sensor outputs with it.
   */
  afterObservations: ((indices: Int32Array, count: number, reset: boolean) => void) | undefined = undefined;

  constructor(size: number, plan: BatchPlan, config: KernelConfig, outputs: KernelOutputs = {}) {
    this.size = size;
    this.plan = plan;
    this.config = config;
    this.agents = {
      size,
      x: new Int32Array(size),
      y: new Int32Array(size),
      prevX: new Int32Array(size),
      prevY: new Int32Array(size),
      orientation: new Float64Array(size),
      stepCount: new Float64Array(size),
      totalReward: new Float64Array(size),
      distance: new Float64Array(size),
    };
    this.rngs = new Array<Generator>(size);
    this.context = {
      gridWidth: config.gridWidth,
      gridHeight: config.gridHeight,
      goalX: config.goalX,
      goalY: config.goalY,
      goalRadius: config.goalRadius,
      maxSteps: config.maxSteps,
      concentrationField: plan.plume,
      fieldArray: denseField(plan.plume, config.gridWidth * config.gridHeight),
      frameAt: frameReader(plan.plume, config.gridWidth, config.gridHeight, config.maxSteps),
      windField: plan.wind,
      rngs: this.rngs,
    };
    this.observations = outputOr(outputs.observations, "observations", size * plan.observationSize, (k) => new Float32Array(k));
    this.rewards = outputOr(outputs.rewards, "rewards", size, (k) => new Float64Array(k));
    this.terminated = outputOr(outputs.terminated, "terminated", size, (k) => new Uint8Array(k));
    this.truncated = outputOr(outputs.truncated, "truncated", size, (k) => new Uint8Array(k));
    this.done = new Uint8Array(size);
    this.distances = this.agents.distance;
    this.episodeCounts = new Float64Array(size);
    this.seeds = new Float64Array(size);
    this.seeded = new Uint8Array(size);
    this.#prevOrientation = new Float64Array(size);
    this.#prevTotal = new Float64Array(size);
    this.all = Int32Array.from({ length: size }, (_, i) => i);
    const own = distanceRewardOf(plan.reward);
    this.#savesOrientation = plan.action.getMetadata().orientation_dependent !== false;
    this.#distanceReward = own !== undefined && own.goalX === config.goalX && own.goalY === config.goalY ? own : undefined;
  }

  /**
   * Starts a new episode in environment `i`, as `PlumeEnv.reset` does: a seed re-creates its generator
   * (no seed continues the stream; the very first reset then seeds from OS entropy), the start cell is
   * the fixed one or `(integers(0, W), integers(0, H))`, then the components' reset hooks run.
   */
  resetEnv(i: number, seed: number | undefined): void {
    const rng = seed !== undefined ? Generator.fromSeed(seed) : (this.rngs[i] ?? Generator.fromSeed());
    const { startX, startY, gridWidth, gridHeight } = this.config;
    let x: number;
    let y: number;
    if (startX !== undefined && startY !== undefined) {
      x = startX;
      y = startY;
    } else {
      x = rng.integers(0, gridWidth);
      y = rng.integers(0, gridHeight);
    }
    const { plume, wind, sensor, reward } = this.plan;
    let component = "plume";
    try {
      plume.reset?.(seed);
      component = "wind";
      wind?.reset?.(seed);
      component = "sensor";
      sensor.reset?.();
      component = "reward";
      reward.reset?.();
    } catch (error) {
      throw componentError(component, error);
    }
    this.load(i, x, y, rng, (this.episodeCounts[i] as number) + 1, seed);
    this.#one[0] = i;
    try {
      sensor.fillObservationBatch(this.observations, this.agents, this.context, this.#one, 1);
      this.afterObservations?.(this.#one, 1, true);
    } catch (error) {
      throw componentError("sensor", error);
    }
  }

  /**
   * Puts environment `i` at the start of an episode that its owner has already reset (drawn the start,
   * run the hooks): used by `PlumeEnv`, whose reset stays on the object path.
   */
  load(i: number, x: number, y: number, rng: Generator, episodeCount: number, seed: number | undefined): void {
    const a = this.agents;
    this.rngs[i] = rng;
    a.x[i] = x;
    a.y[i] = y;
    a.prevX[i] = x;
    a.prevY[i] = y;
    a.orientation[i] = 0;
    a.stepCount[i] = 0;
    a.totalReward[i] = 0;
    this.rewards[i] = 0;
    this.terminated[i] = 0;
    this.truncated[i] = 0;
    const dx = x - this.config.goalX;
    const dy = y - this.config.goalY;
    this.distances[i] = Math.sqrt(dx * dx + dy * dy);
    this.episodeCounts[i] = episodeCount;
    const seeded = seed === undefined ? 0 : 1;
    this.seededCount += seeded - (this.seeded[i] as number);
    this.seeded[i] = seeded;
    this.seeds[i] = seed ?? 0;
    this.done[i] = 0;
  }

  /**
   * Steps the environments `indices[0..count)` with `actions` (`actionSize` numbers per environment,
   * already validated). On a component error every listed environment is put back as it was (generator
   * draws already made stay made, as in `PlumeEnv`) and the error is rethrown. An environment not listed
   * does not move, and may get `prevX`/`prevY` equal to its position (it was where it is before the step).
   */
  step(actions: ArrayLike<number>, indices: Int32Array, count: number): void {
    this.#savePrevious(indices, count);
    const a = this.agents;
    const { action, reward, sensor } = this.plan;
    const context = this.context;
    const distanceReward = this.#distanceReward;
    const passes = (this.#passes ??= kernelPasses(
      { ...this.agents, prevTotal: this.#prevTotal, rewards: this.rewards, terminated: this.terminated, truncated: this.truncated, done: this.done },
      this.config,
    ));
    let stage = "action";
    try {
      action.processActionBatch(actions, a, context, indices, count);
      if (distanceReward !== undefined) this.doneCount = passes.settle(indices, 0, count, distanceReward);
      else {
        passes.measure(indices, 0, count);
        stage = "reward";
        reward.computeRewardBatch(this.rewards, actions, a, context, indices, count);
        this.doneCount = passes.advance(indices, 0, count);
      }
      stage = "sensor";
      sensor.fillObservationBatch(this.observations, a, context, indices, count);
      this.afterObservations?.(indices, count, false);
    } catch (error) {
      this.#restore(indices, count, stage === "sensor");
      throw componentError(stage, error);
    }
  }

  /**
   * Keeps what `#restore` puts back (and `prevX`/`prevY` for the components); the passes keep the totals
   * as they go.
   */
  #savePrevious(indices: Int32Array, count: number): void {
    const { x, y, prevX, prevY, orientation } = this.agents;
    const prevOrientation = this.#prevOrientation;
    const savesOrientation = this.#savesOrientation;
    if (count * 2 >= this.size && this.size >= 32) {
      // Most environments are listed: bulk copies are much faster than a loop over the indices (about
      // 0.2 µs against 3 µs for 512 environments), and an unlisted one stands still, so its previous
      // position is its position; the saved heading of an unlisted one is never read.
      prevX.set(x);
      prevY.set(y);
      if (savesOrientation) prevOrientation.set(orientation);
      return;
    }
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      prevX[i] = x[i] as number;
      prevY[i] = y[i] as number;
      if (savesOrientation) prevOrientation[i] = orientation[i] as number;
    }
  }

  /** Environment `i`'s observation row (a view; copy it to keep it). */
  observationRow(i: number): Float32Array {
    const n = this.plan.observationSize;
    return this.observations.subarray(i * n, i * n + n);
  }

  /**
   * Puts the listed environments back as `#savePrevious` found them; when `advanced`, the passes had
   * counted their step and added their reward, which is taken back too.
   */
  #restore(indices: Int32Array, count: number, advanced: boolean): void {
    const { x, y, prevX, prevY, orientation, stepCount, totalReward } = this.agents;
    const prevOrientation = this.#prevOrientation;
    const prevTotal = this.#prevTotal;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      x[i] = prevX[i] as number;
      y[i] = prevY[i] as number;
      if (this.#savesOrientation) orientation[i] = prevOrientation[i] as number;
      if (advanced) {
        totalReward[i] = prevTotal[i] as number;
        stepCount[i] = (stepCount[i] as number) - 1;
      }
    }
  }


}

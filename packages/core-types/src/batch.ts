/**
 * The batch protocol: optional methods a component implements so that a vector environment can step
 * many environments in one call over structure-of-arrays state, with no per-step allocation (the
 * EnvPool / PufferLib model). Every method is optional; an environment whose components lack them
 * steps each environment through the object protocol instead, with the same results.
 *
 * Rules every batch method follows:
 * - It gives, for each listed environment, exactly what the object method gives for that environment's
 *   state (same numbers, same float32 rounding, same random draws from that environment's generator in
 *   the same order). Batched and single stepping must agree bit for bit.
 * - It is called on ONE component instance for the whole batch, so it may read only its own
 *   configuration (never per-environment state kept in the instance), the batch and the context.
 * - It touches only the environments listed in `indices[0..count)` and writes only its outputs.
 */
import type { ConcentrationField, VectorField } from "./fields.js";
import type { RandomGenerator } from "./random.js";

/** A read-only view of a `Float32Array` (a shared field must not be written through it). */
export type ReadonlyFloat32Array = Omit<
  Float32Array,
  "set" | "fill" | "copyWithin" | "reverse" | "sort" | "subarray" | number
> & {
  readonly [index: number]: number;
  subarray(begin?: number, end?: number): ReadonlyFloat32Array;
};

/**
 * The agents of a batch as structure-of-arrays: element `i` of every array belongs to environment `i`.
 * `x`/`y` are the cells after the action is processed; `prevX`/`prevY` the cells before it.
 */
export interface AgentBatch {
  /** Number of environments. */
  readonly size: number;
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly prevX: Int32Array;
  readonly prevY: Int32Array;
  /** Heading in degrees, [0, 360). */
  readonly orientation: Float64Array;
  /**
   * Steps taken this episode. During `computeRewardBatch` it is the count before the step (as the
   * object path's `nextState.step_count`, carried over by the action processor); during
   * `fillObservationBatch` the count after it (as `envState.step_count`).
   */
  readonly stepCount: Float64Array;
  /** Euclidean distance from `(x, y)` to the environment's goal, filled after the action is processed. */
  readonly distance: Float64Array;
  /** Reward accumulated this episode. */
  readonly totalReward: Float64Array;
}

/** What the environment shares with batch methods (the same for every environment of the batch). */
export interface BatchContext {
  readonly gridWidth: number;
  readonly gridHeight: number;
  /** The goal (source) cell. */
  readonly goalX: number;
  readonly goalY: number;
  readonly goalRadius: number;
  readonly maxSteps: number;
  /** The concentration field, and its dense row-major array when it has one (`[y * width + x]`). */
  readonly concentrationField: ConcentrationField;
  readonly fieldArray: ReadonlyFloat32Array | undefined;
  /**
   * For a time-varying field (a `TimeVaryingField`, e.g. a movie plume), whose dense field depends on each
   * environment's own step: the dense row-major field shown at episode step `step`. `fieldArray` is then
   * undefined, and environment `i` reads `frameAt(stepCount[i])`. Undefined for static fields.
   */
  readonly frameAt?: ((step: number) => ReadonlyFloat32Array) | undefined;
  /** The wind field, when the environment has one. */
  readonly windField: VectorField | undefined;
  /** Environment `i`'s generator (the one its object methods would receive). */
  readonly rngs: readonly RandomGenerator[];
}

/**
 * `ActionProcessor` batch method: moves every listed agent in place (`x`, `y`, `orientation`).
 * `actions` holds `actionSize` numbers per environment (a Discrete action as one number, a Box action
 * flattened row-major) at offset `i * actionSize`. Actions are already validated. A processor whose
 * metadata says `orientation_dependent: false` must not change `orientation` (as its object method must
 * not): the caller may rely on that and skip keeping the headings.
 */
export interface BatchActionProcessor {
  processActionBatch(
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void;
}

/**
 * `ObservationModel` batch method, for sensors whose observation space is a float32 Box: writes
 * environment `i`'s observation (flattened row-major, `observationSize` numbers) at
 * `out[i * observationSize]`.
 */
export interface BatchObservationModel {
  fillObservationBatch(out: Float32Array, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void;
}

/** `RewardFunction` batch method: writes environment `i`'s reward at `out[i]`. */
export interface BatchRewardFunction {
  computeRewardBatch(
    out: Float64Array,
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void;
}

/** Whether `component` has `processActionBatch`. */
export function hasActionBatch(component: unknown): component is BatchActionProcessor {
  return typeof (component as Partial<BatchActionProcessor> | null)?.processActionBatch === "function";
}

/** Whether `component` has `fillObservationBatch`. */
export function hasObservationBatch(component: unknown): component is BatchObservationModel {
  return typeof (component as Partial<BatchObservationModel> | null)?.fillObservationBatch === "function";
}

/** Whether `component` has `computeRewardBatch`. */
export function hasRewardBatch(component: unknown): component is BatchRewardFunction {
  return typeof (component as Partial<BatchRewardFunction> | null)?.computeRewardBatch === "function";
}

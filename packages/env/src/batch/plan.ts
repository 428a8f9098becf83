/**
 * Whether a set of components can be stepped by the batch kernel, and the sizes it needs. The kernel
 * needs the batch method of every component, a float32 Box observation, a Discrete or numeric Box
 * action, and static fields or a time-varying plume the kernel can read frame by frame (a
 * `TimeVaryingField`, e.g. a movie: each environment reads the frame of its own step). Other plumes or
 * winds with `advanceToStep` change with each environment's own step count, which one shared field
 * instance cannot follow.
 */
import {
  hasActionBatch,
  hasObservationBatch,
  hasRewardBatch,
  isTimeVaryingField,
  type ActionProcessor,
  type BatchActionProcessor,
  type BatchObservationModel,
  type BatchRewardFunction,
  type ConcentrationField,
  type ObservationModel,
  type RewardFunction,
  type VectorField,
} from "@plume/core-types";
import { Box, Discrete } from "@plume/spaces";

/** The components of one environment. */
export interface EnvComponents {
  readonly action: ActionProcessor<unknown>;
  readonly sensor: ObservationModel<unknown>;
  readonly reward: RewardFunction<unknown>;
  readonly plume: ConcentrationField;
  readonly wind: VectorField | undefined;
}

/** Components that the kernel can step, with the kernel's layout. */
export interface BatchPlan {
  readonly action: ActionProcessor<unknown> & BatchActionProcessor;
  readonly sensor: ObservationModel<unknown> & BatchObservationModel;
  readonly reward: RewardFunction<unknown> & BatchRewardFunction;
  readonly plume: ConcentrationField;
  readonly wind: VectorField | undefined;
  /** Numbers per action: 1 for Discrete, the Box's size otherwise. */
  readonly actionSize: number;
  /** The action space when Discrete: actions must be integers in [start, start + n). */
  readonly discrete: { readonly start: number; readonly end: number } | undefined;
  /** The action Box's bounds, flattened (for a Box action). */
  readonly boxLow: Float64Array | undefined;
  readonly boxHigh: Float64Array | undefined;
  /** Numbers per observation (the float32 Box's size) and its shape. */
  readonly observationSize: number;
  readonly observationShape: readonly number[];
}

/** Why `components` cannot use the kernel, or undefined when they can. */
export function batchIneligibility(components: EnvComponents): string | undefined {
  const { action, sensor, reward, plume, wind } = components;
  if (!hasActionBatch(action)) return "the action processor has no processActionBatch";
  if (!hasObservationBatch(sensor)) return "the sensor has no fillObservationBatch";
  if (!hasRewardBatch(reward)) return "the reward function has no computeRewardBatch";
  if (typeof plume.advanceToStep === "function" && !isTimeVaryingField(plume)) return "the plume changes over time (advanceToStep) and is not a TimeVaryingField";
  if (wind !== undefined && typeof wind.advanceToStep === "function") return "the wind changes over time (advanceToStep)";
  const obs = sensor.observationSpace;
  if (!(obs instanceof Box) || obs.dtype !== "float32") return "the observation space is not a float32 Box";
  const act = action.actionSpace;
  if (act instanceof Discrete) return undefined;
  if (act instanceof Box && act.dtype !== "int64" && act.dtype !== "uint64") return undefined;
  return "the action space is neither Discrete nor a numeric Box";
}

/** The plan for `components`, or undefined when they cannot use the kernel. */
export function planBatch(components: EnvComponents): BatchPlan | undefined {
  if (batchIneligibility(components) !== undefined) return undefined;
  const { action, sensor, reward, plume, wind } = components;
  const obs = sensor.observationSpace as Box<"float32">;
  const act = action.actionSpace;
  const observationShape = Object.freeze([...obs.shape]);
  const observationSize = observationShape.reduce((a, b) => a * b, 1);
  if (act instanceof Discrete) {
    return {
      action: action as BatchPlan["action"],
      sensor: sensor as BatchPlan["sensor"],
      reward: reward as BatchPlan["reward"],
      plume,
      wind,
      actionSize: 1,
      discrete: { start: act.start, end: act.start + act.n },
      boxLow: undefined,
      boxHigh: undefined,
      observationSize,
      observationShape,
    };
  }
  const box = act as Box<"float32">;
  return {
    action: action as BatchPlan["action"],
    sensor: sensor as BatchPlan["sensor"],
    reward: reward as BatchPlan["reward"],
    plume,
    wind,
    actionSize: box.shape.reduce((a, b) => a * b, 1),
    discrete: undefined,
    boxLow: Float64Array.from(box.low.data as ArrayLike<number>),
    boxHigh: Float64Array.from(box.high.data as ArrayLike<number>),
    observationSize,
    observationShape,
  };
}

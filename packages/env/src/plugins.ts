/**
 * Plugin descriptors for the components this package implements, so that configs name them as
 * `{ type, options }`: plume `"gaussian"`, wind `"constant"`, rewards `"sparse"` and `"step_penalty"`.
 */
import { definePlugin } from "@plume/core-types";
import { GaussianPlume, GaussianPlumeOptionsSchema } from "./plume/gaussian.js";
import { SparseGoalReward, SparseGoalRewardOptionsSchema, StepPenaltyReward, StepPenaltyRewardOptionsSchema } from "./rewards/goal.js";
import { ConstantWindField, ConstantWindFieldOptionsSchema } from "./wind/constant.js";

/** `{ type: "gaussian", options: { sigma?, sourceLocation?, gridSize? } }` -> `GaussianPlume`. */
export const gaussianPlumePlugin = definePlugin({
  kind: "plume",
  name: "gaussian",
  options: GaussianPlumeOptionsSchema,
  create: (options) => new GaussianPlume(options),
});

/** `{ type: "constant", options: { directionDeg?, speed?, vector? } }` -> `ConstantWindField`. */
export const constantWindPlugin = definePlugin({
  kind: "wind",
  name: "constant",
  options: ConstantWindFieldOptionsSchema,
  create: (options) => new ConstantWindField(options),
});

/** `{ type: "sparse", options: { goalPosition, goalRadius? } }` -> `SparseGoalReward`. */
export const sparseRewardPlugin = definePlugin({
  kind: "reward",
  name: "sparse",
  options: SparseGoalRewardOptionsSchema,
  create: (options) => new SparseGoalReward(options),
});

/** `{ type: "step_penalty", options: { goalPosition, goalRadius?, goalReward?, stepPenalty? } }` -> `StepPenaltyReward`. */
export const stepPenaltyRewardPlugin = definePlugin({
  kind: "reward",
  name: "step_penalty",
  options: StepPenaltyRewardOptionsSchema,
  create: (options) => new StepPenaltyReward(options),
});

/** Every plugin of this package. */
export const plugins = Object.freeze([gaussianPlumePlugin, constantWindPlugin, sparseRewardPlugin, stepPenaltyRewardPlugin] as const);

/**
 * Structural checks for injected components, as zod schemas, so that a wrong object passed to a
 * constructor (or built by a plugin) fails with an error naming the option and the protocol.
 */
import type {
  ActionProcessor,
  ConcentrationField,
  ObservationModel,
  RewardFunction,
  VectorField,
} from "@plume/core-types";
import * as z from "zod";

function hasMembers(value: unknown, functions: readonly string[], properties: readonly string[] = []): boolean {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  const record = value as Record<string, unknown>;
  return (
    functions.every((name) => typeof record[name] === "function") &&
    properties.every((name) => record[name] !== undefined && record[name] !== null)
  );
}

/** What each protocol needs, for error messages. */
export const PROTOCOL_DESCRIPTIONS = Object.freeze({
  sensor: "an ObservationModel (observationSpace, getObservation(envState), getMetadata())",
  action: "an ActionProcessor (actionSpace, processAction(action, state, grid), validateAction(action), getMetadata())",
  reward: "a RewardFunction (computeReward(prev, action, next, field), getMetadata())",
  plume: "a ConcentrationField (sample(x, y, t?), reset(seed?))",
  wind: "a VectorField (sample(position))",
});

export function isObservationModel(value: unknown): value is ObservationModel {
  return hasMembers(value, ["getObservation"], ["observationSpace"]);
}
export function isActionProcessor(value: unknown): value is ActionProcessor {
  return hasMembers(value, ["processAction", "validateAction"], ["actionSpace"]);
}
export function isRewardFunction(value: unknown): value is RewardFunction {
  return hasMembers(value, ["computeReward"]);
}
export function isConcentrationField(value: unknown): value is ConcentrationField {
  return hasMembers(value, ["sample"]);
}
export function isVectorField(value: unknown): value is VectorField {
  return hasMembers(value, ["sample"]);
}

/** Zod schemas of the component protocols (structural). */
export const sensorSchema = z.custom<ObservationModel>(isObservationModel, { error: PROTOCOL_DESCRIPTIONS.sensor });
export const actionSchema = z.custom<ActionProcessor>(isActionProcessor, { error: PROTOCOL_DESCRIPTIONS.action });
export const rewardSchema = z.custom<RewardFunction>(isRewardFunction, { error: PROTOCOL_DESCRIPTIONS.reward });
export const plumeSchema = z.custom<ConcentrationField>(isConcentrationField, { error: PROTOCOL_DESCRIPTIONS.plume });
export const windSchema = z.custom<VectorField>(isVectorField, { error: PROTOCOL_DESCRIPTIONS.wind });

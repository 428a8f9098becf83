/**
 * Every correct reference implementation with the options it is checked with (CHECKS.md
 * §12.5). Each entry runs one suite; `allowWarnings` is the whitelist of warnings it may raise.
 */
import type { Env, EnvInfo, Policy } from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import {
  checkActionProcessor,
  checkConcentrationField,
  checkEnv,
  checkObservationModel,
  checkPolicy,
  checkRewardFunction,
  checkSpace,
  checkVectorField,
  type SuiteReport,
} from "../../src/index.js";
import { Coordinates as C } from "@plume/core-types";
import { REFERENCE_ACTIONS } from "./actions.js";
import { BatchCardinalActions, BatchConcentrationSensor, BatchSparseGoalReward } from "./batch.js";
import { GridPlumeEnv, REFERENCE_ENVS } from "./envs.js";
import { ConstantWindField, GAUSSIAN_PARAMS, GaussianPlume, MovieField, type GaussianParams } from "./fields.js";
import { GraphSpace } from "./graph.js";
import { DictTD, REFERENCE_POLICIES } from "./policies.js";
import { REFERENCE_REWARDS } from "./rewards.js";
import { REFERENCE_SENSORS } from "./sensors.js";
import { CATALOGUE_SPACES } from "./spaces.js";
import { recordReference } from "../broken/env.js";

export interface ReferenceCase {
  readonly name: string;
  readonly area: "obs" | "act" | "rew" | "field" | "wind" | "pol" | "space" | "env";
  run(extra?: Record<string, unknown>): SuiteReport;
  readonly allowWarnings?: readonly string[];
}

const cases: ReferenceCase[] = [];
cases.push(
  { name: "BatchConcentrationSensor", area: "obs", run: (x = {}) => checkObservationModel(() => new BatchConcentrationSensor(), { name: "BatchConcentrationSensor", ...x }) },
  { name: "BatchCardinalActions", area: "act", run: (x = {}) => checkActionProcessor(() => new BatchCardinalActions(), { name: "BatchCardinalActions", ...x }) },
  { name: "BatchSparseGoalReward", area: "rew", run: (x = {}) => checkRewardFunction(() => new BatchSparseGoalReward(new C(7, 5), 1.5), { name: "BatchSparseGoalReward", ...x }) },
);
for (const [name, { create, options }] of Object.entries(REFERENCE_SENSORS)) cases.push({ name, area: "obs", run: (x = {}) => checkObservationModel(create, { name, ...options, ...x }) });
for (const [name, { create, options }] of Object.entries(REFERENCE_ACTIONS)) cases.push({ name, area: "act", run: (x = {}) => checkActionProcessor(create, { name, ...options, ...x }) });
for (const [name, { create }] of Object.entries(REFERENCE_REWARDS)) cases.push({ name, area: "rew", run: (x = {}) => checkRewardFunction(create, { name, ...x }) });
cases.push(
  { name: "GaussianPlume (32², 16x12, corner/edge sources, σ 0.5 and 20)", area: "field", run: (x = {}) => checkConcentrationField((p) => new GaussianPlume(p as GaussianParams), { params: [...GAUSSIAN_PARAMS], ...x }) },
  { name: "MovieField (wrap)", area: "field", run: (x = {}) => checkConcentrationField(() => new MovieField("wrap"), x) },
  { name: "MovieField (clamp)", area: "field", run: (x = {}) => checkConcentrationField(() => new MovieField("clamp"), x) },
  {
    name: "ConstantWindField",
    area: "wind",
    run: (x = {}) => checkVectorField(() => new ConstantWindField(), { sensorSpace: new Box({ low: -1, high: 1, shape: [2], dtype: "float32" }), ...x }),
  },
);
for (const [name, { create }] of Object.entries(REFERENCE_POLICIES)) {
  cases.push({ name, area: "pol", run: (x = {}) => checkPolicy(create, { name, env: () => new GridPlumeEnv() as unknown as Env<unknown, unknown, EnvInfo>, ...x }) });
}
cases.push({
  name: "DictTD (Dict observations)",
  area: "pol",
  run: (x = {}) => checkPolicy(() => new DictTD() as unknown as Policy<unknown, unknown>, { observationSpace: new Dict({ odor: new Box({ low: 0, high: 1, shape: [1] }), wind: new Box({ low: -1, high: 1, shape: [2] }) }), ...x }),
});
for (const [name, create] of Object.entries(CATALOGUE_SPACES)) cases.push({ name, area: "space", run: (x = {}) => checkSpace(create, { name, ...x }) });
cases.push({ name: "GraphSpace (custom)", area: "space", run: (x = {}) => checkSpace(() => new GraphSpace(), x) });
for (const [name, { create, options }] of Object.entries(REFERENCE_ENVS)) {
  cases.push({ name, area: "env", run: (x = {}) => checkEnv(create, { name, ...options, ...x }), allowWarnings: ["env.space-limits"] });
}
cases.push({
  name: "GridPlumeEnv replaying recorded reference episodes",
  area: "env",
  run: (x = {}) => checkEnv((o) => new GridPlumeEnv(o), { goalRadius: 1, reference: [{ fixture: recordReference(() => new GridPlumeEnv(), [3, null, 7], 25) }], ...x }),
});

export const REFERENCE_CASES: readonly ReferenceCase[] = cases;

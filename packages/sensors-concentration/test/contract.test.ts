/**
 * The contract kit's ObservationModel suite, run the way a third-party plugin runs it, in strict mode (warnings
 * fail too). The history sensor declares `stateful`: the kit checks it as reset() + the same states -> the same
 * observations.
 */
import { describeObservationModel, describePlugin } from "@plume/contract-tests/vitest";
import {
  AntennaeArraySensor,
  ConcentrationHistorySensor,
  ConcentrationSensor,
  antennaePlugin,
  concentrationHistoryPlugin,
  concentrationPlugin,
} from "../src/index.js";

const strict = { strict: true } as const;
const stateful = { strict: true, capabilities: { stateful: true } } as const;

describeObservationModel("ConcentrationSensor", () => new ConcentrationSensor(), strict);
describeObservationModel("AntennaeArraySensor (2 at d = 2)", () => new AntennaeArraySensor({ nSensors: 2, sensorDistance: 2 }), strict);
describeObservationModel(
  "AntennaeArraySensor (4 at custom angles, d = 3.5)",
  () => new AntennaeArraySensor({ sensorAngles: [30, -30, 150, 210], sensorDistance: 3.5 }),
  strict,
);
describeObservationModel("ConcentrationHistorySensor (n = 4)", () => new ConcentrationHistorySensor({ n: 4 }), stateful);
describePlugin(concentrationPlugin, { suite: strict });
describePlugin(antennaePlugin, { pluginOptions: { nSensors: 2, sensorDistance: 2 }, suite: strict });
describePlugin(concentrationHistoryPlugin, { pluginOptions: { n: 2 }, suite: stateful });

// The whole contract of the sensor, one call per suite, exactly as any plugin author writes it.
import { describeObservationModel, describePlugin } from "@plume/contract-tests/vitest";
import { GradientSensor, plugin } from "../src/index.js";

describeObservationModel("GradientSensor", () => new GradientSensor());
describeObservationModel("GradientSensor with a large gain", () => new GradientSensor(25), { numRuns: 30 });
describePlugin(plugin, { pluginOptions: { gain: 4 } });

/** The contract kit's ObservationModel suite on compositions of the built-in sensors, in strict mode. */
import { describeObservationModel, describePlugin } from "@plume/contract-tests/vitest";
import { AntennaeArraySensor, ConcentrationHistorySensor, ConcentrationSensor } from "@plume/sensors-concentration";
import { WindVectorSensor } from "@plume/sensors-wind";
import { FlattenedMultiSensor, MultiModalSensor, flattenedPlugin, multiModalPlugin } from "../src/index.js";

const strict = { strict: true } as const;

describeObservationModel(
  "MultiModalSensor (odour + wind)",
  () => new MultiModalSensor({ sensors: { odor: new ConcentrationSensor(), wind: new WindVectorSensor() } }),
  strict,
);
describeObservationModel(
  "MultiModalSensor (antennae + noisy wind)",
  () => new MultiModalSensor({ sensors: { antennae: new AntennaeArraySensor({ sensorDistance: 2 }), wind: new WindVectorSensor({ noiseStd: 0.1 }) } }),
  { strict: true, capabilities: { usesRng: true } },
);
describeObservationModel(
  "FlattenedMultiSensor (odour + wind + antennae)",
  () => new FlattenedMultiSensor({ sensors: [new ConcentrationSensor(), new WindVectorSensor(), new AntennaeArraySensor({ nSensors: 2 })] }),
  strict,
);
describeObservationModel(
  "FlattenedMultiSensor (history + wind, stateful)",
  () => new FlattenedMultiSensor({ sensors: [new ConcentrationHistorySensor({ n: 3 }), new WindVectorSensor()] }),
  { strict: true, capabilities: { stateful: true } },
);
describePlugin(multiModalPlugin, { pluginOptions: { sensors: { odor: new ConcentrationSensor() } }, suite: strict });
describePlugin(flattenedPlugin, { pluginOptions: { sensors: [new ConcentrationSensor(), new WindVectorSensor()] }, suite: strict });

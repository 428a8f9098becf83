// Compose sensors: a Dict observation of named senses, or one flat float32 vector for learning code.
// Run: node examples/compose.mjs
import { AgentState, GridSize, ValidationError } from "@plume/core-types";
import { AntennaeArraySensor, ConcentrationHistorySensor, ConcentrationSensor } from "@plume/sensors-concentration";
import { WindVectorSensor } from "@plume/sensors-wind";
import { Discrete, Generator } from "@plume/spaces";
import { FlattenedMultiSensor, MultiModalSensor, plugins } from "@plume/sensors-compose";

// An env state like the one a Plume environment builds after each step: a Gaussian plume and a constant wind.
const grid = new GridSize(20, 12);
const field = new Float32Array(grid.width * grid.height);
for (let y = 0; y < grid.height; y++) {
  for (let x = 0; x < grid.width; x++) field[y * grid.width + x] = Math.exp(-((x - 15) ** 2 + (y - 6) ** 2) / (2 * 4 ** 2));
}
const wind = { sample: () => Float32Array.of(-0.6, 0.2) };
const rng = Generator.fromSeed(7);
const stateAt = (x, y) => ({ agent_state: new AgentState({ position: [x, y] }), plume_field: field, grid_size: grid, wind_field: wind, rng });
const fmt = (obs) => `[${Array.from(obs.data, (v) => v.toFixed(3)).join(", ")}]`;

// 1. Multi-modal: a Dict space keyed by name (Gymnasium sorts the keys).
const multi = new MultiModalSensor({
  sensors: {
    odor: new ConcentrationSensor(),
    antennae: new AntennaeArraySensor({ sensorAngles: [45, -45], sensorDistance: 2 }),
    wind: new WindVectorSensor({ noiseStd: 0.05 }),
  },
});
console.log(String(multi.observationSpace));
const obs = multi.getObservation(stateAt(10, 6));
for (const [name, value] of Object.entries(obs)) console.log(`  ${name.padEnd(8)} ${fmt(value)}`);
console.log(`contained: ${multi.observationSpace.contains(obs)}; needs ${multi.getMetadata().required_state_keys.join(", ")}`);

// 2. Flattened: one Box(-inf, inf, (n,), float32) vector; a stateful part gives the composition a reset().
const flat = new FlattenedMultiSensor({
  sensors: [new ConcentrationHistorySensor({ n: 3 }), new WindVectorSensor()],
});
console.log(`${flat.observationSpace}, part sizes ${flat.dimensions.join(" + ")}, reset: ${typeof flat.reset}`);
flat.reset();
for (const x of [11, 12, 13]) console.log(`  at (${x}, 6): ${fmt(flat.getObservation(stateAt(x, 6)))}`);

// 3. Only Box parts can be flattened; an empty composition is an error too.
const steps = { observationSpace: new Discrete(10), getObservation: () => 0, getMetadata: () => ({ type: "steps" }) };
for (const attempt of [() => new FlattenedMultiSensor({ sensors: [new ConcentrationSensor(), steps] }), () => new MultiModalSensor({ sensors: {} })]) {
  try {
    attempt();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.log(`${error.name} parameter=${error.parameter}: ${error.expected}`);
  }
}
console.log(`plugins: ${plugins.map((p) => p.name).join(", ")}`);

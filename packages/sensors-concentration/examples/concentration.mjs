// Odour sensors reading the env state a Plume environment hands them after every step.
// Run: node examples/concentration.mjs
import { AgentState, GridSize, ValidationError } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { AntennaeArraySensor, ConcentrationHistorySensor, ConcentrationSensor, plugins } from "@plume/sensors-concentration";

// A 24 x 16 static Gaussian plume around (18, 8), stored row-major: cell (x, y) is element y * width + x.
const grid = new GridSize(24, 16);
const source = [18, 8];
const field = new Float32Array(grid.width * grid.height);
for (let y = 0; y < grid.height; y++) {
  for (let x = 0; x < grid.width; x++) field[y * grid.width + x] = Math.exp(-((x - source[0]) ** 2 + (y - source[1]) ** 2) / (2 * 5 ** 2));
}
const envState = (x, y, orientation = 0) => ({
  agent_state: new AgentState({ position: [x, y], orientation }),
  plume_field: field,
  grid_size: grid,
  rng: Generator.fromSeed(0),
});
const fmt = (obs) => `[${Array.from(obs.data, (v) => v.toFixed(4)).join(", ")}]`;

// 1. One sample at the agent.
const point = new ConcentrationSensor();
console.log(`${point.observationSpace}: at (10, 8) ${fmt(point.getObservation(envState(10, 8)))}`);

// 2. Two antennae 2 cells out at +/-45 degrees; off-grid sensors read 0.
//    Like the reference, the array's y axis is flipped: +45 degrees at heading 0 is the cell (x + 1, y - 1).
const antennae = new AntennaeArraySensor({ sensorAngles: [45, -45], sensorDistance: 2 });
for (const heading of [0, 90, 180]) {
  const cells = antennae.sensorCells(10, 8, heading).map(([x, y]) => `(${x}, ${y})`).join(" ");
  console.log(`antennae at (10, 8) heading ${heading}: cells ${cells} -> ${fmt(antennae.getObservation(envState(10, 8, heading)))}`);
}
console.log(`antennae at the corner (0, 0) heading 225: ${fmt(antennae.getObservation(envState(0, 0, 225)))}`);

// 3. The last 4 concentrations, oldest first; the environment calls reset() at every episode start.
const history = new ConcentrationHistorySensor({ n: 4 });
history.reset();
for (const x of [12, 13, 14, 15, 16]) console.log(`history after stepping to (${x}, 8): ${fmt(history.getObservation(envState(x, 8)))}`);

// 4. Config names and typed errors for bad options.
console.log(`plugins: ${plugins.map((p) => p.name).join(", ")}`);
for (const attempt of [() => new AntennaeArraySensor({ sensorDistance: -1 }), () => new ConcentrationHistorySensor({ n: 0 })]) {
  try {
    attempt();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.log(`${error.name} parameter=${error.parameter}: ${error.message}`);
  }
}

// The wind vector sensor: the wind at the agent, optionally with Gaussian noise from the env's generator.
// Run: node examples/wind.mjs
import { AgentState, ConfigurationError } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { WindVectorSensor, plugin } from "@plume/sensors-wind";

// A constant wind as the reference builds it: direction d, speed v -> (v cos d, -v sin d), float32.
const constantWind = (directionDeg, speed) => {
  const d = (directionDeg * Math.PI) / 180;
  const vector = Float32Array.of(speed * Math.cos(d), -speed * Math.sin(d));
  return { sample: () => vector.slice() };
};
const agent_state = new AgentState({ position: [5, 5] });
const fmt = (obs) => `[${Array.from(obs.data, (v) => v.toFixed(6)).join(", ")}]`;

const clean = new WindVectorSensor();
console.log(`${clean.observationSpace}`);
console.log(`direction 30, speed 0.8: ${fmt(clean.getObservation({ agent_state, wind_field: constantWind(30, 0.8) }))}`);
console.log(`no wind field (odour-only env): ${fmt(clean.getObservation({ agent_state }))}`);

// Noise comes only from envState.rng, so a seeded environment is reproducible: this replays the first
// observation of the reference episode (direction 90, speed 1, noise_std 0.1, seed 4).
const noisy = new WindVectorSensor({ noiseStd: 0.1 });
const rng = Generator.fromSeed(4);
rng.random(); // the environment's reset draws the start position first
const first = noisy.getObservation({ agent_state, wind_field: constantWind(90, 1), rng });
console.log(`noisy, seed 4: ${fmt(first)} (reference: [-0.017472, -0.833628])`);
if (Math.abs(first.data[0] - -0.01747172884643078) > 1e-6) throw new Error("noise differs from the reference");
console.log(`metadata: ${JSON.stringify(noisy.getMetadata())}`);

// Configs name it "wind_vector"; a negative noise level is a typed configuration error.
console.log(`plugin "${plugin.name}" -> noiseStd ${plugin.create({ noiseStd: 0.05 }).noiseStd}`);
try {
  plugin.create({ noiseStd: -1 }, { path: "sensor.options" });
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.log(`${error.name} parameter=${error.parameter}`);
}

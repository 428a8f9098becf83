// Plume's main demo until the `plume` CLI lands: seeding and spaces that agree with NumPy and Gymnasium.
import { Box, Dict, Discrete, Generator } from "@plume/spaces";

// 1. The environment's generator: plume_nav_sim draws the start position with integers(0, 128) twice.
const rng = Generator.fromSeed(0);
const start = [rng.integers(0, 128), rng.integers(0, 128)];
console.log(`seed 0 -> start position (${start}) [NumPy: (108, 81)]`);
if (start[0] !== 108 || start[1] !== 81) throw new Error("generator disagrees with NumPy");

// 2. Spaces seeded like Gymnasium: an action space and a sensor's observation space.
const actions = new Discrete(4, { seed: 0 });
console.log("Discrete(4) seeded 0, six samples:", Array.from({ length: 6 }, () => actions.sample()), "[Gymnasium: 3,2,2,1,1,0]");

const observations = new Dict({
  odor: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
  wind: new Box({ low: -1, high: 1, shape: [2], dtype: "float32" }),
});
observations.seed(0);
const sample = observations.sample();
console.log(`${observations}\n  sample: odor ${Array.from(sample.odor.data)} wind ${Array.from(sample.wind.data)}`);
console.log("  contains its sample:", observations.contains(sample));

// 3. Bad input fails loudly, naming the parameter.
try {
  new Discrete(-1);
} catch (error) {
  console.log(`new Discrete(-1) -> ${error.name} [${error.code}] parameter=${error.parameter}: ${error.message}`);
}

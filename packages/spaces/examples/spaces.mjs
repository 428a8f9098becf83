// Gymnasium spaces in TypeScript/JavaScript: the same seed gives the same samples as
// Gymnasium 1.x on NumPy, value for value.
import { Box, Dict, Discrete, Sequence, batchSpace, flatdim, flatten, flattenSpace, spaceFromJSON } from "@plume/spaces";

// An observation space: odor concentration and a wind vector (keys are sorted, as in Gymnasium).
const observationSpace = new Dict({
  wind: new Box({ low: -1, high: 1, shape: [2], dtype: "float32" }),
  odor: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
});
observationSpace.seed(0);
const observation = observationSpace.sample();
console.log(String(observationSpace));
console.log("sample for seed 0:", { odor: Array.from(observation.odor.data), wind: Array.from(observation.wind.data) });

// Gymnasium 1.4 gives odor [0.6822636127471924] and wind [0.6542316675186157, -0.4485110938549042].
if (observation.odor.data[0] !== 0.6822636127471924 || observation.wind.data[1] !== -0.4485110938549042) {
  throw new Error("samples differ from Gymnasium's");
}
if (!observationSpace.contains(observation)) throw new Error("a sample must lie in its space");

// Discrete actions with an action mask (an int8 NDArray: 1 = allowed).
const actionSpace = new Discrete(4, { seed: 42 });
const mask = { dtype: "int8", shape: [4], data: new Int8Array([0, 1, 0, 1]) };
const actions = Array.from({ length: 6 }, () => actionSpace.sample(mask));
console.log("masked actions:", actions); // only 1 and 3
if (!actions.every((a) => a === 1 || a === 3)) throw new Error("the mask was not applied");

// Flattening for learning code.
const flat = flatten(observationSpace, observation);
console.log(`flatdim ${flatdim(observationSpace)}, flattened:`, Array.from(flat.data), "in", String(flattenSpace(observationSpace)));

// Batched spaces for vector environments, and JSON round trips.
const batched = batchSpace(actionSpace, 3);
console.log("batchSpace(Discrete(4), 3) =", String(batched), "sample:", Array.from(batched.sample().data, Number));
const restored = spaceFromJSON(JSON.parse(JSON.stringify(observationSpace)));
console.log("JSON round trip equal:", restored.equals(observationSpace));

// Variable-length sequences (length drawn from geometric(0.25), as in Gymnasium).
const trail = new Sequence(new Discrete(3), { stack: true, seed: 1 });
console.log("stacked sequence sample:", Array.from(trail.sample().data, Number));

// The NumPy-compatible generator: the same seed gives the same numbers as
// numpy.random.default_rng(seed) in Python, bit for bit.
import { Generator } from "@plume/spaces";

const rng = Generator.fromSeed(0);
const start = [rng.integers(0, 128), rng.integers(0, 128)];
console.log("start position for seed 0:", start); // [108, 81], as plume_nav_sim draws it
console.log("random():", rng.random());
console.log("standardNormal():", rng.standardNormal());

// Save and restore the exact stream position.
const saved = rng.state;
const next = rng.uniform(0, 360);
rng.state = saved;
if (rng.uniform(0, 360) !== next) throw new Error("state restore failed");
console.log("uniform(0, 360) replayed after restoring the state:", next);

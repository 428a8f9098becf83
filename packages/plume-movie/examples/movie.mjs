// A movie plume: a stack of concentration frames, one per step. Plume's synthetic demo movie
// (demo://WxHxT?seed=S, made in memory) stands in for a recorded zarr store or HDF5 file here.
// Run: node examples/movie.mjs
import { ConfigurationError } from "@plume/core-types";
import { demoZarrStore, memoryFiles, openMoviePlume } from "@plume/plume-movie";

const plume = await openMoviePlume({ path: "demo://64x48x30?seed=1", stepPolicy: "clamp" });
console.log(`${plume}`);
console.log(`attrs ${JSON.stringify(plume.attrs)}, implicit goal ${plume.implicitGoal}`);

// The env calls onReset/reset, then advanceToStep(n) after step n: frame min(n, T - 1) with "clamp".
plume.reset();
const [x, y] = plume.implicitGoal;
for (const step of [0, 1, 2, 29, 30, 100]) {
  plume.advanceToStep(step);
  console.log(`step ${step}: frame ${plume.frameIndex}, concentration at the source ${plume.sample(x, y).toFixed(4)}`);
}

// Any store layout zarrita reads works from any bytes: here the demo store's files, held in memory.
const files = demoZarrStore({ width: 32, height: 24, frames: 10, seed: 2 });
console.log(`a zarr v2 store: ${[...files.keys()].join(", ")}`);
const fromMemory = await openMoviePlume({ path: "mem://tiny.zarr" }, { files: memoryFiles("mem://tiny.zarr", files) });
console.log(`${fromMemory}`);

// A movie that cannot be read is one ConfigurationError naming the option, the file and the problem.
try {
  await openMoviePlume({ path: "no/such/movie.zarr" });
  throw new Error("expected a ConfigurationError");
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.log(`${error.name} (${error.parameter}): ${error.message.split(";")[0]}`);
}

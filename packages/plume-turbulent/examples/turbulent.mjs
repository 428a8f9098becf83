// A turbulent puff plume (Farrell et al. 2002, as pompy models it) on a 61 x 31 grid of 1 m cells.
// Run: node examples/turbulent.mjs
import { TurbulentPlume, TurbulentWind } from "@plume/plume-turbulent";

const options = { windRegion: [0, 60, -15, 15], windNodes: [13, 7], source: [5, 0], warmupSeconds: 60, stepsPerEnvStep: 50 };
const plume = new TurbulentPlume(options); // cell (i, j) is the point (i, j - 15) m; an env step is 0.5 s
const wind = new TurbulentWind(options); // the same options: exactly the wind that carries the puffs

plume.reset(42); // seeds the simulation and warms it up (60 s in 0.1 s steps)
wind.reset(42);
for (let step = 1; step <= 10; step++) {
  plume.advanceToStep(step);
  wind.advanceToStep(step);
  const onAxis = [10, 20, 40].map((x) => plume.sample(x, 15).toFixed(3)); // normalised, in [0, 1]
  const [u, v] = wind.sample({ x: 30, y: 15 });
  console.log(`t=${(step * 0.5).toFixed(1)} s  puffs ${plume.simulation.n}  c(10|20|40 m) ${onAxis.join(" ")}  wind ${u.toFixed(2)}, ${v.toFixed(2)} m/s`);
}

// Full frames only when needed: the grid (what sample reads) and pompy's pixel array at 4 pixels per cell.
const cells = plume.fieldArray.filter((c) => c > 0).length;
const frame = plume.frame();
console.log(`cells with odour: ${cells} of ${plume.fieldArray.length}; frame ${frame.length} pixels, max ${Math.max(...frame).toFixed(1)} Q/m³`);

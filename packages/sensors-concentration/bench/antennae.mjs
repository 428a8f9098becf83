/**
 * `pnpm bench` for @plume/sensors-concentration: the antenna sensor's batch path with glibc-exact
 * trigonometry (issue 27) against a baseline in the same process — the same loop with V8's
 * Math.sin/Math.cos, as the sensor computed it before. Slices of both alternate, and the ratio is the
 * median of the per-round ratios, so a shared machine's load hits both alike.
 *
 * Scenarios: headings from the oriented action models (multiples of 90°, or 45°), headings that change
 * every step among a few hundred values, and the worst case, a new heading every step (run-and-tumble
 * with continuous tumble angles). Environment: BENCH_ROUNDS (default 30), BENCH_SLICE_MS (default 40).
 * Writes bench-results.json.
 */
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { GridSize, roundHalfEven } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { AntennaeArraySensor } from "../dist/index.js";

const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
const sliceMs = Number(process.env.BENCH_SLICE_MS ?? 40);
const N = 1024;
const grid = new GridSize(128, 128);
const field = Float32Array.from({ length: grid.width * grid.height }, (_, i) => (i % 97) / 97);
const context = { gridWidth: grid.width, gridHeight: grid.height, fieldArray: field, goalX: 64, goalY: 64, sourceX: 64, sourceY: 64 };

/** The sensor's batch loop as it was before issue 27 (V8 trigonometry, per sensor per agent). */
function baselineFill(angles, d, out, agents, indices, count) {
  const DEG = Math.PI / 180;
  const n = angles.length;
  for (let k = 0; k < count; k++) {
    const i = indices[k];
    const x = agents.x[i];
    const y = agents.y[i];
    const heading = agents.orientation[i];
    for (let s = 0; s < n; s++) {
      const rad = (heading + angles[s]) * DEG;
      const sx = roundHalfEven(x + d * Math.cos(rad));
      const sy = roundHalfEven(y + -d * Math.sin(rad));
      let value = 0;
      if (sx >= 0 && sx < 128 && sy >= 0 && sy < 128) {
        const c = field[sy * 128 + sx];
        value = c > 1 ? 1 : c >= 0 ? c : 0;
      }
      out[i * n + s] = value;
    }
  }
}

function agentsWith(headingOf) {
  const rng = Generator.fromSeed(7);
  const agents = {
    size: N,
    x: Int32Array.from({ length: N }, () => rng.integers(0, 128)),
    y: Int32Array.from({ length: N }, () => rng.integers(0, 128)),
    orientation: new Float64Array(N),
    stepCount: new Float64Array(N),
  };
  return { agents, step: (t) => { for (let i = 0; i < N; i++) agents.orientation[i] = headingOf(i, t); } };
}

const tumble = Generator.fromSeed(11);
const continuous = Float64Array.from({ length: 1 << 16 }, () => tumble.random() * 360);
const scenarios = [
  { name: "oriented, multiples of 90°", heading: (i, t) => ((i + t) % 4) * 90 },
  { name: "oriented, multiples of 45°", heading: (i, t) => ((i * 3 + t) % 8) * 45 },
  { name: "300 distinct headings, change every step", heading: (i, t) => ((i * 7 + t * 13) % 300) * 1.2 },
  { name: "worst case: a new continuous heading every step", heading: (i, t) => continuous[(i * 31 + t * N) & 0xffff] },
];
const layouts = [
  { name: "2 sensors", options: { nSensors: 2, sensorDistance: 2 } },
  { name: "4 sensors", options: { sensorAngles: [0, 90, 180, 270], sensorDistance: 3 } },
];

const indices = Int32Array.from({ length: N }, (_, i) => i);
const results = [];
for (const layout of layouts) {
  for (const scenario of scenarios) {
    const sensor = new AntennaeArraySensor(layout.options);
    const angles = Float64Array.from(sensor.sensorAngles);
    const out = new Float32Array(N * angles.length);
    const { agents, step } = agentsWith(scenario.heading);
    const run = (fill) => {
      let calls = 0;
      let t = 0;
      const end = performance.now() + sliceMs;
      while (performance.now() < end) {
        step(t++);
        fill();
        calls++;
      }
      return calls;
    };
    const fresh = () => sensor.fillObservationBatch(out, agents, context, indices, N);
    const old = () => baselineFill(angles, sensor.sensorDistance, out, agents, indices, N);
    run(fresh);
    run(old); // warm up both
    const ratios = [];
    let freshCalls = 0;
    for (let r = 0; r < rounds; r++) {
      const a = r % 2 === 0 ? run(fresh) : 0;
      const b = run(old);
      const c = r % 2 === 1 ? run(fresh) : a;
      freshCalls += c;
      ratios.push(b / c); // time per call, new / old
    }
    ratios.sort((p, q) => p - q);
    const ratio = ratios[Math.floor(ratios.length / 2)];
    results.push({ layout: layout.name, scenario: scenario.name, newOverOld: ratio, newAgentStepsPerSecond: (freshCalls * N) / (rounds * sliceMs / 1000) });
    console.log(`${layout.name.padEnd(10)} ${scenario.name.padEnd(48)} time new/old ${ratio.toFixed(2)}`);
  }
}
writeFileSync(new URL("../bench-results.json", import.meta.url), `${JSON.stringify({ rounds, sliceMs, agents: N, results }, null, 2)}\n`);

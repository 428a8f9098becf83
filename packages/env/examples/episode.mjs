// A plume search episode three ways: from the registry, from a YAML config file, and with a custom
// plugin named in a config. Run: node examples/episode.mjs (the YAML part needs @plume/actions-oriented,
// which @plume/env imports when a config names "oriented": npm install @plume/env @plume/actions-oriented)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigurationError, definePlugin } from "@plume/core-types";
import { PlumeEnv, make } from "@plume/env";
// Config files are read in Node only: @plume/env/node (everything of @plume/env, plus files and worker threads).
import { createEnvironmentFromConfig } from "@plume/env/node";
import { z } from "zod";

// 1. The five-line episode loop, on the registered reference environment (128x128, sigma 12).
const env = make("PlumeNav-v0");
let [obs, info] = env.reset({ seed: 42 }), done = false, steps = 0;
while (!done) { const [, , terminated, truncated] = env.step(env.actionSpace.sample()); done = terminated || truncated; steps++; }
env.close();
console.log(`PlumeNav-v0: start ${JSON.stringify(info.agent_position)}, first reading ${obs.data[0].toExponential(3)}, episode over after ${steps} steps`);
// Seed 42 starts at (11, 99), as the Python reference does (numpy.random.default_rng(42).integers).
if (info.agent_position[0] !== 11 || info.agent_position[1] !== 99) throw new Error("seed 42 must start at (11, 99)");

// 2. A YAML config file: antennae on an oriented agent in a windy 64x64 arena (selector defaults: sigma 20, goal radius 5).
const dir = mkdtempSync(join(tmpdir(), "plume-env-example-"));
try {
  const file = join(dir, "windy.yaml");
  writeFileSync(
    file,
    [
      "gridSize: [64, 64]",
      "maxSteps: 300",
      "sensor: { type: antennae, options: { nSensors: 2, sensorDistance: 2 } }",
      "action: { type: oriented, options: { stepSize: 1 } }",
      "wind: { type: constant, options: { directionDeg: 30, speed: 0.8 } }",
      "",
    ].join("\n"),
  );
  const windy = await createEnvironmentFromConfig(file);
  const [reading, start] = windy.reset({ seed: 11 });
  console.log(
    `windy.yaml: ${windy} observes ${windy.observationSpace}, acts in ${windy.actionSpace};`,
    `start ${JSON.stringify(start.agent_position)}, antennae ${Array.from(reading.data, (v) => v.toExponential(3)).join(" / ")}`,
  );
  windy.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// 3. A custom reward plugin, named in a config (a package would export it as `plugin`).
const plugin = definePlugin({
  kind: "reward",
  name: "closer-is-better",
  options: z.strictObject({ scale: z.number().positive().default(1) }),
  create: ({ scale }) => ({
    computeReward: (prev, _action, next) => scale * (Math.hypot(prev.position.x - 8, prev.position.y - 8) - Math.hypot(next.position.x - 8, next.position.y - 8)),
    getMetadata: () => ({ type: "closer_is_better", parameters: { scale } }),
  }),
});
const shaped = await createEnvironmentFromConfig(
  { gridSize: [16, 16], goalLocation: [8, 8], startLocation: [2, 8], reward: { type: "closer-is-better", options: { scale: 2 } }, renderMode: "rgb_array" },
  { plugins: [plugin] },
);
shaped.reset({ seed: 7 });
const [, reward] = shaped.step(1); // RIGHT: one cell closer to (8, 8)
if (reward !== 2) throw new Error("the custom reward should be 2 * (6 - 5)");
const frame = shaped.render();
console.log(`closer-is-better: reward ${reward.toFixed(3)} for one step; rgb_array frame ${frame.shape.join("x")} ${frame.dtype}`);

// Bad input fails with a typed error that names the field.
try {
  await createEnvironmentFromConfig({ gridSize: [16, 16], sensor: { type: "antennae", options: { nSensors: "two" } } });
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.log(`bad config -> ${error.name} at ${error.parameter}: ${error.expected}`);
}
const direct = new PlumeEnv({ gridSize: [8, 8] });
direct.reset({ seed: 1 });
try {
  direct.step(4);
} catch (error) {
  console.log(`bad action -> ${error.name} (${error.parameter}): ${error.message}`);
}

#!/usr/bin/env node
// CI check: the default environment runs an episode from a browser bundle of @plume/env. The program below is
// bundled with esbuild for the browser platform, then run in Node's plain ESM loader with every Node built-in
// refused (a resolve hook) and Node's globals (process, Buffer, ...) removed, as in a page. It also checks
// what a browser user sees for a config naming a plugin package: a ConfigurationError that says to pass the
// plugins, and an episode once they are passed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { browserBundle, kb } from "./lib/bundle.mjs";
import { root } from "./lib/packages.mjs";

const PROGRAM = `
import { PlumeEnv, createEnvironmentFromConfig, registerPlugins, createEnvironmentFromConfigSync } from "@plume/env";
import { plugins as windPlugins } from "@plume/sensors-wind";

function episode(env, seed) {
  let [, info] = env.reset({ seed });
  const start = info.agent_position;
  env.actionSpace.seed(seed);
  let steps = 0, done = false, total = 0;
  while (!done) {
    const [, reward, terminated, truncated] = env.step(env.actionSpace.sample());
    total += reward; steps += 1; done = terminated || truncated;
  }
  return { start, steps, total };
}

// 1. The default environment (the reference's PlumeEnv), one whole episode.
const env = new PlumeEnv();
const first = episode(env, 42);
if (first.start[0] !== 11 || first.start[1] !== 99) throw new Error("seed 42 must start at (11, 99), as in the reference");
if (first.steps < 1 || first.steps > 1000) throw new Error("an episode ends within 1000 steps");
console.log("default PlumeEnv: seed 42 starts at " + JSON.stringify(first.start) + ", episode of " + first.steps + " steps");

// 2. A config naming a plugin whose package the bundle cannot import by name: a clear ConfigurationError.
try {
  await createEnvironmentFromConfig({ sensor: "wind_vector" });
  throw new Error("expected a ConfigurationError");
} catch (error) {
  const ok = error.name === "ConfigurationError" && error.parameter === "sensor.type" &&
    error.message.includes("install @plume/sensors-wind") && error.message.includes("{ plugins }") && error.message.includes("registerPlugins");
  if (!ok) throw error;
  console.log("wind_vector without its plugins: " + error.message.split(": install")[0]);
}

// 3. Plugins passed in: an episode with the wind sensor, the async and the sync builder.
const windy = await createEnvironmentFromConfig({ gridSize: [32, 32], sensor: "wind_vector" }, { plugins: windPlugins });
const second = episode(windy, 3);
const unregister = registerPlugins(windPlugins);
const again = createEnvironmentFromConfigSync({ gridSize: [32, 32], sensor: "wind_vector" });
unregister();
const [obs] = again.reset({ seed: 3 });
if (obs.data.length !== 2) throw new Error("the wind sensor observes 2 numbers");
console.log("wind_vector with its plugins passed: episode of " + second.steps + " steps");
console.log("browser episode: ok");
`;

// Refuses every Node built-in the bundle might try to import.
const HOOK = `
import { isBuiltin } from "node:module";
export async function resolve(specifier, context, next) {
  if (isBuiltin(specifier) && context.parentURL?.endsWith("/bundle.mjs")) throw new Error("the browser bundle imports the Node built-in " + specifier);
  return next(specifier, context);
}
`;
const REGISTER = `import { register } from "node:module"; register("./hook.mjs", import.meta.url);`;
// Removes Node's globals before the bundle runs, as in a browser page.
const RUN = `
for (const name of ["process", "Buffer", "global", "setImmediate", "clearImmediate"]) {
  Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true });
}
await import("./bundle.mjs");
`;

const bundle = await browserBundle({ contents: PROGRAM, resolveDir: join(root, "packages", "env") });
if (bundle.errors.length > 0 || bundle.builtins.length > 0) {
  console.log(`FAIL the program does not bundle for the browser:\n  ${[...bundle.errors, ...bundle.builtins.map((b) => `imports ${b.specifier} (from ${b.importer})`)].join("\n  ")}`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), "plume-browser-"));
try {
  writeFileSync(join(dir, "bundle.mjs"), bundle.code);
  writeFileSync(join(dir, "hook.mjs"), HOOK);
  writeFileSync(join(dir, "register.mjs"), REGISTER);
  writeFileSync(join(dir, "run.mjs"), RUN);
  const result = spawnSync(process.execPath, ["--import", "./register.mjs", "run.mjs"], { cwd: dir, encoding: "utf8" });
  process.stdout.write(result.stdout);
  if (result.status !== 0) {
    // The minified bundle's source line can be huge: show the end of the report, where the error is.
    console.log(`FAIL the bundle (${kb(bundle.bytes)}) did not run without Node built-ins:\n${result.stderr.slice(-3000)}`);
    process.exit(1);
  }
  console.log(`ok   default env episode from a ${kb(bundle.bytes)} browser bundle (${kb(bundle.gzipBytes)} gzipped), no Node built-ins`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

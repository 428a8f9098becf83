import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConfigurationError, definePlugin, type EnvState, type NDArray } from "@plume/core-types";
import { AntennaeArraySensor, ConcentrationSensor } from "@plume/sensors-concentration";
import { WindVectorSensor } from "@plume/sensors-wind";
import { MultiModalSensor } from "@plume/sensors-compose";
import { OrientedRunTumbleActions } from "@plume/actions-oriented";
import { Box } from "@plume/spaces";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ConstantWindField,
  GaussianPlume,
  SELECTOR_DEFAULTS,
  SparseGoalReward,
  StepPenaltyReward,
  builtinComponentTypes,
  configComponentTypes,
  createEnvironmentFromConfigSync,
  parseEnvironmentConfig,
} from "../src/index.js";
import { createEnvironmentFromConfig, loadEnvironmentConfig } from "../src/node.js";
import { ALL_PLUGINS, expectError, expectRejection } from "./helpers.js";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, "..");

/** A scratch project with a third-party plugin package installed in node_modules, as a user would have it. */
let project: string;

const FOO_PLUGIN = `
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { z } from "zod";

/** Reads the concentration at the agent, times a gain, clipped to [0, 1]. */
class FooSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  constructor(gain) { this.gain = gain; }
  get observationSpace() { return this.#space; }
  getObservation(state) {
    const { x, y } = state.agent_state.position;
    const v = Math.min(1, state.plume_field[y * state.grid_size.width + x] * this.gain);
    return ndarray("float32", [1], Float32Array.of(v));
  }
  getMetadata() { return { type: "foo_sensor", parameters: { gain: this.gain } }; }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@acme/plume-sensor-foo",
  options: z.strictObject({ gain: z.number().positive().default(1) }),
  create: ({ gain }) => new FooSensor(gain),
});
`;

beforeAll(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), "plume-env-config-")));
  const modules = join(project, "node_modules");
  const foo = join(modules, "@acme", "plume-sensor-foo");
  mkdirSync(foo, { recursive: true });
  // ESM-only conditional exports (no "require"): resolved from the project as Node's import would.
  writeFileSync(
    join(foo, "package.json"),
    JSON.stringify({ name: "@acme/plume-sensor-foo", version: "1.0.0", type: "module", exports: { ".": { types: "./index.d.ts", import: "./index.js" } } }),
  );
  writeFileSync(join(foo, "index.js"), FOO_PLUGIN);
  const empty = join(modules, "@acme", "not-a-plugin");
  mkdirSync(empty, { recursive: true });
  writeFileSync(join(empty, "package.json"), JSON.stringify({ name: "@acme/not-a-plugin", type: "module", exports: "./index.js" }));
  writeFileSync(join(empty, "index.js"), "export const something = 1;\n");
  // The plugin imports Plume and zod like any installed plugin would.
  mkdirSync(join(modules, "@plume"), { recursive: true });
  for (const dep of ["@plume/core-types", "@plume/spaces", "zod"]) {
    symlinkSync(realpathSync(join(packageDir, "node_modules", dep)), join(modules, dep), "dir");
  }
  writeFileSync(
    join(project, "local-sensor.mjs"),
    FOO_PLUGIN.replace('name: "@acme/plume-sensor-foo"', 'name: "local-foo"'),
  );
  writeFileSync(join(project, "wrong-kind.mjs"), FOO_PLUGIN.replace('kind: "sensor"', 'kind: "reward"'));
  writeFileSync(join(project, "throws.mjs"), 'throw new Error("broken module");\n');
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

describe("selector defaults", () => {
  it("an empty config is the reference selector's default environment", () => {
    const env = createEnvironmentFromConfigSync({});
    expect(env.gridSize.toTuple()).toEqual([128, 128]);
    expect(env.goalLocation.toTuple()).toEqual([64, 64]);
    expect(env.goalRadius).toBe(5);
    expect(env.maxSteps).toBe(1000);
    expect(env.plume).toBeInstanceOf(GaussianPlume);
    expect((env.plume as GaussianPlume).sigma).toBe(20);
    expect((env.plume as GaussianPlume).sourceLocation.toTuple()).toEqual([64, 64]);
    expect(env.sensor).toBeInstanceOf(ConcentrationSensor);
    expect(String(env.actionSpace)).toBe("Discrete(4)");
    const reward = env.rewardFunction as SparseGoalReward;
    expect(reward).toBeInstanceOf(SparseGoalReward);
    expect(reward.goalPosition.toTuple()).toEqual([64, 64]);
    expect(reward.goalRadius).toBe(5);
    expect(env.wind).toBeUndefined();
  });

  it("the implicit goal (64, 64) is clamped into smaller grids; an explicit one must be inside", () => {
    expect(createEnvironmentFromConfigSync({ gridSize: [32, 100] }).goalLocation.toTuple()).toEqual([31, 64]);
    expect(createEnvironmentFromConfigSync({ gridSize: [40, 40], goalLocation: [3, 5] }).goalLocation.toTuple()).toEqual([3, 5]);
    const error = expectError(() => createEnvironmentFromConfigSync({ gridSize: [64, 64], goalLocation: [64, 0] }), ConfigurationError, "goalLocation");
    expect(error.message).toContain("outside the 64x64 grid");
  });

  it("antennae = 2 sensors at distance 2 unless the config says otherwise", () => {
    const env = createEnvironmentFromConfigSync({ gridSize: [16, 16], sensor: "antennae" });
    const sensor = env.sensor as AntennaeArraySensor;
    expect(sensor).toBeInstanceOf(AntennaeArraySensor);
    expect([sensor.nSensors, sensor.sensorDistance]).toEqual([2, 2]);
    const custom = createEnvironmentFromConfigSync({
      gridSize: [16, 16],
      sensor: { type: "antennae", options: { sensorAngles: [0, 90, 180, 270], sensorDistance: 3 } },
    }).sensor as AntennaeArraySensor;
    expect([custom.nSensors, custom.sensorDistance]).toEqual([4, 3]);
  });

  it("step_penalty, run_tumble and goal radius 0 (float32 eps)", () => {
    const env = createEnvironmentFromConfigSync(
      {
        gridSize: [20, 20],
        goalRadius: 0,
        reward: { type: "step_penalty", options: { stepPenalty: 0.5 } },
        action: { type: "run_tumble", options: { stepSize: 2 } },
      },
      { plugins: ALL_PLUGINS },
    );
    expect(env.goalRadius).toBe(2 ** -23);
    const reward = env.rewardFunction as StepPenaltyReward;
    expect([reward.goalReward, reward.stepPenalty, reward.goalRadius]).toEqual([1, 0.5, 2 ** -23]);
    expect(env.actionProcessor).toBeInstanceOf(OrientedRunTumbleActions);
  });

  it("lists the built-in names", () => {
    const names = builtinComponentTypes();
    expect(names.sensor).toEqual(expect.arrayContaining(["concentration", "antennae", "wind_vector", "multi_modal"]));
    expect(names.action).toEqual(expect.arrayContaining(["discrete", "oriented", "run_tumble"]));
    expect(names.reward).toEqual(["sparse", "step_penalty"]);
    expect(names.plume).toEqual(["gaussian", "movie", "turbulent"]);
    expect(names.policy).toEqual(["greedy", "random", "surge-cast", "temporal-gradient"]);
    expect(names.wind).toEqual(["constant", "turbulent"]);
  });

  it("configComponentTypes lists every type a raw config names, nested ones included, importing nothing", () => {
    const raw = {
      sensor: { type: "multi_modal", options: { sensors: { odour: "antennae", wind: { type: "./local-wind.mjs" } } } },
      action: { type: "surge_cast", options: { base: "@acme/actions" } },
      reward: "step_penalty",
    };
    expect(configComponentTypes(raw)).toEqual([
      { path: "reward", kind: "reward", type: "step_penalty" },
      { path: "action", kind: "action", type: "surge_cast" },
      { path: "action.options.base", kind: "action", type: "@acme/actions" },
      { path: "sensor", kind: "sensor", type: "multi_modal" },
      { path: "sensor.options.sensors.odour", kind: "sensor", type: "antennae" },
      { path: "sensor.options.sensors.wind", kind: "sensor", type: "./local-wind.mjs" },
    ]);
    expect(configComponentTypes(null)).toEqual([]);
    // A self-referencing spec (a YAML alias inside its own anchor) stops at MAX_CONFIG_DEPTH instead of overflowing.
    const looped: { type: string; options: { sensor?: unknown } } = { type: "concentration_history", options: {} };
    looped.options.sensor = looped;
    expect(configComponentTypes({ sensor: looped }).length).toBeLessThanOrEqual(101);
  });
});

describe("wind", () => {
  it("a configured wind reaches the sensor as envState.wind_field", () => {
    const env = createEnvironmentFromConfigSync(
      { gridSize: [32, 32], wind: { type: "constant", options: { directionDeg: 30, speed: 0.8 } }, sensor: "wind_vector" },
      { plugins: ALL_PLUGINS },
    );
    expect(env.wind).toBeInstanceOf(ConstantWindField);
    const [obs] = env.reset({ seed: 2 });
    expect(Array.from((obs as NDArray).data as Float32Array)).toEqual([0.6928203105926514, -0.4000000059604645]);
  });

  it("a wind_vector sensor without wind gets the selector's constant wind (0 degrees, speed 1)", async () => {
    const env = await createEnvironmentFromConfig({ gridSize: [8, 8], sensor: { type: "wind_vector" } });
    expect(env.sensor).toBeInstanceOf(WindVectorSensor);
    expect(Array.from((env.wind as ConstantWindField).sample())).toEqual([1, -0]);
  });

  it("nested components: multi_modal sensors given as { type, options }", () => {
    const env = createEnvironmentFromConfigSync(
      {
        gridSize: [8, 8],
        sensor: { type: "multi_modal", options: { sensors: { odor: "concentration", wind: { type: "wind_vector", options: { noiseStd: 0 } } } } },
      },
      { plugins: ALL_PLUGINS },
    );
    expect(env.sensor).toBeInstanceOf(MultiModalSensor);
    expect(env.wind).toBeInstanceOf(ConstantWindField);
    const [obs] = env.reset({ seed: 1 });
    expect(Object.keys(obs as object).sort()).toEqual(["odor", "wind"]);
    expect(env.observationSpace.contains(obs)).toBe(true);
    const error = expectError(
      () => createEnvironmentFromConfigSync({ sensor: { type: "multi_modal", options: { sensors: { odor: "nose" } } } }, { plugins: ALL_PLUGINS }),
      ConfigurationError,
      "sensor.options.sensors.odor.type",
    );
    expect(error.expected).toContain("concentration");
  });
});

describe("config errors name the bad field", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["unknown sensor type", { sensor: { type: "nose" } }, "sensor.type"],
    ["unknown action type", { action: "teleport" }, "action.type"],
    ["wrong option type", { action: { type: "discrete", options: { stepSize: "2" } } }, "action.options.stepSize"],
    ["unknown option", { sensor: { type: "antennae", options: { sensors: 2 } } }, "sensor.options.sensors"],
    ["sigma not positive", { plume: { type: "gaussian", options: { sigma: 0 } } }, "plume.options.sigma"],
    ["plume source outside the grid", { gridSize: [10, 10], plume: { type: "gaussian", options: { sourceLocation: [10, 2] } } }, "plume.options.sourceLocation"],
    ["plume grid differs", { gridSize: [10, 10], plume: { type: "gaussian", options: { gridSize: [12, 10] } } }, "plume.options.gridSize"],
    ["zero-size grid", { gridSize: [0, 10] }, "gridSize.width"],
    ["grid not a pair", { gridSize: [10] }, "gridSize"],
    ["start outside", { gridSize: [10, 10], startLocation: [-1, 0] }, "startLocation"],
    ["negative goal radius", { goalRadius: -1 }, "goalRadius"],
    ["max steps 0", { maxSteps: 0 }, "maxSteps"],
    ["bad render mode", { renderMode: "window" }, "renderMode"],
    ["unknown top-level key", { grid_size: [8, 8] }, "grid_size"],
    ["component not an object", { sensor: 3 }, "sensor"],
    ["type with spaces", { sensor: { type: "my sensor" } }, "sensor.type"],
    ["options not an object", { sensor: { type: "concentration", options: [] } }, "sensor.options"],
    ["wind options", { wind: { type: "constant", options: { speed: "fast" } } }, "wind.options.speed"],
    ["a sensor name in the reward section", { reward: "concentration" }, "reward.type"],
  ];
  for (const [name, config, parameter] of cases) {
    it(`${name} -> ${parameter}`, () => {
      const error = expectError(() => createEnvironmentFromConfigSync(config as never, { plugins: ALL_PLUGINS }), ConfigurationError, parameter);
      expect(error.code).toBe("PLUME_CONFIGURATION");
      expect(error.message).toContain(parameter);
      expect(error.expected, "names the allowed values").toBeTruthy();
    });
  }

  it("an unknown type lists the built-in names of its kind", () => {
    const error = expectError(() => createEnvironmentFromConfigSync({ sensor: "nose" }), ConfigurationError, "sensor.type");
    expect(error.expected).toContain("antennae");
    expect(error.expected).toContain("concentration");
  });

  it("an unknown key says what it may have meant: top-level keys, spec keys and component options", () => {
    const top = expectError(() => createEnvironmentFromConfigSync({ grid_size: [8, 8] } as never), ConfigurationError, "grid_size");
    expect(top.message).toContain('did you mean "gridSize"?');
    expect(top.expected).toContain("known keys: $schema, name, gridSize");
    const spec = expectError(() => createEnvironmentFromConfigSync({ sensor: { type: "antennae", option: {} } } as never), ConfigurationError, "sensor.option");
    expect(spec.message).toContain('did you mean "options"?');
    const option = expectError(() => createEnvironmentFromConfigSync({ sensor: { type: "antennae", options: { nSensor: 2 } } }), ConfigurationError, "sensor.options.nSensor");
    expect(option.message).toContain('did you mean "nSensors"?');
  });

  it("parseEnvironmentConfig validates without building", () => {
    expect(parseEnvironmentConfig({ gridSize: { width: 4, height: 3 } }).gridSize).toEqual({ width: 4, height: 3 });
    expectError(() => parseEnvironmentConfig({ gridSize: [4, "3"] }), ConfigurationError, "gridSize.height");
  });
});

describe("plugins named by package or path (dynamic import)", () => {
  it("a third-party plugin package installed in the project", async () => {
    const env = await createEnvironmentFromConfig(
      { gridSize: [16, 16], sensor: { type: "@acme/plume-sensor-foo", options: { gain: 2 } } },
      { projectDir: project },
    );
    expect(env.sensor.getMetadata()).toEqual({ type: "foo_sensor", parameters: { gain: 2 } });
    const [obs] = env.reset({ seed: 0 });
    expect(env.observationSpace.contains(obs)).toBe(true);
  });

  it("its options are validated with its own schema, errors at the config path", async () => {
    await expectRejection(
      createEnvironmentFromConfig({ sensor: { type: "@acme/plume-sensor-foo", options: { gain: -1 } } }, { projectDir: project }),
      ConfigurationError,
      "sensor.options.gain",
    );
  });

  it("a package that does not exist, one without a plugin export, a wrong kind, a module that throws", async () => {
    const missing = await expectRejection(
      createEnvironmentFromConfig({ sensor: { type: "@acme/does-not-exist" } }, { projectDir: project }),
      ConfigurationError,
      "sensor.type",
    );
    expect(missing.message).toContain("@acme/does-not-exist");
    expect(missing.message).toMatch(/could be found|not a built-in/);
    const noPlugin = await expectRejection(
      createEnvironmentFromConfig({ sensor: "@acme/not-a-plugin" }, { projectDir: project }),
      ConfigurationError,
      "sensor.type",
    );
    expect(noPlugin.message).toContain("does not export a plugin");
    expect(noPlugin.expected).toContain("definePlugin");
    const wrongKind = await expectRejection(
      createEnvironmentFromConfig({ sensor: "./wrong-kind.mjs" }, { baseDir: project, allowModulePaths: true }),
      ConfigurationError,
      "sensor.type",
    );
    expect(wrongKind.message).toContain("is a reward plugin, not a sensor plugin");
    const throws = await expectRejection(
      createEnvironmentFromConfig({ sensor: "./throws.mjs" }, { baseDir: project, allowModulePaths: true }),
      ConfigurationError,
      "sensor.type",
    );
    expect(throws.message).toContain("broken module");
    const nope = await expectRejection(createEnvironmentFromConfig({ sensor: "./nope.mjs" }, { baseDir: project, allowModulePaths: true }), ConfigurationError, "sensor.type");
    expect(nope.message).toContain("could not be found");
  });

  it("the sync form refuses to import and says so", () => {
    const error = expectError(() => createEnvironmentFromConfigSync({ sensor: "@acme/plume-sensor-foo" }), ConfigurationError, "sensor.type");
    expect(error.message).toContain("createEnvironmentFromConfig");
  });

  it("extra plugins passed in options, and a custom importer", async () => {
    const plugin = definePlugin({
      kind: "reward",
      name: "always-one",
      options: z.strictObject({}),
      create: () => ({ computeReward: () => 1, getMetadata: () => ({ type: "always_one" }) }),
    });
    const env = createEnvironmentFromConfigSync({ gridSize: [4, 4], reward: "always-one" }, { plugins: [plugin] });
    env.reset({ seed: 0 });
    expect(env.step(0)[1]).toBe(1);
    const imported: string[] = [];
    const env2 = await createEnvironmentFromConfig(
      { gridSize: [4, 4], reward: "@virtual/always-one" },
      { importModule: async (s) => (imported.push(s), { plugin }) },
    );
    expect(imported).toEqual(["@virtual/always-one"]);
    env2.reset();
    expect(env2.step(0)[1]).toBe(1);
  });
});

describe("config files", () => {
  it("JSON and YAML files, with module paths resolved from the file's folder", async () => {
    const json = join(project, "env.json");
    writeFileSync(
      json,
      JSON.stringify({ gridSize: [48, 40], goalLocation: [30, 10], maxSteps: 200, action: { type: "discrete", options: { stepSize: 2 } }, reward: "step_penalty" }),
    );
    const fromJson = await createEnvironmentFromConfig(json);
    expect(fromJson.gridSize.toTuple()).toEqual([48, 40]);
    expect(fromJson.rewardFunction).toBeInstanceOf(StepPenaltyReward);

    const yaml = join(project, "configs", "windy.yaml");
    mkdirSync(dirname(yaml), { recursive: true });
    writeFileSync(
      yaml,
      [
        "# a windy arena with a local plugin and a third-party one",
        "gridSize: [32, 32]",
        "goalRadius: 5",
        "wind:",
        "  type: constant",
        "  options: { directionDeg: 90, speed: 1 }",
        "sensor:",
        "  type: multi_modal",
        "  options:",
        "    sensors:",
        "      local: ../local-sensor.mjs",
        "      foo: { type: '@acme/plume-sensor-foo', options: { gain: 3 } }",
        "      wind: wind_vector",
        "",
      ].join("\n"),
    );
    const refused = await expectRejection(createEnvironmentFromConfig(pathToFileURL(yaml), { projectDir: project }), ConfigurationError, "sensor.options.sensors.local.type");
    expect(refused.message).toContain("allowModulePaths");
    const fromYaml = await createEnvironmentFromConfig(pathToFileURL(yaml), { projectDir: project, allowModulePaths: true });
    expect(Object.keys((fromYaml.observationSpace as unknown as { spaces: object }).spaces)).toEqual(["foo", "local", "wind"]);
    const [obs] = fromYaml.reset({ seed: 4 });
    expect(fromYaml.observationSpace.contains(obs)).toBe(true);
    expect(Array.from((obs as Record<string, NDArray>)["wind"]!.data as Float32Array)).toEqual([Math.fround(Math.cos(Math.PI / 2)), -1]);
    expect((await loadEnvironmentConfig(yaml)).gridSize).toEqual({ width: 32, height: 32 });
  });

  it("unreadable files and syntax errors are ConfigurationErrors with the line", async () => {
    await expectRejection(createEnvironmentFromConfig(join(project, "missing.yaml")), ConfigurationError, "file");
    const badJson = join(project, "bad.json");
    writeFileSync(badJson, '{ "gridSize": [8, 8], }');
    expect((await expectRejection(createEnvironmentFromConfig(badJson), ConfigurationError, "file")).message).toContain("invalid JSON");
    const badYaml = join(project, "bad.yml");
    writeFileSync(badYaml, "gridSize: [8, 8]\nsensor: {type: antennae\n");
    expect((await expectRejection(createEnvironmentFromConfig(badYaml), ConfigurationError, "file")).message).toMatch(/invalid YAML .* line \d+/);
    const badField = join(project, "bad-field.yaml");
    writeFileSync(badField, "gridSize: [8, 8]\nsensor:\n  type: antennae\n  options: { nSensors: zero }\n");
    await expectRejection(createEnvironmentFromConfig(badField), ConfigurationError, "sensor.options.nSensors");
  });
});

describe("configured environments behave like constructed ones", () => {
  it("the env state handed to a configured sensor has the wind and the env generator", async () => {
    const states: EnvState[] = [];
    const plugin = definePlugin({
      kind: "sensor",
      name: "spy",
      options: z.strictObject({}),
      create: () => ({
        observationSpace: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
        getObservation: (s: EnvState) => (states.push(s), new ConcentrationSensor().getObservation(s)),
        getMetadata: () => ({ type: "spy" }),
      }),
    });
    const env = createEnvironmentFromConfigSync({ gridSize: [8, 8], sensor: "spy", wind: "constant" }, { plugins: [plugin] });
    env.reset({ seed: 1 });
    expect(states[0]?.wind_field).toBe(env.wind);
    expect(states[0]?.rng).toBe(env.npRandom);
    expect(SELECTOR_DEFAULTS.goalRadius).toBe(5);
  });
});

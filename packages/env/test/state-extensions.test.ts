/**
 * Env-state extensions: keys added to the state the sensor sees (PlumeEnv's `stateExtensions`, the
 * `ExtendEnvState` wrapper, a config's `state` section), sensors' required keys checked at reset, and the
 * example obstacle sensor (examples/obstacle-sensor) installed as a package: through a config file and
 * through the contract kit.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConfigurationError, ValidationError, type EnvState, type EnvStateExtension, type EnvStateWith, type NDArray, type ObservationModel, type Plugin } from "@plume/core-types";
import { checkPlugin, formatReport } from "@plume/contract-tests";
import { ConcentrationSensor } from "@plume/sensors-concentration";
import { Box } from "@plume/spaces";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ExtendEnvState,
  PlumeEnv,
  constantStateKey,
  createEnvironmentFromConfigSync,
  make,
  parseEnvironmentConfig,
} from "../src/index.js";
import { createEnvironmentFromConfig } from "../src/node.js";
import { expectError, expectRejection } from "./helpers.js";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, "..");
const exampleDir = join(packageDir, "..", "..", "examples", "obstacle-sensor");

/** A second odour source: the Manhattan distance to a fixed cell, per state. */
const secondOdour: EnvStateExtension<"second_odour", number> = {
  key: "second_odour",
  value: (state) => Math.abs(state.agent_state.position.x - 2) + Math.abs(state.agent_state.position.y - 2),
};

type OdourState = EnvStateWith<[typeof secondOdour]>;

/** Reads `second_odour` (declared) and records every state it sees. */
class SecondOdourSensor implements ObservationModel<NDArray<"float32">, OdourState> {
  readonly seen: OdourState[] = [];
  readonly #space = new Box({ low: 0, high: 1000, shape: [1], dtype: "float32" });
  get observationSpace(): Box {
    return this.#space;
  }
  getObservation(state: OdourState): NDArray<"float32"> {
    this.seen.push(state);
    return { dtype: "float32", shape: [1], data: Float32Array.of(state.second_odour) };
  }
  getMetadata() {
    return { type: "second_odour", modality: "olfactory", parameters: {}, required_state_keys: ["agent_state", "second_odour"] };
  }
}

describe("PlumeEnv stateExtensions", () => {
  it("adds each extension's key, computed from the base state, to every state the sensor sees", () => {
    const sensor = new SecondOdourSensor();
    const resets: unknown[] = [];
    const env = new PlumeEnv({
      gridSize: [8, 8],
      startLocation: [5, 6],
      sensor: sensor as never,
      stateExtensions: [secondOdour, { key: "episode_tag", value: () => "tagged", reset: (_rng, seed) => resets.push(seed) }],
    });
    const [obs] = env.reset({ seed: 9 });
    expect(Array.from((obs as NDArray).data as Float32Array)).toEqual([7]);
    const [next] = env.step(2); // down: y - 1
    expect(Array.from((next as NDArray).data as Float32Array)).toEqual([6]);
    expect(resets).toEqual([9]);
    const state = sensor.seen[1] as unknown as Record<string, unknown>;
    expect(Object.keys(state)).toEqual(["agent_state", "plume_field", "concentration_field", "wind_field", "goal_location", "grid_size", "step_count", "max_steps", "rng", "second_odour", "episode_tag"]);
    expect(state["episode_tag"]).toBe("tagged");
    expect(env.stateExtensions.map((e) => e.key)).toEqual(["second_odour", "episode_tag"]);
  });

  it("a sensor whose required keys nothing supplies is refused at reset, naming the key", () => {
    const env = new PlumeEnv({ gridSize: [8, 8], sensor: new SecondOdourSensor() as never });
    expect(env.missingStateKeys()).toEqual(["second_odour"]);
    const error = expectError(() => env.reset({ seed: 0 }), ValidationError, "sensor");
    expect(error.message).toContain('"second_odour"');
    expect(error.expected).toContain("ExtendEnvState");
    expect(env.lifecycleState).toBe("CREATED");
  });

  it("keys must be new identifiers, not the env's own, and distinct", () => {
    expectError(() => new PlumeEnv({ stateExtensions: [constantStateKey("rng", 1)] }), ValidationError, "stateExtensions[0].key");
    expectError(() => new PlumeEnv({ stateExtensions: [constantStateKey("a b", 1)] }), ValidationError, "stateExtensions[0].key");
    expectError(() => new PlumeEnv({ stateExtensions: [constantStateKey("x", 1), constantStateKey("x", 2)] }), ValidationError, "stateExtensions[1].key");
    expectError(() => new PlumeEnv({ stateExtensions: [{ key: "x" } as never] }), ValidationError, "stateExtensions.0");
  });

  it("an extension that throws is a component error naming it", () => {
    const env = new PlumeEnv({ gridSize: [4, 4], sensor: new SecondOdourSensor() as never, stateExtensions: [{ key: "second_odour", value: () => { throw new Error("no odour"); } }] });
    expect(() => env.reset({ seed: 0 })).toThrow(/no odour/);
    try {
      env.reset({ seed: 0 });
    } catch (error) {
      expect((error as { component?: string }).component).toBe("stateExtensions.second_odour");
    }
  });

  it("the default environment does not build extension keys (and its kernel path is unchanged)", () => {
    const env = new PlumeEnv({ gridSize: [8, 8], sourceLocation: [7, 7], startLocation: [1, 1], stateExtensions: [secondOdour] });
    expect(env.batchPlan).toBeDefined();
    const plain = new PlumeEnv({ gridSize: [8, 8], sourceLocation: [7, 7], startLocation: [1, 1] });
    expect(env.reset({ seed: 1 })).toEqual(plain.reset({ seed: 1 }));
    for (const a of [0, 1, 2, 3]) expect(env.step(a)).toEqual(plain.step(a));
  });
});

describe("the ExtendEnvState wrapper", () => {
  it("adds keys to the innermost env from its next reset on, and removes them on close", () => {
    const sensor = new SecondOdourSensor();
    const made = make("PlumeNav-v0", { gridSize: [8, 8], startLocation: [2, 5], sensor: sensor as never }, { warn: () => undefined });
    const env = new ExtendEnvState(made, [secondOdour]);
    expect(env.keys).toEqual(["second_odour"]);
    expect(Array.from((env.reset({ seed: 0 })[0] as NDArray).data as Float32Array)).toEqual([3]);
    const raw = env.unwrapped as PlumeEnv<unknown, unknown>;
    expectError(() => new ExtendEnvState(made, [secondOdour]), ValidationError, "extension.key");
    env.close();
    expect(raw.stateExtensions).toEqual([]);
    expectError(() => new ExtendEnvState({ ...made, unwrapped: {} } as never, [secondOdour]), ValidationError, "env");
  });
});

describe("a config's state section", () => {
  it("holds constant JSON data for extension keys; values are frozen copies", () => {
    const config = { gridSize: [6, 6] as [number, number], state: { second_odour: 4, layout: { walls: [[1, 2]] } } };
    const env = createEnvironmentFromConfigSync(config);
    const keys = env.stateExtensions.map((e) => e.key);
    expect(keys).toEqual(["second_odour", "layout"]);
    const layout = env.stateExtensions[1]?.value({} as EnvState) as { walls: number[][] };
    expect(Object.isFrozen(layout) && Object.isFrozen(layout.walls[0])).toBe(true);
    expect(layout).not.toBe(config.state.layout);
  });

  it("rejects the env's own keys, bad names and non-JSON values, naming the path", () => {
    expectError(() => parseEnvironmentConfig({ state: { rng: 1 } }), ConfigurationError, "state.rng");
    expectError(() => parseEnvironmentConfig({ state: { "bad key": 1 } }), ConfigurationError, "state.bad key");
    expectError(() => parseEnvironmentConfig({ state: { x: () => 1 } }), ConfigurationError, "state.x");
    expectError(() => parseEnvironmentConfig({ state: [1] }), ConfigurationError, "state");
  });
});

describe("the example obstacle sensor (examples/obstacle-sensor), installed as a package", () => {
  let project: string;
  let obstacle: Record<string, unknown>;

  beforeAll(async () => {
    project = realpathSync(mkdtempSync(join(tmpdir(), "plume-obstacle-")));
    const modules = join(project, "node_modules");
    const target = join(modules, "@acme", "plume-obstacle-sensor");
    mkdirSync(dirname(target), { recursive: true });
    cpSync(exampleDir, target, { recursive: true });
    mkdirSync(join(modules, "@plume"), { recursive: true });
    for (const dep of ["@plume/core-types", "@plume/spaces", "zod"]) symlinkSync(realpathSync(join(packageDir, "node_modules", dep)), join(modules, dep), "dir");
    writeFileSync(join(project, "maze.yaml"), readFileSync(join(exampleDir, "maze.yaml")));
    obstacle = (await import(pathToFileURL(join(target, "index.js")).href)) as Record<string, unknown>;
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("runs through its config file: the map comes from the state section, the sensor reads it", async () => {
    // The sensor is a package of the scratch project: it resolves from that project (projectDir), never
    // from the config file's folder alone (the trust model), so without projectDir it is "not installed".
    const refused = await expectRejection(createEnvironmentFromConfig(join(project, "maze.yaml")), ConfigurationError, "sensor.type");
    expect(refused.message).toContain("@acme/plume-obstacle-sensor");
    const env = await createEnvironmentFromConfig(join(project, "maze.yaml"), { projectDir: project });
    expect(env.sensor.getMetadata()).toMatchObject({ type: "obstacle_sensor", required_state_keys: ["agent_state", "plume_field", "grid_size", "obstacle_map"] });
    env.reset({ seed: 0 });
    // Walk to (1, 0): the wall at (2, 0) is to the right, the grid edge below.
    const placed = new PlumeEnv({ gridSize: [6, 4], sourceLocation: [5, 3], startLocation: [1, 0], sensor: env.sensor, stateExtensions: env.stateExtensions });
    const [obs] = placed.reset({ seed: 0 });
    expect(Array.from((obs as NDArray).data as Float32Array).slice(1)).toEqual([0, 1, 1, 0]);
    const [next] = placed.step(0); // up to (1, 1): wall at (2, 1) to the right
    expect(Array.from((next as NDArray).data as Float32Array).slice(1)).toEqual([0, 1, 0, 0]);
    expect(env.observationSpace.contains(obs)).toBe(true);
  });

  it("without the map the environment refuses the sensor; with a map of the wrong size the sensor says so", async () => {
    const noMap = await createEnvironmentFromConfig({ gridSize: [6, 4], sensor: "@acme/plume-obstacle-sensor" }, { projectDir: project });
    expectError(() => noMap.reset({ seed: 0 }), ValidationError, "sensor");
    const wrong = await createEnvironmentFromConfig({ gridSize: [5, 4], sensor: "@acme/plume-obstacle-sensor", state: { obstacle_map: { rows: ["...", "..."] } } }, { projectDir: project });
    expect(() => wrong.reset({ seed: 0 })).toThrow(/obstacle_map/);
  });

  it("passes the contract kit with its environment's extension (its contract export)", () => {
    const report = checkPlugin(obstacle["plugin"] as Plugin, { suite: { ...(obstacle["contract"] as object), seed: 3, numRuns: 20 } });
    expect(report.ok, formatReport(report)).toBe(true);
    expect(report.results.find((r) => r.id === "obs.required-keys")?.status).toBe("passed");
  });

  it("and fails it without the extension", () => {
    const report = checkPlugin(obstacle["plugin"] as Plugin, { suite: { seed: 3, numRuns: 10 } });
    expect(report.results.find((r) => r.id === "obs.required-keys")?.status).toBe("failed");
  });

  it("works beside a default sensor too (a PlumeEnv that needs no extensions ignores nothing)", () => {
    expect(new PlumeEnv({ sensor: new ConcentrationSensor(), stateExtensions: [obstacle["demoObstacles"] as EnvStateExtension] }).missingStateKeys()).toEqual([]);
  });
});

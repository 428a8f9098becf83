/**
 * Async plugins in configs and make (a movie plume loads its frames asynchronously), and a plume that
 * covers its own grid: the grid and implicit goal come from the movie unless the config gives them.
 */
import { join } from "node:path";
import { ConfigurationError, ValidationError, definePlugin, type NDArray } from "@plume/core-types";
import { plugins as moviePlugins } from "@plume/plume-movie";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { GaussianPlume, createEnvironmentFromConfig, createEnvironmentFromConfigSync, make, makeAsync, registerPlugins } from "../src/index.js";
import { movieFixturesDir } from "./movie-reference.js";

const SMALL = () => join(movieFixturesDir(), "datasets", "small-40x30-t20-fill0.zarr");
const MEANDER = () => join(movieFixturesDir(), "datasets", "meander-64x48-t30.zarr");

const slowGaussian = definePlugin({
  kind: "plume",
  name: "slow_gaussian",
  options: z.strictObject({ gridSize: z.unknown().optional(), sourceLocation: z.unknown().optional(), fail: z.boolean().default(false) }),
  create: async (options) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (options.fail) throw ValidationError.invalid("path", "a readable path", "nowhere");
    return new GaussianPlume({ gridSize: options.gridSize as [number, number], sourceLocation: options.sourceLocation as [number, number], sigma: 5 });
  },
});

describe("async plugins in configs", () => {
  it("createEnvironmentFromConfig awaits them", async () => {
    const env = await createEnvironmentFromConfig({ gridSize: [20, 10], plume: "slow_gaussian" }, { plugins: [slowGaussian] });
    expect(env.gridSize.toTuple()).toEqual([20, 10]);
    expect(env.plume).toBeInstanceOf(GaussianPlume);
    env.close();
  });

  it("the synchronous build names the component and points to the async routes", () => {
    let error: unknown;
    try {
      createEnvironmentFromConfigSync({ plume: "slow_gaussian" }, { plugins: [slowGaussian] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).parameter).toBe("plume.type");
    expect((error as Error).message).toMatch(/loads asynchronously.*createEnvironmentFromConfig.*makeAsync/);
  });

  it("a rejected creation is a ConfigurationError under the plugin's options path", async () => {
    await expect(createEnvironmentFromConfig({ plume: { type: "slow_gaussian", options: { fail: true } } }, { plugins: [slowGaussian] })).rejects.toMatchObject({
      name: "ConfigurationError",
      parameter: "plume.options.path",
    });
  });
});

describe("a movie plume in a config", () => {
  it("sets the grid and the implicit goal when the config gives none", async () => {
    const env = await createEnvironmentFromConfig({ plume: { type: "movie", options: { path: MEANDER() } } });
    expect(env.gridSize.toTuple()).toEqual([64, 48]);
    expect(env.goalLocation.toTuple()).toEqual([5, 24]); // source_location_px
    env.close();
  });

  it("an explicit gridSize must be the movie's", async () => {
    await expect(createEnvironmentFromConfig({ gridSize: [128, 128], plume: { type: "movie", options: { path: MEANDER() } } })).rejects.toMatchObject({
      name: "ConfigurationError",
      parameter: "plume.options.gridSize",
    });
    const env = await createEnvironmentFromConfig({ gridSize: [64, 48], plume: { type: "movie", options: { path: MEANDER() } } });
    env.close();
  });

  it("an explicit goal or start must lie on the movie", async () => {
    await expect(createEnvironmentFromConfig({ goalLocation: [100, 10], plume: { type: "movie", options: { path: MEANDER() } } })).rejects.toMatchObject({ parameter: "goalLocation" });
    await expect(createEnvironmentFromConfig({ startLocation: [10, 60], plume: { type: "movie", options: { path: MEANDER() } } })).rejects.toMatchObject({ parameter: "startLocation" });
  });

  it("a bad dataset names plume.options.path", async () => {
    await expect(createEnvironmentFromConfig({ plume: { type: "movie", options: { path: join(movieFixturesDir(), "nope.zarr") } } })).rejects.toMatchObject({
      name: "ConfigurationError",
      parameter: "plume.options.path",
      message: expect.stringMatching(/nope\.zarr: no such file or directory/),
    });
  });

  it("NaN frames: the default sensor reads them as 0; nan: propagate passes them through", async () => {
    const base = { startLocation: [0, 0] as [number, number], plume: { type: "movie", options: { path: SMALL(), values: "reference" } } };
    const zero = await createEnvironmentFromConfig(base);
    const nan = await createEnvironmentFromConfig({ ...base, sensor: { type: "concentration", options: { nan: "propagate" } } });
    expect(Number.isNaN(zero.plume.sample(0, 0))).toBe(true);
    expect(Array.from((zero.reset({ seed: 1 })[0] as NDArray<"float32">).data)).toEqual([0]);
    expect(Number.isNaN((nan.reset({ seed: 1 })[0] as NDArray).data[0])).toBe(true);
    expect(nan.observationSpace.contains(nan.reset({ seed: 1 })[0])).toBe(true);
    expect(zero.observationSpace.contains({ dtype: "float32", shape: [1], data: Float32Array.of(Number.NaN) })).toBe(false);
    zero.close();
    nan.close();
  });
});

describe("make and the reference's movie kwargs", () => {
  it("make() (synchronous) with plume: \"movie\" points to makeAsync", () => {
    const unregister = registerPlugins(moviePlugins);
    try {
      expect(() => make("PlumeNav-v0", { plume: "movie", movie_path: MEANDER() })).toThrow(/makeAsync|registerKwargsTranslator/);
    } finally {
      unregister();
    }
  });

  it("movie_values: \"strict\" opts into strict values and NaN-free sensors", async () => {
    const reference = await makeAsync("PlumeNav-v0", { plume: "movie", movie_path: SMALL(), start_location: [0, 0] }, { warn: () => undefined });
    const strict = await makeAsync("PlumeNav-v0", { plume: "movie", movie_path: SMALL(), movie_values: "strict", start_location: [0, 0] }, { warn: () => undefined });
    expect(Number.isNaN((reference.reset({ seed: 1 })[0] as NDArray).data[0])).toBe(true);
    expect(Array.from((strict.reset({ seed: 1 })[0] as NDArray<"float32">).data)).toEqual([0]);
    reference.close();
    strict.close();
  });

  it("unsupported reference kwargs are named", async () => {
    await expect(makeAsync("PlumeNav-v0", { plume: "movie", movie_path: SMALL(), movie_dataset_id: "colorado_jet" })).rejects.toMatchObject({ parameter: "movie_dataset_id" });
    await expect(makeAsync("PlumeNav-v0", { plume: "movie" })).rejects.toMatchObject({ parameter: "movie_path" });
  });
});

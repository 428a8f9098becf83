/**
 * `MoviePlume` as a time-varying ConcentrationField: step -> frame (wrap, clamp), resets, sampling,
 * reading values (strict vs reference), the implicit goal, shared frames — and the contract kit's
 * ConcentrationField suite run on it, as a third-party plugin would.
 */
import { describeConcentrationField, describePlugin } from "@plume/contract-tests/vitest";
import { isTimeVaryingField } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { MoviePlume, exportSharedMovies, implicitGoal, importSharedMovies, loadedMovieCount, moviePlumePlugin, openMoviePlume } from "../src/index.js";
import { dataset } from "./helpers.js";

const MEANDER = dataset("meander-64x48-t30.zarr");
const SMALL = dataset("small-40x30-t20-fill0.zarr");

const meander = await openMoviePlume({ path: MEANDER });

describe("steps -> frames", () => {
  it("wrap: step n shows frame n mod T; clamp: min(n, T - 1); reset shows frame 0", async () => {
    const clamp = await openMoviePlume({ path: MEANDER, stepPolicy: "clamp" });
    const wrap = await openMoviePlume({ path: MEANDER });
    for (const step of [0, 1, 29, 30, 31, 59, 60, 95, 1000]) {
      wrap.advanceToStep(step);
      clamp.advanceToStep(step);
      expect(wrap.frameIndex).toBe(step % 30);
      expect(clamp.frameIndex).toBe(Math.min(step, 29));
      expect(wrap.fieldArray).toBe(wrap.frame(step % 30));
    }
    wrap.reset(7);
    clamp.onReset();
    expect([wrap.frameIndex, clamp.frameIndex]).toEqual([0, 0]);
  });

  it("advanceToStep sets, never increments", () => {
    meander.advanceToStep(5);
    meander.advanceToStep(5);
    expect(meander.frameIndex).toBe(5);
    meander.reset();
  });

  it("sample reads cell (x, y) = frame[y][x] of the current frame, or of step t's; 0 off the grid", () => {
    const f3 = meander.frame(3);
    expect(meander.sample(10, 20, 3)).toBe(f3[20 * 64 + 10]);
    expect(meander.sample(10, 20, 33)).toBe(f3[20 * 64 + 10]);
    expect(meander.sample(10.5, 20, 3)).toBe(f3[20 * 64 + 10]); // ties to even
    expect(meander.sample(11.5, 20, 3)).toBe(f3[20 * 64 + 12]);
    expect([meander.sample(-1, 0), meander.sample(64, 0), meander.sample(0, 48)]).toEqual([0, 0, 0]);
  });

  it("is a TimeVaryingField over the movie's grid", () => {
    expect(isTimeVaryingField(meander)).toBe(true);
    expect(meander.gridSize.toTuple()).toEqual([64, 48]);
    expect(meander.numFrames).toBe(30);
  });
});

describe("values", () => {
  it("strict (default) keeps exact zeros as 0; reference turns the fill value 0.0 into NaN", async () => {
    const strict = await openMoviePlume({ path: SMALL });
    const reference = await openMoviePlume({ path: SMALL, values: "reference" });
    let zeros = 0;
    for (let t = 0; t < 20; t++) {
      const a = strict.frame(t);
      const b = reference.frame(t);
      for (let i = 0; i < a.length; i++) {
        if (a[i] === 0) {
          zeros++;
          expect(Number.isNaN(b[i])).toBe(true);
        } else expect(b[i]).toBe(a[i]);
      }
    }
    expect(zeros).toBe(6999); // the fixtures' README: 6,999 of 24,000 pixels
  });

  it("reference HDF5 uint8: fround(v / 255), 0 -> NaN", async () => {
    const h5 = await openMoviePlume({ path: dataset("windtunnel-48x40-t25.h5"), values: "reference" });
    const strict = await openMoviePlume({ path: dataset("windtunnel-48x40-t25.h5") });
    const a = strict.frame(4);
    const b = h5.frame(4);
    for (let i = 0; i < a.length; i++) {
      const v = a[i] as number;
      expect(Number.isInteger(Math.round(v * 255)) && Math.fround(Math.round(v * 255) / 255) === v).toBe(true);
      if (v === 0) expect(Number.isNaN(b[i])).toBe(true);
      else expect(b[i]).toBe(v);
    }
    expect(h5.attrs).toMatchObject({ fps: 20, source_dtype: "uint8", pixel_to_grid: [0.25, 0.2], extent: [10, 9.600000000000001] });
  });
});

describe("implicit goal (the reference factory's rules)", () => {
  const evidence = (rootAttrs: Record<string, unknown>, hasXY = false, folderName = "m.zarr") => ({ rootAttrs, hasXY, folderName });
  it("source_location_px, then ingest_args, then x/y coordinates, then (64, 64); outside -> centre", () => {
    expect(implicitGoal(evidence({ source_location_px: [5, 24] }), 64, 48)).toEqual([5, 24]);
    expect(implicitGoal(evidence({ ingest_args: { source_location_px: [3, 4] } }), 64, 48)).toEqual([3, 4]);
    expect(implicitGoal(evidence({ ingest_args: {}, dims: ["t", "y", "x"] }, true), 128, 96)).toEqual([64, 64]);
    expect(implicitGoal(evidence({ dims: ["t", "y", "x"] }, true), 128, 96)).toEqual([0, 48]);
    expect(implicitGoal(evidence({}, false, "rigolli_2022.zarr"), 128, 96)).toEqual([0, 48]);
    expect(implicitGoal(evidence({ source_format: "emonet_flywalk" }), 128, 96)).toEqual([0, 48]);
    expect(implicitGoal(evidence({ dims: ["t", "y", "x"] }, false), 128, 96)).toEqual([64, 64]);
    expect(implicitGoal(evidence({}), 48, 40)).toEqual([24, 20]);
    expect(implicitGoal(evidence({ source_location_px: [100, 5] }), 64, 48)).toEqual([32, 24]);
    expect(implicitGoal(evidence({ source_location_px: [1.5, 5] }), 64, 48)).toEqual([32, 24]);
  });
  it("the meander movie's source_location_px", () => {
    expect(meander.implicitGoal).toEqual([5, 24]);
  });
});

describe("shared frames", () => {
  it("plumes opened on one movie share one copy of its frames", async () => {
    const a = await openMoviePlume({ path: MEANDER, stepPolicy: "clamp", fps: 30 });
    const b = await openMoviePlume({ path: MEANDER });
    expect(a.frames).toBe(b.frames);
    expect(a.frames.data.buffer).toBe(b.frames.data.buffer);
    a.advanceToStep(10);
    expect(b.frameIndex).toBe(0);
    expect(a.attrs.fps).toBe(30);
    expect(b.attrs.fps).toBe(15);
    expect(loadedMovieCount()).toBeGreaterThanOrEqual(1);
    if (typeof SharedArrayBuffer === "function") expect(a.frames.data.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it("concurrent opens load once", async () => {
    const [a, b] = await Promise.all([openMoviePlume({ path: SMALL, values: "reference" }), openMoviePlume({ path: SMALL, values: "reference" })]);
    expect(a.frames).toBe(b.frames);
  });
});

describe("the plugin", () => {
  it("creates asynchronously and names the config path in errors", async () => {
    const created = moviePlumePlugin.create({ path: MEANDER }, { path: "plume.options" });
    expect(created).toBeInstanceOf(Promise);
    expect(await created).toBeInstanceOf(MoviePlume);
    await expect(moviePlumePlugin.create({ path: dataset("nope.zarr") }, { path: "plume.options" })).rejects.toMatchObject({
      name: "ConfigurationError",
      parameter: "plume.options.path",
    });
    expect(() => moviePlumePlugin.create({ path: MEANDER, stepPolicy: "bounce" }, { path: "plume.options" })).toThrow(/plume\.options\.stepPolicy/);
  });
});

// The contract kit's ConcentrationField suite, on the movie (strict values: every sample in [0, 1]).
describeConcentrationField("MoviePlume (meander, wrap)", () => new MoviePlume(meander.frames, { stepPolicy: "wrap", attrs: meander.attrs, implicitGoal: [5, 24], values: "strict" }));
describeConcentrationField("MoviePlume (meander, clamp)", () => new MoviePlume(meander.frames, { stepPolicy: "clamp", attrs: meander.attrs, implicitGoal: [5, 24], values: "strict" }));
// the async plugin itself, as a config builds it (create awaits the frames): the kit awaits its components
describePlugin(moviePlumePlugin, { pluginOptions: { path: "demo://48x32x40?seed=3" } });
describePlugin(moviePlumePlugin, { pluginOptions: { path: "demo://40x24x12?seed=1", stepPolicy: "clamp" } });

describe("sharing with other threads", () => {
  it("exports the movies held in SharedArrayBuffers; importing malformed state is ignored", async () => {
    const plume = await openMoviePlume({ path: "demo://16x12x5?seed=3" });
    const records = exportSharedMovies();
    const mine = records.find((r) => r.location === plume.frames.location);
    expect(mine?.data).toBe(plume.frames.data);
    expect(mine?.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(() => importSharedMovies([{ key: "x", data: new Float32Array(3), numFrames: 2, width: 1, height: 1 }, null, 5])).not.toThrow();
    expect(() => importSharedMovies("nothing")).not.toThrow();
    // A different movie gets frames of its own.
    const other = await openMoviePlume({ path: "demo://16x12x6?seed=3" });
    expect(moviePlumePlugin.sharing).toBeDefined();
    expect(other.frames.data.buffer).not.toBe(plume.frames.data.buffer);
  });
});

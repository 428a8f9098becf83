/**
 * Corrupt or mismatched datasets: each gives one ConfigurationError naming the option (`options.path`,
 * `options.values`, ...) and, in its message, the file and the problem.
 */
import { rmSync, writeFileSync, unlinkSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openMoviePlume } from "../src/index.js";
import { dataset, expectConfigError, readJson, scratchCopy, writeJson } from "./helpers.js";

const MEANDER = "meander-64x48-t30.zarr";
const PUFFS = "puffs-96x72-t40-zlib.zarr";
const H5 = "windtunnel-48x40-t25.h5";

/** A scratch copy of `name` without consolidated metadata (so edits to the plain files count). */
function plainCopy(name: string) {
  const copy = scratchCopy(name);
  rmSync(join(copy.path, ".zmetadata"));
  return copy;
}

describe("bad paths", () => {
  it("a path that does not exist", async () => {
    await expectConfigError(openMoviePlume({ path: dataset("nope.zarr") }), "options.path", /nope\.zarr/, /no such file or directory/);
  });
  it("an HDF5 path that does not exist", async () => {
    await expectConfigError(openMoviePlume({ path: dataset("nope.h5") }), "options.path", /nope\.h5/, /no such file/);
  });
  it("a folder that is not a zarr group", async () => {
    const copy = plainCopy(MEANDER);
    try {
      rmSync(join(copy.path, ".zgroup"));
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /\.zgroup/, /not a zarr/);
    } finally {
      copy.cleanup();
    }
  });
  it("names the config path when given one", async () => {
    await expectConfigError(openMoviePlume({ path: dataset("nope.zarr") }, { path: "plume.options" }), "plume.options.path", /nope\.zarr/);
  });
  it("rejects bad options with the option's path", async () => {
    await expectConfigError(openMoviePlume({ path: dataset(MEANDER), stepPolicy: "loop" as never }), "options.stepPolicy", /wrap, clamp/);
    await expectConfigError(openMoviePlume({ path: dataset(MEANDER), fps: -1 }), "options.fps");
  });
});

describe("zarr stores", () => {
  it("missing variable", async () => {
    const copy = plainCopy(MEANDER);
    try {
      rmSync(join(copy.path, "concentration"), { recursive: true });
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", new RegExp(MEANDER.replace(/\./g, "\\.")), /no "concentration" array/);
    } finally {
      copy.cleanup();
    }
  });

  it("wrong dims (consolidated metadata read first)", async () => {
    const copy = scratchCopy(MEANDER);
    try {
      const meta = readJson(join(copy.path, ".zmetadata"));
      (meta["metadata"] as Record<string, Record<string, unknown>>)["concentration/.zattrs"] = { _ARRAY_DIMENSIONS: ["y", "x", "t"] };
      writeJson(join(copy.path, ".zmetadata"), meta);
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /concentration\/\.zattrs/, /_ARRAY_DIMENSIONS is \["y","x","t"\]/);
    } finally {
      copy.cleanup();
    }
  });

  it("wrong number of dims", async () => {
    const copy = plainCopy(MEANDER);
    try {
      const zarray = readJson(join(copy.path, "concentration/.zarray"));
      writeJson(join(copy.path, "concentration/.zarray"), { ...zarray, shape: [30, 48 * 64], chunks: [8, 4096] });
      writeJson(join(copy.path, "concentration/.zattrs"), { _ARRAY_DIMENSIONS: ["t", "y", "x"] });
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /\.zarray/, /shape is \[30,3072\]/);
    } finally {
      copy.cleanup();
    }
  });

  it("unsupported dtype", async () => {
    const copy = plainCopy(MEANDER);
    try {
      const zarray = readJson(join(copy.path, "concentration/.zarray"));
      writeJson(join(copy.path, "concentration/.zarray"), { ...zarray, dtype: "|b1" });
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /\.zarray/, /dtype "\|b1" is not supported/);
    } finally {
      copy.cleanup();
    }
  });

  it("integer data: strict rejects it as unnormalised, reference plays it unscaled", async () => {
    const copy = plainCopy(MEANDER);
    try {
      const zarray = readJson(join(copy.path, "concentration/.zarray"));
      // 8x64x64 uint8 chunks of value 200.
      writeJson(join(copy.path, "concentration/.zarray"), { ...zarray, dtype: "|u1", fill_value: null });
      for (let t = 0; t < 4; t++) writeFileSync(join(copy.path, `concentration/${t}.0.0`), new Uint8Array(8 * 64 * 64).fill(200));
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.values", /\|u1 holds unnormalised integers/);
      const plume = await openMoviePlume({ path: copy.path, values: "reference" });
      expect(plume.sample(3, 4)).toBe(200);
    } finally {
      copy.cleanup();
    }
  });

  it("missing chunks: strict names the chunk file, reference reads fill_value (0.0 -> NaN)", async () => {
    const copy = scratchCopy("small-40x30-t20-fill0.zarr");
    try {
      unlinkSync(join(copy.path, "concentration/7.0.0"));
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /concentration\/7\.0\.0/, /chunk file missing/);
      const plume = await openMoviePlume({ path: copy.path, values: "reference" });
      expect(Array.from(plume.frame(7)).every(Number.isNaN)).toBe(true);
      expect(Array.from(plume.frame(6)).some((v) => !Number.isNaN(v))).toBe(true);
    } finally {
      copy.cleanup();
    }
  });

  it("a chunk that cannot be decoded", async () => {
    const copy = scratchCopy(PUFFS);
    try {
      writeFileSync(join(copy.path, "concentration/1.1.1"), new Uint8Array([1, 2, 3, 4, 5]));
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /concentration/, /cannot be decoded/);
    } finally {
      copy.cleanup();
    }
  });

  it("metadata that is not JSON", async () => {
    const copy = plainCopy(MEANDER);
    try {
      writeFileSync(join(copy.path, "concentration/.zarray"), "{ not json");
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /concentration\/\.zarray/, /not valid JSON/);
    } finally {
      copy.cleanup();
    }
  });

  for (const [key, value, pattern] of [
    ["fps", -2, /attribute "fps" is invalid \(-2\)/],
    ["fps", undefined, /attribute "fps" is missing/],
    ["source_dtype", "int8", /attribute "source_dtype" is invalid/],
    ["pixel_to_grid", [1, 0], /attribute "pixel_to_grid" is invalid/],
    ["origin", "centre", /attribute "origin" is invalid/],
    ["extent", [1, 2, 3], /attribute "extent" is invalid/],
    ["schema_version", "2.0.0", /attribute "schema_version" is invalid/],
    ["dims", ["x", "y", "t"], /attribute "dims" is invalid/],
  ] as const) {
    it(`bad attribute ${key} = ${JSON.stringify(value)}`, async () => {
      const copy = plainCopy(MEANDER);
      try {
        const attrs = readJson(join(copy.path, ".zattrs"));
        if (value === undefined) delete attrs[key];
        else attrs[key] = value;
        writeJson(join(copy.path, ".zattrs"), attrs);
        await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /\.zattrs/, pattern);
      } finally {
        copy.cleanup();
      }
    });
  }

  it("an override replaces a bad attribute (validated again)", async () => {
    const copy = plainCopy(MEANDER);
    try {
      const attrs = readJson(join(copy.path, ".zattrs"));
      writeJson(join(copy.path, ".zattrs"), { ...attrs, fps: 0 });
      const plume = await openMoviePlume({ path: copy.path, fps: 24 });
      expect(plume.attrs.fps).toBe(24);
    } finally {
      copy.cleanup();
    }
  });

  it("strict values: a value outside [0, 1] names the frame and pixel", async () => {
    const copy = scratchCopy(MEANDER);
    try {
      const chunk = new Float32Array(readFileSync(join(copy.path, "concentration/1.0.0")).buffer.slice(0));
      chunk[2 * 64 * 64 + 5 * 64 + 7] = 1.5; // frame 8 + 2 = 10, y 5, x 7
      writeFileSync(join(copy.path, "concentration/1.0.0"), new Uint8Array(chunk.buffer));
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.values", /frame 10, pixel \(x=7, y=5\) holds 1\.5/);
      const plume = await openMoviePlume({ path: copy.path, values: "reference" });
      expect(plume.frame(10)[5 * 64 + 7]).toBe(1.5);
    } finally {
      copy.cleanup();
    }
  });

  it("over the memory limit", async () => {
    await expectConfigError(openMoviePlume({ path: dataset(MEANDER), maxBytes: 1000 }), "options.maxBytes", /MiB of float32 frames, over the limit/);
  });
});

describe("HDF5 movies and sidecars", () => {
  const sidecar = (path: string) => `${path}.plume-movie.yaml`;

  it("missing sidecar", async () => {
    const copy = scratchCopy(H5);
    try {
      unlinkSync(sidecar(copy.path));
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /plume-movie\.yaml/, /sidecar is missing/);
    } finally {
      copy.cleanup();
    }
  });

  for (const [text, pattern] of [
    ["version: 1\nfps: 20.0\nspatial_unit: mm\npixels_per_unit: [4.0, 5.0]\nh5_dataset: movie/frames\ncolour: red\n", /unknown sidecar key\(s\) colour/],
    ["version: 1\nfps: 0\nspatial_unit: mm\npixels_per_unit: [4.0, 5.0]\nh5_dataset: movie/frames\n", /sidecar key "fps"/],
    ["version: 1\nfps: 20\nspatial_unit: mm\nh5_dataset: movie/frames\n", /sidecar key "pixels_per_unit": required/],
    ["version: 1\nfps: 20\nspatial_unit: pixel\npixels_per_unit: [1, 1]\nh5_dataset: movie/frames\n", /sidecar key "pixels_per_unit": omitted/],
    ["version: 1\nfps: 20\nspatial_unit: mm\npixels_per_unit: [4.0, 5.0]\n", /"h5_dataset" is missing/],
    ["fps: [unclosed\n", /not valid YAML/],
  ] as const) {
    it(`bad sidecar: ${pattern.source}`, async () => {
      const copy = scratchCopy(H5);
      try {
        writeFileSync(sidecar(copy.path), text);
        await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /plume-movie\.yaml/, pattern);
      } finally {
        copy.cleanup();
      }
    });
  }

  it("a dataset the file does not have", async () => {
    const copy = scratchCopy(H5);
    try {
      writeFileSync(sidecar(copy.path), "version: 1\nfps: 20\nspatial_unit: mm\npixels_per_unit: [4.0, 5.0]\nh5_dataset: movie/other\n");
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /windtunnel-48x40-t25\.h5/, /no dataset "movie\/other"/);
    } finally {
      copy.cleanup();
    }
  });

  it("a file that is not HDF5", async () => {
    const copy = scratchCopy(H5);
    try {
      writeFileSync(copy.path, "not an hdf5 file");
      await expectConfigError(openMoviePlume({ path: copy.path }), "options.path", /\.h5/, /not a readable HDF5 file/);
    } finally {
      copy.cleanup();
    }
  });

  for (const [option, value, pattern] of [
    ["fps", 25, /fps 25 differs from the sidecar's 20/],
    ["pixelToGrid", [0.5, 0.5], /pixelToGrid \[0\.5, 0\.5\] differs from the sidecar's \[0\.25, 0\.2\]/],
    ["origin", [1, 0], /origin \[1, 0\] cannot apply/],
    ["extent", [10, 10], /extent cannot be given/],
    ["h5Dataset", "movie/x", /h5Dataset "movie\/x" differs/],
  ] as const) {
    it(`an option that disagrees with the sidecar: ${option}`, async () => {
      await expectConfigError(openMoviePlume({ path: dataset(H5), [option]: value }), `options.${option}`, pattern);
    });
  }

  it("options equal to the sidecar's are accepted", async () => {
    const plume = await openMoviePlume({ path: dataset(H5), fps: 20, pixelToGrid: [0.25, 0.2], origin: [0, 0], h5Dataset: "movie/frames" });
    expect(plume.attrs.fps).toBe(20);
  });
});

/**
 * The page's logic in Node: the names it offers, configs as `plume run --config` reads them, episodes of a
 * time-varying plume (the field travels with the frames), readings, and the editor's text handling.
 */
import { GaussianPlume } from "@plume/env";
import { definePlugin, type ConcentrationField } from "@plume/core-types";
import { plugins as continuousPlugins } from "@plume/actions-continuous";
import { plugins as windPlugins } from "@plume/sensors-wind";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { cliCommands, configText, lineOfPath, parseConfigText, pathSegments } from "../src/configtext.js";
import { examplesFor } from "../src/examples.js";
import { choicesOf, Episode, errorInfo, pluginsOf, readingOf, runConfig } from "../src/session.js";

/** A plume whose source drifts one cell in +x per step: a time-varying field (`advanceToStep`). */
function driftingPlume(width: number, height: number): ConcentrationField {
  let plume = new GaussianPlume({ gridSize: [width, height], sourceLocation: [4, 8], sigma: 3 });
  return {
    gridSize: plume.gridSize,
    sourceLocation: plume.sourceLocation,
    get fieldArray() {
      return plume.fieldArray;
    },
    sample: (x, y) => plume.sample(x, y),
    reset: () => {
      plume = new GaussianPlume({ gridSize: [width, height], sourceLocation: [4, 8], sigma: 3 });
    },
    advanceToStep(step: number) {
      plume = new GaussianPlume({ gridSize: [width, height], sourceLocation: [Math.min(width - 1, 4 + step), 8], sigma: 3 });
    },
  };
}
const drifting = definePlugin({ kind: "plume", name: "drifting", options: z.strictObject({}), create: () => driftingPlume(24, 16) });

describe("choices", () => {
  it("offers @plume/env's bundled names and those of the packages the page bundles", () => {
    const without = choicesOf([]);
    expect(without.plume).toContain("gaussian");
    expect(without.sensor).toEqual(expect.arrayContaining(["concentration", "antennae"]));
    expect(without.sensor).not.toContain("wind_vector");
    const withWind = choicesOf([{ name: "@plume/sensors-wind", module: { plugins: windPlugins } }]);
    expect(withWind.sensor).toContain("wind_vector");
    expect(withWind.packages).toEqual(["@plume/sensors-wind"]);
    expect(choicesOf([{ name: "x", module: { plugin: drifting } }]).plume).toEqual(["gaussian", "drifting"]);
    expect(withWind.policy).toEqual(["random", "temporal-gradient", "surge-cast", "greedy"]);
  });

  it("ignores exports that are not plugins", () => {
    expect(pluginsOf([{ name: "odd", module: { plugins: [1, "x", null], plugin: {} } }])).toEqual([]);
  });
});

describe("configs as plume run --config reads them", () => {
  it("gives greedy its antennae when the config names no sensor, and keeps a named sensor", () => {
    expect(runConfig({ gridSize: [16, 16] }, "greedy").sensor.type).toBe("antennae");
    expect(runConfig({ gridSize: [16, 16], sensor: "concentration" }, "greedy").sensor.type).toBe("concentration");
    expect(runConfig({ gridSize: [16, 16] }, "random").sensor.type).toBe("concentration");
  });

  it("refuses what is not one config object, and bad fields, naming them", () => {
    for (const bad of [null, [], "gridSize: 3", 4]) expect(() => runConfig(bad, "random")).toThrow(/config/);
    const error = errorInfo(captured(() => runConfig({ maxSteps: 0 }, "random")));
    expect(error).toMatchObject({ name: "ConfigurationError", parameter: "maxSteps" });
  });
});

function captured(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("episodes", () => {
  it("a time-varying plume: the scene says so and the field follows the steps", async () => {
    const episode = await Episode.load({ config: { gridSize: [24, 16], goalLocation: [23, 0], goalRadius: 0, plume: "drifting", maxSteps: 30 }, policy: "random", seed: 2 }, [drifting]);
    const scene = episode.scene;
    expect(scene.timeVarying).toBe(true);
    expect(scene.field.length).toBe(24 * 16);
    const peak = (field: Float32Array) => field.indexOf(Math.max(...field)) % 24;
    expect(peak(scene.field)).toBe(4);
    episode.step();
    episode.step();
    expect(peak(episode.field())).toBe(6);
    episode.close();
  });

  it("a static plume is not time-varying; reset replays the same episode", async () => {
    const episode = await Episode.load({ config: { gridSize: [16, 16], goalLocation: [8, 8], maxSteps: 40 }, policy: "random", seed: 9 }, []);
    expect(episode.scene.timeVarying).toBe(false);
    const run = () => {
      const steps = [];
      while (!episode.done) steps.push(episode.step().record);
      return steps;
    };
    const first = run();
    episode.reset();
    expect(run()).toEqual(first);
    expect(first.at(-1)?.t).toBe(episode.result().steps);
    episode.close();
  });

  it("a policy whose actions the environment lacks is refused with the fix", async () => {
    await expect(Episode.load({ config: { gridSize: [16, 16], action: "continuous" }, policy: "greedy", seed: 0 }, [...continuousPlugins])).rejects.toThrow(
      /policy "greedy" selects from Discrete\(4\) but the environment's "continuous" actions are Box/,
    );
  });
});

describe("readings", () => {
  it("is the observation's value, the mean of an array, the odour of a Dict", () => {
    expect(readingOf(Float32Array.of(0.5))).toBe(0.5);
    expect(readingOf(Float32Array.of(0.25, 0.75))).toBe(0.5);
    expect(readingOf({ odor: Float32Array.of(0.2), wind: Float32Array.of(5, 5) })).toBeCloseTo(0.2);
    expect(readingOf({ a: 1, b: 3 })).toBe(2);
    expect(readingOf({})).toBeNaN();
  });
});

describe("the editor's text", () => {
  const text = "gridSize: [64, 64]\nplume:\n  type: gaussian\n  options:\n    sigma: -2\nsensor: nose\n";

  it("finds the line of a config path, down to the deepest part the text has", () => {
    expect(lineOfPath(text, "plume.options.sigma")).toBe(5);
    expect(lineOfPath(text, "plume.type")).toBe(3);
    expect(lineOfPath(text, "sensor.type")).toBe(6);
    expect(lineOfPath(text, "gridSize.height")).toBe(1);
    expect(lineOfPath(text, "gridSize[1]")).toBe(1);
    expect(lineOfPath(text, "maxSteps")).toBeUndefined();
    expect(lineOfPath("{", "plume")).toBeUndefined();
  });

  it("splits paths with indices", () => {
    expect(pathSegments("a.b[2][0].c")).toEqual(["a", "b", 2, 0, "c"]);
  });

  it("reads YAML and JSON; syntax errors carry their line", () => {
    expect(parseConfigText('{"gridSize": [8, 8]}')).toEqual({ ok: true, value: { gridSize: [8, 8] } });
    expect(parseConfigText(text)).toMatchObject({ ok: true });
    expect(parseConfigText("a: 1\nb: [1, 2\nc: 3\n")).toMatchObject({ ok: false, line: expect.any(Number) });
    expect(parseConfigText("a: 1\na: 2\n")).toMatchObject({ ok: false, line: 2 });
  });

  it("writes the config back as YAML or JSON that reads back the same", () => {
    const config = { gridSize: [8, 8], plume: { type: "gaussian", options: { sigma: 2 } } };
    for (const format of ["yaml", "json"] as const) expect(parseConfigText(configText(config, format))).toEqual({ ok: true, value: config });
  });

  it("quotes policy options for the shell", () => {
    expect(cliCommands("p.yaml", "random", 0, [], 1, '{"nActions":9}')[0]).toBe(`plume run --config p.yaml --policy random --policy-options '{"nActions":9}' --seed 0 --episodes 1`);
    expect(cliCommands("p.yaml", "random", 0, [], 1, `{"a":"it's"}`)[0]).toContain(`--policy-options '{"a":"it'\\''s"}'`);
  });

  it("says which plume commands repeat the page", () => {
    expect(cliCommands("p.yaml", "greedy", 4, ["random", "greedy"], 10)).toEqual([
      "plume run --config p.yaml --policy greedy --seed 4 --episodes 1",
      "plume compare --config p.yaml --policies random,greedy --seed 4 --episodes 10",
    ]);
  });
});

describe("example configs", () => {
  const choices = choicesOf([]);
  it("offers the examples whose every component the page resolves, with their first comment line", () => {
    const files = {
      "../../../examples/b-gauss.yaml": "# A wide plume\ngridSize: [32, 32]\nplume: { type: gaussian, options: { sigma: 20 } }\nsensor: antennae\n",
      "../../../examples/a-movie.yaml": "# A movie\nplume: { type: movie, options: { path: demo:// } }\n",
      "../../../examples/c-wind.json": '{"sensor": "wind_vector"}',
      "../../../examples/d-bad.yaml": "gridSize: [1,\n",
      "../../../examples/e-list.yaml": "- 1\n- 2\n",
    };
    expect(examplesFor(files, choices)).toEqual([{ name: "b-gauss", text: files["../../../examples/b-gauss.yaml"], summary: "A wide plume" }]);
    const withMovie = { ...choices, plume: [...choices.plume, "movie"] };
    expect(examplesFor(files, withMovie).map((e) => e.name)).toEqual(["a-movie", "b-gauss"]);
  });
});

/**
 * The functions behind the command, in-process: seeds, tables, observations as JSON, pictures, and `main`
 * itself with captured output (a seeded comparison reproduces exactly).
 */
import { PlumeEnv, createEnvironmentFromConfigSync } from "@plume/env";
import { getBaseline } from "@plume/policies";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CliError,
  DEFAULT_ENV_CONFIG,
  PLUME_LEVELS,
  TRAJECTORY_COLORS,
  animateEpisode,
  configForBaseline,
  describeSeeds,
  drawFigure,
  formatTable,
  main,
  observationToJson,
  palette,
  resolveEnvSetup,
  resolveSeeds,
  summarize,
  toPng,
  type EpisodeResult,
} from "../src/index.js";
import { wrapText } from "../src/picture.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) }, out, err };
}

describe("seeds", () => {
  it("--seed/--episodes give consecutive seeds; --seeds lists and ranges", () => {
    expect(resolveSeeds({}, 3)).toEqual([0, 1, 2]);
    expect(resolveSeeds({ seed: "10", episodes: "2" }, 3)).toEqual([10, 11]);
    expect(resolveSeeds({ seeds: "4, 1,7-9" }, 3)).toEqual([4, 1, 7, 8, 9]);
    expect(describeSeeds([0, 1, 2])).toBe("0-2");
    expect(describeSeeds([4, 1])).toBe("4,1");
    expect(() => resolveSeeds({ seed: "4294967295", episodes: "2" }, 1)).toThrow(CliError);
  });

  it("any --episodes text is either a count or a one-line error naming --episodes (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (text) => {
        try {
          const seeds = resolveSeeds({ episodes: text }, 1);
          expect(seeds).toHaveLength(Number(text));
        } catch (error) {
          expect(error).toBeInstanceOf(CliError);
          expect((error as Error).message.startsWith("--episodes: ")).toBe(true);
          expect((error as Error).message).not.toContain("\n");
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("the default environment", () => {
  it("DEFAULT_ENV_CONFIG builds the reference default PlumeEnv: same starts, observations and goal radius", () => {
    const a = new PlumeEnv();
    const b = createEnvironmentFromConfigSync(JSON.parse(JSON.stringify(DEFAULT_ENV_CONFIG)));
    expect(b.goalRadius).toBe(a.goalRadius);
    expect(b.sourceLocation.toTuple()).toEqual([64, 64]);
    for (const seed of [0, 1, 42, 4294967295]) {
      const [oa, ia] = a.reset({ seed });
      const [ob, ib] = b.reset({ seed });
      expect(ib.agent_position).toEqual(ia.agent_position);
      expect(Array.from((ob as { data: Float32Array }).data)).toEqual(Array.from(oa.data));
      for (const action of [0, 1, 1, 2, 3]) expect(b.step(action)[0]).toEqual(a.step(action)[0]);
    }
  });

  it("greedy gets its 4 antennae on the default environment; a config file's sensor is kept", async () => {
    const setup = await resolveEnvSetup({});
    expect(configForBaseline(setup, getBaseline("greedy")).sensor.type).toBe("antennae");
    expect(configForBaseline(setup, getBaseline("surge-cast")).sensor.type).toBe("concentration");
    expect(configForBaseline({ ...setup, explicitSensor: true }, getBaseline("greedy")).sensor.type).toBe("concentration");
  });
});

describe("results", () => {
  const episode = (steps: number, success: boolean): EpisodeResult => ({
    episode: 0,
    seed: 0,
    policySeed: 0,
    steps,
    return: success ? 1 : 0,
    success,
    truncated: !success,
    start: [0, 0],
    end: [0, 0],
  });

  it("summarize: success rate, mean and median steps over the successes, mean return", () => {
    const s = summarize([episode(10, true), episode(30, true), episode(100, false), episode(20, true)], 2);
    expect(s).toMatchObject({ episodes: 4, successes: 3, successRate: 0.75, meanStepsToSource: 20, medianStepsToSource: 20, meanReturn: 0.75, totalSteps: 160, stepsPerSecond: 80 });
    expect(summarize([episode(5, false)], 1).meanStepsToSource).toBeNull();
  });

  it("formatTable aligns the columns and explains the starred ones", () => {
    const table = formatTable([{ policy: "random", sensor: "concentration", summary: summarize([episode(10, true), episode(1000, false)], 0.01) }]);
    const lines = table.split("\n");
    expect(lines[0]).toMatch(/^policy\s+sensor\s+episodes\s+success\s+mean steps\*\s+median steps\*\s+mean return\s+steps\/s$/);
    expect(lines[2]).toMatch(/^random\s+concentration\s+2\s+50\.0%\s+10\.0\s+10\.0\s+0\.500\s+101k$/);
    expect(lines[3]).toContain("* over the episodes that reached the source");
  });

  it("observations become JSON exactly (float32 values as the same doubles)", () => {
    const data = Float32Array.of(0.1, 1 / 3);
    expect(observationToJson({ dtype: "float32", shape: [2], data })).toEqual([data[0], data[1]]);
    expect(observationToJson({ wind: Float32Array.of(1, 2), odor: 0.5 })).toEqual({ odor: 0.5, wind: [1, 2] });
    expect(JSON.parse(JSON.stringify(observationToJson(data)))).toEqual(Array.from(data));
  });
});

describe("pictures", () => {
  const plume = { width: 8, height: 6, field: Float32Array.from({ length: 48 }, (_, i) => i / 47), source: [4, 3] as const };

  it("the palette fits a GIF with one index left for transparency", () => {
    expect(palette().length).toBeLessThanOrEqual(255);
    expect(palette().length).toBe(PLUME_LEVELS + 5 + TRAJECTORY_COLORS.length);
  });

  it("wrapText breaks at spaces within the width", () => {
    const lines = wrapText("one two three four five six", 6 * 9, 1);
    expect(lines.every((l) => l.length <= 9)).toBe(true);
    expect(lines.join(" ")).toBe("one two three four five six");
  });

  it("figures and animations are valid images of the expected size", () => {
    const figure = drawFigure([{ title: "t", plume, trails: [{ cells: [[0, 0], [1, 0], [1, 1]], color: TRAJECTORY_COLORS[0] as never }] }], { scale: 4 });
    expect(figure.width).toBe(16 + 8 * 4 + 16);
    expect(toPng(figure).subarray(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
    const gif = animateEpisode(plume, { cells: [[0, 0], [1, 0], [2, 0]], color: TRAJECTORY_COLORS[1] as never }, { title: "x", scale: 3 });
    expect(new TextDecoder().decode(gif.subarray(0, 6))).toBe("GIF89a");
  });

  it("an animation redraws a time-varying plume (fieldAt) at every frame's step", () => {
    const steps: number[] = [];
    const trail = { cells: [[0, 0], [1, 0], [2, 0], [3, 0]] as [number, number][], color: TRAJECTORY_COLORS[1] as never };
    const fieldAt = (step: number) => {
      steps.push(step);
      return Float32Array.from({ length: plume.width * plume.height }, (_, i) => (i === step ? 1 : 0));
    };
    const moving = animateEpisode({ ...plume, fieldAt }, trail, { title: "x", scale: 3 });
    expect(steps).toEqual([0, 1, 2, 3]);
    expect(moving).not.toEqual(animateEpisode(plume, trail, { title: "x", scale: 3 }));
  });
});

describe("main, in-process", () => {
  it("a seeded comparison reproduces exactly (everything but the wall-clock numbers)", async () => {
    const once = async () => {
      const { io, out, err } = capture();
      const code = await main(["compare", "-n", "5", "--grid", "40x40", "--max-steps", "400", "--json", "--no-progress", "-o", `${process.env["TMPDIR"] ?? "/tmp"}/plume-api-test.png`], io);
      expect(code, err.join("")).toBe(0);
      const result = JSON.parse(out.join("")) as { policies: { policy: string; summary: Record<string, unknown>; episodes: unknown[] }[] };
      return result.policies.map(({ policy, summary, episodes }) => {
        const { elapsedSeconds: _e, stepsPerSecond: _s, ...rest } = summary;
        return { policy, rest, episodes };
      });
    };
    const first = await once();
    expect(first.map((p) => p.policy)).toEqual(["random", "temporal-gradient", "surge-cast", "greedy"]);
    expect(await once()).toEqual(first);
  });

  it("a bad flag returns 2 with one line on stderr", async () => {
    const { io, out, err } = capture();
    expect(await main(["run", "--max-steps", "-3"], io)).toBe(2);
    expect(out.join("")).toBe("");
    expect(err.join("").trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("runPolicy aggregates as it goes", () => {
  it("keepEpisodes: false keeps no episode (plume run -n 1000000 stays small) and gives the same summary", async () => {
    const { runPolicy } = await import("../src/index.js");
    const config = (await resolveEnvSetup({ grid: [24, 24], maxSteps: 80 })).config;
    const seeds = Array.from({ length: 40 }, (_, i) => i);
    const kept = await runPolicy({ policy: "random", config, seeds });
    const streamed = await runPolicy({ policy: "random", config, seeds, keepEpisodes: false });
    expect(kept.episodes).toHaveLength(40);
    expect(streamed.episodes).toHaveLength(0);
    const strip = ({ elapsedSeconds: _e, stepsPerSecond: _s, ...rest }: typeof kept.summary) => rest;
    expect(strip(streamed.summary)).toEqual(strip(kept.summary));
    expect(strip(streamed.summary)).toEqual(strip(summarize(kept.episodes, 1)));
  });
});

import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { make, parseEnvironmentConfig, registerPlugins } from "../src/index.js";
import { configEnv } from "./helpers.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = (lang: string) => [...readme.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1] as string);

describe("README", () => {
  it("shows a five-line episode loop that runs", () => {
    const loop = blocks("js").find((b) => b.includes('make("PlumeNav-v0")')) as string;
    expect(loop.trim().split("\n")).toHaveLength(5);
    // The same loop, against the source.
    const env = make("PlumeNav-v0", { gridSize: [16, 16] });
    env.actionSpace.seed(0);
    let [, info] = env.reset({ seed: 42 });
    let done = false;
    while (!done) {
      const [, , terminated, truncated, stepInfo] = env.step(env.actionSpace.sample());
      done = terminated || truncated;
      info = stepInfo;
    }
    env.close();
    expect(info.step_count).toBeGreaterThan(0);
  });

  it("its make example (Plume's options, the reference's kwargs, render through the wrappers) runs", () => {
    const block = blocks("js").find((b) => b.includes("observation_type")) as string;
    expect(block).toContain('ref.render("rgb_array")');
    expect(block).toContain('import { plugins as oriented } from "@plume/actions-oriented"');
    const run = new Function("make", "registerPlugins", "oriented", `${block.replace(/^import .*$/gm, "")}; return [plume, ref];`) as (
      m: typeof make,
      r: typeof registerPlugins,
      o: typeof orientedPlugins,
    ) => [ReturnType<typeof make>, ReturnType<typeof make>];
    const [plume, ref] = run(make, registerPlugins, orientedPlugins);
    expect(String(plume.actionSpace)).toBe("Discrete(4)");
    expect(String(ref.actionSpace)).toBe("Discrete(3)");
    expect(String(ref.observationSpace)).toBe("Box(0.0, 1.0, (2,), float32)");
  });

  it("its config examples (YAML and JSON) are valid and build", () => {
    const yaml = blocks("yaml");
    const json = blocks("json");
    expect(yaml.length).toBeGreaterThanOrEqual(2);
    expect(json.length).toBeGreaterThanOrEqual(1);
    const full = parseYaml(yaml[0] as string) as Record<string, unknown>;
    const env = configEnv(full);
    expect(env.gridSize.toTuple()).toEqual([64, 64]);
    const [obs] = env.reset({ seed: 1 });
    expect(env.observationSpace.contains(obs)).toBe(true);
    const fromJson = configEnv(JSON.parse(json[0] as string));
    expect(String(fromJson.actionSpace)).toBe("Discrete(2)");
    // The third-party plugin snippet is a valid config fragment.
    expect(parseEnvironmentConfig(parseYaml(yaml[1] as string)).sensor).toEqual({ type: "@acme/plume-sensor-foo", options: { gain: 2 } });
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TurbulentPlumeOptionsSchema } from "../src/index.js";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("README", () => {
  it("embeds examples/turbulent.mjs verbatim", () => {
    expect(read("../README.md")).toContain("```js\n" + read("../examples/turbulent.mjs") + "```");
  });

  it("has an install line and documents every option of the schema", () => {
    const readme = read("../README.md");
    expect(readme).toContain("npm install @plume/plume-turbulent");
    const shape = (TurbulentPlumeOptionsSchema as unknown as { _zod: { def: { in?: { shape?: object }; shape?: object } } })._zod.def;
    const keys = Object.keys(shape.shape ?? shape.in?.shape ?? {});
    expect(keys.length).toBeGreaterThan(25);
    for (const key of keys) expect(readme, key).toContain(`\`${key}\``);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BASELINE_NAMES } from "../src/index.js";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("README", () => {
  it("embeds examples/baselines.mjs verbatim", () => {
    expect(read("../README.md")).toContain("```js\n" + read("../examples/baselines.mjs") + "```");
  });

  it("has an install line and documents every baseline", () => {
    const readme = read("../README.md");
    expect(readme).toContain("npm install @plume/policies");
    for (const name of BASELINE_NAMES) expect(readme).toContain(`| \`${name}\` |`);
  });
});

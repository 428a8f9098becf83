import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("README", () => {
  it("embeds examples/continuous.mjs verbatim", () => {
    expect(read("../README.md")).toContain("```js\n" + read("../examples/continuous.mjs") + "```");
  });

  it("has an install line and an options table", () => {
    const readme = read("../README.md");
    expect(readme).toContain("npm install @plume/actions-continuous");
    expect(readme).toMatch(/\| `maxSpeed` \|/);
  });
});

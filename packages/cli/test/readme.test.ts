import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("README", () => {
  it("embeds examples/compare.mjs verbatim", () => {
    expect(read("../README.md")).toContain("```js\n" + read("../examples/compare.mjs") + "```");
  });

  it("embeds examples/browser-episode.mjs verbatim", () => {
    expect(read("../README.md")).toContain("```js\n" + read("../examples/browser-episode.mjs") + "```");
  });

  it("has an install line and documents every command", () => {
    const readme = read("../README.md");
    expect(readme).toContain("npm install @plume/cli");
    for (const command of ["run", "render", "record", "replay <dir>", "compare"]) expect(readme).toContain(`| \`plume ${command}\` |`);
  });
});

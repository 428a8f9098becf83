import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MoviePlumeOptionsSchema } from "../src/index.js";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("README", () => {
  it("embeds examples/movie.mjs verbatim", () => {
    expect(read("../README.md")).toContain("```js\n" + read("../examples/movie.mjs") + "```");
  });

  it("has an install line, a row for every option and a departures section", () => {
    const readme = read("../README.md");
    expect(readme).toContain("npm install @plume/plume-movie");
    for (const option of Object.keys(MoviePlumeOptionsSchema.shape)) expect(readme, option).toContain(`\`${option}\``);
    expect(readme).toContain("## Departures from the reference");
  });
});

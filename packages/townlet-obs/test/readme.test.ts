import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("README", () => {
  it("embeds examples/basic.mjs verbatim", () => {
    expect(read("../README.md")).toContain("```js\n" + read("../examples/basic.mjs") + "```");
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHECK_IDS } from "../src/index.js";

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), "utf8");

describe("README", () => {
  it("shows examples/check-a-sensor.mjs verbatim", () => {
    expect(read("../README.md")).toContain(read("../examples/check-a-sensor.mjs"));
  });

  it("lists every check id", () => {
    const readme = read("../README.md");
    for (const id of CHECK_IDS) expect(readme, id).toContain(`\`${id}\``);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), "utf8");

describe("README", () => {
  it("shows examples/basics.mjs verbatim", () => {
    expect(read("../README.md")).toContain(read("../examples/basics.mjs"));
  });

  it("lists every error code", () => {
    const readme = read("../README.md");
    for (const code of ["PLUME_VALIDATION", "PLUME_STATE", "PLUME_CONFIGURATION", "PLUME_COMPONENT", "PLUME_RENDERING"]) {
      expect(readme).toContain(code);
    }
  });
});

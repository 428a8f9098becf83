import { describe, expect, it } from "vitest";
import { checkCore } from "../src/index.js";

describe("core oracles", () => {
  it("the kit's own oracles pass every core check", () => {
    const report = checkCore();
    expect(report.results.filter((r) => r.status !== "passed").map((r) => r.message)).toEqual([]);
    expect(report.results).toHaveLength(8);
  });
});

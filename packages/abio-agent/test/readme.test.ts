import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ABIO_CHECK_IDS } from "../src/contract/index.js";
import * as api from "../src/index.js";

const root = new URL("../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] as string);
const built = existsSync(new URL("dist/index.js", root));

describe("README", () => {
  it("lists every contract check id", () => {
    for (const id of ABIO_CHECK_IDS) expect(readme).toContain(`\`${id}\``);
  });

  it("names exports that exist", () => {
    for (const name of ["Observation", "ActionResult", "Action", "ExperimentResults", "AbioSession", "runExperiment", "runBatch", "RandomAgent", "ScriptedAgent", "ToolCallingAgent", "toolDefinitions", "actionFromToolCall", "ScoringRegistry", "budgetCompliance", "agentFactory", "defineScenario"]) {
      expect(api, name).toHaveProperty(name);
    }
  });

  // The example agent runs as a user would run it: plain JS against the built package.
  it.runIf(built)("its complete example agent runs and prints what the README says", () => {
    const block = blocks[0] as string;
    expect(block).toContain("class ProbeAndStep");
    const expected = /\/\/ (agent_done .*)\n$/.exec(block)?.[1];
    const file = fileURLToPath(new URL("test/.readme-example.mjs", root));
    writeFileSync(file, block);
    try {
      const run = spawnSync(process.execPath, [file], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.stdout.trim()).toBe(expected);
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe("package.json", () => {
  it("exports every subpath from a source module", () => {
    const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { exports: Record<string, { types: string; default: string } | string> };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === "string") continue;
      const source = target.default.replace("./dist/", "src/").replace(/\.js$/, ".ts");
      expect(existsSync(new URL(source, root)), `${subpath} -> ${source}`).toBe(true);
    }
  });
});

/**
 * The root README's baseline table for the turbulent plume is reproducible with the one command printed above it.
 * This test reads that command from the README (so the command there cannot rot), runs it exactly — the same
 * config, seed and policy options — at 2 episodes instead of 100, and checks that it prints the table the README
 * shows: the same heading but for the episode count, and one row per baseline. The package README must print the
 * same command.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BIN, scratch } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const COMMAND_PREFIX = "node packages/cli/dist/bin.js compare --config examples/turbulent-search.yaml";

/** Splits a command line as a POSIX shell does for plain words and single-quoted strings (all the README uses). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|(\S+)/g)) words.push(match[1] ?? (match[2] as string));
  return words;
}

/** The README's command line, and the output block that follows it (the lines up to the closing fence). */
function readmeRun(readme: string): { command: string; output: string[] } {
  const lines = readme.split("\n");
  const bare = (l: string) => l.trim().replace(/^\$ /, "");
  const at = lines.findIndex((l) => bare(l).startsWith(COMMAND_PREFIX));
  expect(at, `a line starting with "${COMMAND_PREFIX}" in README.md`).toBeGreaterThanOrEqual(0);
  const command = bare(lines[at] as string);
  const output: string[] = [];
  for (let k = at + 1; k < lines.length && !(lines[k] as string).startsWith("```"); k++) output.push(lines[k] as string);
  return { command, output };
}

/** The command's words with `--episodes` set to `episodes` and the picture written to `out`. */
function withEpisodes(words: readonly string[], episodes: number, out: string): string[] {
  const args = [...words];
  const e = args.indexOf("--episodes");
  expect(e, "--episodes in the README command").toBeGreaterThan(0);
  args[e + 1] = String(episodes);
  return [...args, "--out", out, "--no-progress"];
}

describe("the turbulent-plume baseline table (root README)", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const { command, output } = readmeRun(readme);

  it("is printed with its command, over 100 episodes, with one row per baseline", () => {
    expect(command).toMatch(/--episodes 100\b/);
    expect(output.some((l) => /100 episodes, seeds 0-99/.test(l))).toBe(true);
    for (const name of ["random", "temporal-gradient", "surge-cast", "greedy"]) {
      expect(output.some((l) => new RegExp(`^${name}\\s+multi_modal\\s+100\\s`).test(l)), name).toBe(true);
    }
    const packageReadme = readFileSync(join(ROOT, "packages/plume-turbulent/README.md"), "utf8");
    expect(packageReadme).toContain(command);
  });

  it(
    "runs as printed (at 2 episodes): same heading, a row per baseline",
    () => {
      const words = shellWords(command);
      expect(words.slice(0, 2)).toEqual(["node", "packages/cli/dist/bin.js"]);
      const out = join(scratch(), "turbulent-compare.png");
      const r = spawnSync(process.execPath, [BIN, ...withEpisodes(words.slice(2), 2, out)], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
        timeout: 300_000,
      });
      expect(r.status, r.stderr).toBe(0);
      const heading = (output.find((l) => l.startsWith("comparing ")) as string).replace("100 episodes, seeds 0-99", "2 episodes, seeds 0-1");
      expect(r.stdout.split("\n")[0]).toBe(heading);
      for (const name of ["random", "temporal-gradient", "surge-cast", "greedy"]) {
        expect(r.stdout).toMatch(new RegExp(`^${name}\\s+multi_modal\\s+2\\s+\\d+\\.\\d%`, "m"));
      }
      expect(r.stdout).toContain(`wrote ${out}`);
    },
    600_000,
  );
});

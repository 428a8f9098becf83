/**
 * The page in a real browser (Debian's Chromium, driven by playwright-core): it loads, runs a seeded episode
 * that draws on the canvas, equals the CLI's episode step for step, compares policies with the CLI's numbers,
 * and shows a bad config's error beside the field.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configForBaseline, resolveEnvSetup, runPolicy, type StepRecord } from "@plume/cli";
import { getBaseline } from "@plume/policies";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium, packageDir, serveStatic } from "./browser.js";
import { ensureBuilt } from "./build.js";

const repoRoot = join(packageDir, "..", "..");
const cliBin = join(repoRoot, "packages", "cli", "dist", "bin.js");
const scratch = join(repoRoot, ".scratch");

interface PageState {
  scenes: number;
  fieldUpdates: number;
  timeVarying: boolean;
  answers: number;
  frames: number;
  loading: boolean;
  loaded: boolean;
  playing: boolean;
  steps: number;
  done: boolean;
  result?: { steps: number; return: number; success: boolean; end: [number, number]; policySeed: number; seed: number };
  error?: { message: string; parameter?: string };
}

let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;
let page: Page;
let work: string;
const pageErrors: string[] = [];

const state = () => page.evaluate(() => (window as unknown as { plumePage: { state(): PageState } }).plumePage.state());

/** Waits until the page has answered a load after the `after`th (with a scene or an error). */
async function waitForScene(after: number): Promise<PageState> {
  await page.waitForFunction(
    (n) => {
      const s = (window as unknown as { plumePage?: { state(): PageState } }).plumePage?.state();
      return s !== undefined && !s.loading && s.answers > n;
    },
    after,
    { timeout: 120_000 },
  );
  return state();
}

/** Replaces the editor's text (as typing would) and waits for the page to load it. */
async function setConfig(text: string): Promise<PageState> {
  const before = (await state()).answers;
  await page.fill("#config-text", text);
  return waitForScene(before);
}

async function choose(selector: string, value: string): Promise<PageState> {
  const before = (await state()).answers;
  await page.selectOption(selector, value);
  return waitForScene(before);
}

/** Sets an input's value and fires its change event, as a user's edit does when the field loses focus. */
async function setInput(selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (el, v) => {
      (el as HTMLInputElement).value = v;
      el.dispatchEvent(new Event("change"));
    },
    value,
  );
}

async function setSeed(seed: number): Promise<PageState> {
  const before = (await state()).answers;
  await setInput("#seed", String(seed));
  return waitForScene(before);
}

/** Runs the loaded episode to its end at full speed. */
async function runToEnd(): Promise<PageState> {
  await page.evaluate(() => {
    const speed = document.getElementById("speed") as HTMLInputElement;
    speed.value = "10";
    speed.dispatchEvent(new Event("input"));
  });
  await page.click("#run");
  await page.waitForFunction(() => (window as unknown as { plumePage: { state(): PageState } }).plumePage.state().done, null, { timeout: 120_000 });
  return state();
}

const canvasPixels = () => page.evaluate(() => (document.getElementById("scene") as HTMLCanvasElement).toDataURL());

/** The CLI's episode for the config file, policy and seed: `plume run`'s own code path, with every step recorded. */
async function cliEpisode(file: string, policy: string, seed: number, policyOptions?: Record<string, unknown>): Promise<{ steps: StepRecord[]; episode: unknown }> {
  const setup = await resolveEnvSetup({ config: file });
  const steps: StepRecord[] = [];
  const config = configForBaseline(setup, getBaseline(policy));
  const result = await runPolicy({ policy, policyOptions, config, baseDir: setup.baseDir, seeds: [seed], onStep: (s) => steps.push(s) });
  return { steps, episode: result.episodes[0] };
}

/** The `plume` binary, run from this package (so that the plugin packages it depends on resolve, as in a user's project). */
function plume(args: string[]): string {
  const run = spawnSync(process.execPath, [cliBin, ...args], { encoding: "utf8", cwd: packageDir });
  if (run.status !== 0) throw new Error(`plume ${args.join(" ")} failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

beforeAll(async () => {
  await ensureBuilt();
  server = await serveStatic();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 960 } });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  work = mkdtempSync(join(tmpdir(), "plume-web-test-"));
  await page.goto(server.url);
  await waitForScene(0);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe("the page in Chromium", () => {
  test("loads the default environment: the plume drawn, the config in the editor, the CLI commands", async () => {
    const s = await state();
    expect(s.error).toBeUndefined();
    expect(s.loaded).toBe(true);
    expect(await page.inputValue("#config-text")).toContain("gridSize");
    // The Gaussian's sigma is offered; the example list only when there are examples the page can run.
    expect(await page.isVisible("#sigma")).toBe(true);
    expect(await page.isVisible("#example")).toBe((await page.$$("#example option")).length > 1);
    expect(await page.textContent("#cli-commands")).toContain("plume run --config plume.yaml --policy temporal-gradient --seed 0");
    // The field is drawn: the canvas is not one colour.
    const colours = await page.evaluate(() => {
      const c = document.getElementById("scene") as HTMLCanvasElement;
      const data = (c.getContext("2d") as CanvasRenderingContext2D).getImageData(0, 0, c.width, c.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add(((data[i] as number) << 16) | ((data[i + 1] as number) << 8) | (data[i + 2] as number));
      return seen.size;
    });
    expect(colours).toBeGreaterThan(10);
  });

  test("runs a seeded episode: the canvas changes, the status and result show the outcome, single step and reset work", async () => {
    await setConfig("gridSize: [64, 64]\ngoalLocation: [32, 32]\nplume:\n  type: gaussian\n  options:\n    sigma: 8\nmaxSteps: 400\n");
    await choose("#policy", "temporal-gradient");
    await setSeed(11);
    const before = await canvasPixels();
    await page.click("#step");
    await page.waitForFunction(() => (window as unknown as { plumePage: { state(): PageState } }).plumePage.state().steps === 1);
    await page.click("#reset");
    await page.waitForFunction(() => (window as unknown as { plumePage: { state(): PageState } }).plumePage.state().steps === 0);
    const done = await runToEnd();
    expect(done.result?.seed).toBe(11);
    expect(done.steps).toBe(done.result?.steps);
    expect(await page.textContent("#status")).toMatch(done.result?.success === true ? /reached the source in \d+ steps/ : /did not reach the source/);
    // The frame that ended the episode is drawn on the next animation frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await canvasPixels()).not.toBe(before);
    mkdirSync(scratch, { recursive: true });
    await page.screenshot({ path: join(scratch, "web-page.png") });
  });

  // Same config and seed: the page's episode is `plume run`'s, step for step (actions, rewards, flags, cells, observations).
  test.each([
    { policy: "greedy", seed: 7, text: "gridSize: [48, 40]\ngoalLocation: [30, 12]\ngoalRadius: 1\nplume: { type: gaussian, options: { sigma: 9 } }\nmaxSteps: 300\n" },
    { policy: "random", seed: 4, options: { nActions: 9 }, text: "gridSize: [24, 24]\ngoalLocation: [5, 18]\nmaxSteps: 250\nsensor: concentration\naction: eight_direction\nreward: { type: step_penalty, options: { stepPenalty: 0.01 } }\n" },
    { policy: "surge-cast", seed: 12, text: "gridSize: [40, 40]\ngoalLocation: [10, 20]\nmaxSteps: 300\nwind: { type: constant, options: { directionDeg: 0, speed: 1 } }\n" },
  ])("page episode == CLI episode: $policy seed $seed", async ({ policy, seed, text, options }: { policy: string; seed: number; text: string; options?: Record<string, unknown> }) => {
    await page.$eval("#policy-options", (el, v) => ((el as HTMLInputElement).value = v), options === undefined ? "" : JSON.stringify(options));
    await choose("#policy", policy);
    const loaded = await setConfig(text);
    expect(loaded.error).toBeUndefined();
    const s = await setSeed(seed);
    expect(s.error).toBeUndefined();
    const done = await runToEnd();
    const pageSteps = await page.evaluate(() => (window as unknown as { plumePage: { episodeLog(): StepRecord[] } }).plumePage.episodeLog());
    const file = join(work, `${policy}.yaml`);
    writeFileSync(file, await page.inputValue("#config-text"));
    const cli = await cliEpisode(file, policy, seed, options);
    expect(pageSteps.length).toBeGreaterThan(0);
    expect(pageSteps).toEqual(cli.steps);
    const { trajectory: _t, ...episode } = cli.episode as { trajectory?: unknown };
    expect({ ...done.result, trajectory: undefined }).toEqual({ ...episode, trajectory: undefined });
    // And the `plume` binary itself, as a user runs it.
    const flags = options === undefined ? [] : ["--policy-options", JSON.stringify(options)];
    const json = JSON.parse(plume(["run", "--config", file, "--policy", policy, ...flags, "--seed", String(seed), "--episodes", "1", "--json", "--no-progress"])) as { episodes: unknown[] };
    // The page prints the same command to copy.
    expect(await page.textContent("#cli-commands")).toContain(`plume run --config plume.yaml --policy ${policy}${options === undefined ? "" : ` --policy-options '${JSON.stringify(options)}'`} --seed ${seed}`);
    expect(json.episodes[0]).toEqual({ ...episode });
  });

  test("the form shows what runs, and a form change writes only its own field into the config", async () => {
    await setConfig("gridSize: [40, 30]\nmaxSteps: 90\n");
    // No goalLocation: the selector's (64, 64), clamped into the grid; goalRadius: the selector's default.
    expect([await page.inputValue("#source-x"), await page.inputValue("#source-y")]).toEqual(["39", "29"]);
    expect(await page.inputValue("#goal-radius")).toBe("5");
    const before = (await state()).answers;
    await setInput("#max-steps", "120");
    await waitForScene(before);
    const text = await page.inputValue("#config-text");
    expect(text).toContain("maxSteps: 120");
    expect(text).not.toContain("goalLocation");
    expect(text).not.toContain("goalRadius");
  });

  // Time-varying plumes (the turbulent one) change over time: the page redraws their field as the episode runs, and the
  // episode is still the CLI's, step for step.
  test.each(["turbulent"])("the %s example: its field changes as it runs, and its episode equals the CLI's", async (name) => {
    const before = (await state()).answers;
    await page.selectOption("#example", name);
    const loaded = await waitForScene(before);
    expect(loaded.error).toBeUndefined();
    expect(loaded.timeVarying).toBe(true);
    await choose("#policy", "surge-cast");
    const first = await canvasPixels();
    for (let i = 0; i < 3; i++) await page.click("#step");
    await page.waitForFunction(() => (window as unknown as { plumePage: { state(): PageState } }).plumePage.state().steps === 3);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect((await state()).fieldUpdates).toBeGreaterThanOrEqual(3);
    expect(await canvasPixels()).not.toBe(first);
    await page.click("#reset");
    await page.waitForFunction(() => (window as unknown as { plumePage: { state(): PageState } }).plumePage.state().steps === 0);
    const done = await runToEnd();
    const pageSteps = await page.evaluate(() => (window as unknown as { plumePage: { episodeLog(): StepRecord[] } }).plumePage.episodeLog());
    const file = join(work, `${name}.yaml`);
    writeFileSync(file, await page.inputValue("#config-text"));
    const cli = await cliEpisode(file, "surge-cast", done.result?.seed ?? 0);
    expect(pageSteps).toEqual(cli.steps);
    await page.screenshot({ path: join(scratch, `web-${name}.png`) });
  });

  test("compare in the page gives plume compare's numbers, side by side per policy", async () => {
    const text = "gridSize: [32, 32]\ngoalLocation: [16, 16]\nmaxSteps: 200\n";
    await setConfig(text);
    await setSeed(3);
    await setInput("#episodes", "6");
    await page.uncheck('#compare-policies input[value="random"]');
    await page.click("#compare");
    await page.waitForFunction(() => (window as unknown as { plumePage: { compareRows(): unknown } }).plumePage.compareRows() !== undefined, null, { timeout: 120_000 });
    const all = await page.evaluate(() => (window as unknown as { plumePage: { compareRows(): { policy: string; sensor: string; summary: Record<string, unknown>; episodes: unknown[]; trails: unknown[] }[] } }).plumePage.compareRows());
    const rows = all.map(({ trails: _trails, ...row }) => row);
    const file = join(work, "compare.yaml");
    writeFileSync(file, await page.inputValue("#config-text"));
    const out = plume(["compare", "--config", file, "--policies", "temporal-gradient,surge-cast,greedy", "--seed", "3", "--episodes", "6", "--json", "--no-progress", "--out", join(work, "compare.png")]);
    const cli = JSON.parse(out) as { policies: { policy: string; sensor: string; summary: Record<string, unknown>; episodes: unknown[] }[] };
    const timeless = (s: Record<string, unknown>) => ({ ...s, elapsedSeconds: 0, stepsPerSecond: 0 });
    expect(rows.map((r) => r.policy)).toEqual(["temporal-gradient", "surge-cast", "greedy"]);
    expect(rows.map((r) => ({ ...r, summary: timeless(r.summary) }))).toEqual(cli.policies.map((r) => ({ ...r, summary: timeless(r.summary) })));
    // The pictures: each policy's first episodes' trails, the trajectories `plume compare` draws.
    const setup = await resolveEnvSetup({ config: file });
    for (const row of all) {
      const run = await runPolicy({ policy: row.policy, config: configForBaseline(setup, getBaseline(row.policy)), baseDir: setup.baseDir, seeds: [3, 4, 5, 6, 7, 8], trajectories: 6 });
      expect(row.trails).toEqual(run.episodes.map((e) => e.trajectory));
    }
    expect(await page.$$eval("#compare-panels figure", (figures) => figures.map((f) => (f as HTMLElement).dataset["policy"]))).toEqual(["temporal-gradient", "surge-cast", "greedy"]);
    await page.screenshot({ path: join(scratch, "web-compare.png") });
    // Every episode, side by side per policy (seed, success, steps, return).
    const perEpisode = await page.$$eval("#episodes-table tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    expect(perEpisode.map((r) => r[0])).toEqual(["3", "4", "5", "6", "7", "8"]);
    perEpisode.forEach((r, i) =>
      cli.policies.forEach((p, j) => {
        const e = p.episodes[i] as { success: boolean; steps: number; return: number };
        expect(r[j + 1]).toBe(`${e.success ? "✓" : "✗"} ${e.steps} steps, return ${Number(e.return.toFixed(3))}`);
      }),
    );
    // The panel shows them side by side, one row per policy.
    const shown = await page.$$eval("#results-table tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    expect(shown.map((r) => r[0])).toEqual(["temporal-gradient", "surge-cast", "greedy"]);
    shown.forEach((r, i) => {
      const s = cli.policies[i]?.summary as { successRate: number; meanReturn: number };
      expect(r[3]).toBe(`${(s.successRate * 100).toFixed(1)}%`);
      expect(r[7]).toBe(s.meanReturn.toFixed(3));
    });
  });

  test("a bad config shows its error beside the field and at its line in the editor", async () => {
    const bad = await setConfig("gridSize: [64, 64]\ngoalLocation: [32, 32]\nplume:\n  type: gaussian\n  options:\n    sigma: -2\n");
    expect(bad.error?.parameter).toBe("plume.options.sigma");
    expect(await page.textContent('[data-error-for="plume.options.sigma"]')).toMatch(/sigma.*> 0/);
    expect(await page.getAttribute("#gutter .bad", "data-error")).toMatch(/sigma/);
    expect(await page.textContent("#gutter .bad")).toBe("6");
    // A syntax error: at its line.
    await page.fill("#config-text", "gridSize: [64, 64\nmaxSteps: 10\n");
    await page.waitForFunction(() => /syntax/.test(document.getElementById("config-error")?.textContent ?? ""));
    expect(await page.textContent("#config-error")).toMatch(/^line 2: syntax: Flow sequence/);
    expect(await page.textContent("#gutter .bad")).toBe("2");
    // A bad value typed in the form: beside the form field.
    await setConfig("gridSize: [64, 64]\ngoalLocation: [32, 32]\n");
    const before = (await state()).answers;
    await setInput("#source-x", "80");
    const outside = await waitForScene(before);
    expect(outside.error?.parameter).toBe("goalLocation");
    expect(await page.textContent('[data-error-for="goalLocation"]')).toMatch(/outside the 64x64 grid/);
    // An unknown sensor name in the editor: beside the sensor field, naming the allowed values.
    const unknown = await setConfig("gridSize: [64, 64]\ngoalLocation: [32, 32]\nsensor: nose\n");
    expect(unknown.error?.parameter).toBe("sensor.type");
    expect(await page.textContent('[data-error-for="sensor"]')).toMatch(/unknown sensor type "nose".*concentration/);
    // A module path: refused (importing it would run its code), as plume run does without --allow-module-paths.
    const module = await setConfig("gridSize: [64, 64]\ngoalLocation: [32, 32]\nsensor: ./evil.mjs\n");
    expect(module.error?.parameter).toBe("sensor.type");
    expect(await page.textContent('[data-error-for="sensor"]')).toMatch(/is a module path, and importing it would run its code/);
    // Policy options: not JSON, and out of range for the policy — beside the options field.
    await setConfig("gridSize: [64, 64]\ngoalLocation: [32, 32]\n");
    await choose("#policy", "random");
    await setInput("#policy-options", "{nActions: 3");
    expect(await page.textContent('[data-error-for="policyOptions"]')).toMatch(/not valid JSON/);
    let asked = (await state()).answers;
    await setInput("#policy-options", '{"nActions": 0}');
    const options = await waitForScene(asked);
    expect(options.error?.parameter).toBe("policyOptions");
    expect(await page.textContent('[data-error-for="policyOptions"]')).toMatch(/^policy options: .*nActions/);
    asked = (await state()).answers;
    await setInput("#policy-options", "");
    expect((await waitForScene(asked)).error).toBeUndefined();
    // Fixed: the error goes away.
    const fixed = await setConfig("gridSize: [64, 64]\ngoalLocation: [32, 32]\n");
    expect(fixed.error).toBeUndefined();
    expect(await page.textContent('[data-error-for="sensor"]')).toBe("");
  });

  test("the page threw no uncaught errors", () => {
    expect(pageErrors).toEqual([]);
  });
});

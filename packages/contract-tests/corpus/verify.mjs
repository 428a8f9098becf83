#!/usr/bin/env node
// Checks the corpus itself, without the contract kit:
// - every broken entry really misbehaves: its demo in demos.mjs drives the plugin by hand and must
//   show the bug (a demo that cannot show it fails the entry);
// - every correct entry really works in Plume: components run inside a real PlumeEnv from @plume/env
//   (3 episodes, observations checked at every step), policies drive a PlumeEnv, and env modules run
//   episodes with their own invariants checked (observation in space, boolean flags, finite rewards,
//   step limit, [H, W, 3] uint8 frames);
// - every manifest entry points at a module that loads, and every module is in the manifest;
// - run.mjs judges synthetic CLI runs (killed, killed by another id, survived, crashed, timed out,
//   accepted, false failure) as its README says.
//
//   node packages/contract-tests/corpus/verify.mjs [--only <glob>]...
//
// @plume/env is not a dependency of @plume/contract-tests (the kit must never import it); this script
// loads the workspace's built copy from packages/env/dist, so run `npx turbo run build` first.
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { AgentState, Coordinates, ENV_STATE_KEYS, GridSize, isNDArray, isPlugin, ndarray } from "@plume/core-types";
import { Box, Generator } from "@plume/spaces";
import { demos } from "./demos.mjs";
import { globToRegExp, judge, loadManifest, summarize } from "./run.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "../../..");
const envRequire = createRequire(join(repoRoot, "packages/env/package.json"));
const plumeEnv = await import(pathToFileURL(envRequire.resolve("@plume/env")).href).catch(() => import(pathToFileURL(join(repoRoot, "packages/env/dist/index.js")).href));
const actionsDiscrete = await import(pathToFileURL(envRequire.resolve("@plume/actions-discrete")).href);
const { PlumeEnv, GaussianPlume, ConstantWindField } = plumeEnv;

// ------------------------------------------------------------------ helpers for demos
class DemoError extends Error {}

/** Membership judged by a plain Box with the space's bounds, dtype and shape (never the plugin's own contains). */
function isContained(space, value) {
  if (!(space instanceof Box)) return space.contains(value);
  const plain = new Box({ low: space.low, high: space.high, shape: space.shape, dtype: space.dtype });
  return plain.contains(value);
}

function helpers(entry, module) {
  const plugin = module.plugin;
  const createEnv = typeof module.createEnv === "function" ? module.createEnv : module.default;
  const h = {
    make: (options) => plugin.create(options),
    createEnv: (hints) => createEnv(hints),
    grid: (w, hgt) => new GridSize(w, hgt),
    agent: ([x, y], extra = {}) => new AgentState({ position: new Coordinates(x, y), ...extra }),
    gaussian: ({ grid = [32, 32], source, sigma = 4 } = {}) => new GaussianPlume({ gridSize: grid, ...(source && { sourceLocation: source }), sigma }),
    wind: (vx, vy) => new ConstantWindField({ vector: [vx, vy] }),
    ndarray,
    Generator,
    Box,
    isContained,
    assert(condition, what) {
      if (!condition) throw new DemoError(`the bug did not show: ${what}`);
    },
    /** An env state with exactly the keys PlumeEnv supplies (wind_field only with a wind). */
    state({ grid = [32, 32], agent = [0, 0], orientation = 0, field, wind, step_count = 0, max_steps = 1000, goal, rngSeed = 0 } = {}) {
      const gridSize = new GridSize(grid[0], grid[1]);
      const plume = field ?? new GaussianPlume({ gridSize, sigma: 4 });
      let dense = plume.fieldArray;
      if (!(dense instanceof Float32Array)) {
        dense = new Float32Array(grid[0] * grid[1]);
        for (let y = 0; y < grid[1]; y++) for (let x = 0; x < grid[0]; x++) dense[y * grid[0] + x] = plume.sample(x, y);
      }
      const g = goal ?? (plume.sourceLocation ? [plume.sourceLocation.x, plume.sourceLocation.y] : [Math.floor(grid[0] / 2), Math.floor(grid[1] / 2)]);
      return {
        agent_state: new AgentState({ position: new Coordinates(agent[0], agent[1]), orientation, step_count }),
        plume_field: dense,
        concentration_field: plume,
        ...(wind !== undefined && { wind_field: wind }),
        goal_location: new Coordinates(g[0], g[1]),
        grid_size: gridSize,
        step_count,
        max_steps,
        rng: Generator.fromSeed(rngSeed),
      };
    },
    /** The env state a real PlumeEnv hands its sensor after reset({ seed: 1 }) (captured by a spy sensor). */
    async realEnvState() {
      let captured;
      const space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
      const spy = {
        get observationSpace() {
          return space;
        },
        getObservation(state) {
          captured = state;
          return ndarray("float32", [1], Float32Array.of(0));
        },
        getMetadata: () => ({ type: "spy", modality: "none", parameters: {}, required_state_keys: ["agent_state"] }),
      };
      const env = new PlumeEnv({ gridSize: [16, 12], sensor: spy });
      env.reset({ seed: 1 });
      env.step(0);
      env.close();
      return { ...captured };
    },
    /** Batch inputs (structure of arrays) for rows of [x, y]; `prev` rows default to the same cells. */
    batch(rows, { orientation, prev } = {}) {
      const n = rows.length;
      const b = {
        size: n,
        x: Int32Array.from(rows, (r) => r[0]),
        y: Int32Array.from(rows, (r) => r[1]),
        prevX: Int32Array.from(prev ?? rows, (r) => r[0]),
        prevY: Int32Array.from(prev ?? rows, (r) => r[1]),
        orientation: Float64Array.from(orientation ?? rows.map(() => 0)),
        stepCount: new Float64Array(n),
        distance: new Float64Array(n),
        totalReward: new Float64Array(n),
      };
      return b;
    },
    context({ grid = [32, 32], field, goal = [64, 64], goalRadius = 1, maxSteps = 1000 } = {}) {
      const concentrationField = field ?? new GaussianPlume({ gridSize: grid, sigma: 4 });
      return {
        gridWidth: grid[0],
        gridHeight: grid[1],
        goalX: goal[0],
        goalY: goal[1],
        goalRadius,
        maxSteps,
        concentrationField,
        fieldArray: concentrationField.fieldArray,
        windField: undefined,
        rngs: [Generator.fromSeed(0), Generator.fromSeed(1), Generator.fromSeed(2)],
      };
    },
  };
  return h;
}

// ------------------------------------------------------------------ correct plugins in a real env
function fail(message) {
  throw new Error(message);
}

/** Seeded random actions from a space (its own seeded copy). */
function actionSource(space, seed) {
  space.seed(seed);
  return () => space.sample();
}

/** Runs episodes on a PlumeEnv-like env: reset(seed), unseeded reset, reset(seed) again; checks what every step returns. */
function runEpisodes(env, { steps = 150, choose } = {}) {
  const act = choose ?? actionSource(env.actionSpace, 11);
  const episodes = [{ seed: 1 }, {}, { seed: 2 }];
  let total = 0;
  for (const options of episodes) {
    let [obs, info] = env.reset(options);
    if (!env.observationSpace.contains(obs)) fail(`reset observation outside the space: ${JSON.stringify(obs)}`);
    if (options.seed !== undefined && info.seed !== options.seed) fail(`info.seed ${info.seed} after reset(${JSON.stringify(options)})`);
    for (let i = 0; i < steps; i++) {
      const [o, reward, terminated, truncated, stepInfo] = env.step(act(obs));
      total++;
      obs = o;
      if (!env.observationSpace.contains(o)) fail(`step ${i + 1}: observation outside the space`);
      if (typeof terminated !== "boolean" || typeof truncated !== "boolean") fail(`step ${i + 1}: non-boolean flags`);
      if (typeof reward !== "number" || !Number.isFinite(reward)) fail(`step ${i + 1}: reward ${reward}`);
      const [x, y] = stepInfo.agent_position ?? [0, 0];
      const grid = env.gridSize;
      if (grid && !(x >= 0 && x < grid.width && y >= 0 && y < grid.height)) fail(`step ${i + 1}: agent at (${x}, ${y}) outside the grid`);
      if (env.maxSteps !== undefined && stepInfo.step_count > env.maxSteps) fail(`step_count ${stepInfo.step_count} past maxSteps ${env.maxSteps}`);
      if (terminated || truncated) break;
    }
    if (env.renderMode === "rgb_array") {
      const frame = env.render();
      const { width, height } = env.gridSize;
      if (!isNDArray(frame) || frame.dtype !== "uint8" || frame.shape.join() !== [height, width, 3].join()) fail(`frame is not uint8 [${height}, ${width}, 3]`);
    }
  }
  env.close();
  return total;
}

const windSensorSpace = new Box({ low: -Infinity, high: Infinity, shape: [2], dtype: "float32" });
/** A plain wind-reading sensor for running wind plugins inside PlumeEnv. */
const windReader = () => ({
  get observationSpace() {
    return windSensorSpace;
  },
  getObservation: (s) => ndarray("float32", [2], s.wind_field ? Float32Array.from(s.wind_field.sample(s.agent_state.position)) : new Float32Array(2)),
  getMetadata: () => ({ type: "wind_reader", modality: "mechanosensory", parameters: {}, required_state_keys: ["agent_state"], optional_state_keys: ["wind_field"] }),
});

function runCorrect(entry, module) {
  const every = { checkObservations: "every-step" };
  if (entry.kind === "env") {
    const createEnv = typeof module.createEnv === "function" ? module.createEnv : module.default;
    const plain = runEpisodes(createEnv(), { steps: 400 });
    const rendered = runEpisodes(createEnv({ renderMode: "rgb_array", maxSteps: 30 }), { steps: 40 });
    return `${plain + rendered} steps over 6 episodes (plain and rgb_array with maxSteps 30)`;
  }
  const component = module.plugin.create();
  switch (entry.kind) {
    case "sensor": {
      const env = new PlumeEnv({ gridSize: [40, 28], sensor: component, wind: new ConstantWindField({ vector: [1.5, -0.5] }), maxSteps: 200, ...every });
      return `${runEpisodes(env)} steps in PlumeEnv (40x28, wind (1.5, -0.5), every observation checked)`;
    }
    case "action": {
      const env = new PlumeEnv({ gridSize: [20, 12], action: component, maxSteps: 200, ...every });
      return `${runEpisodes(env)} steps in PlumeEnv (20x12, agent kept in bounds)`;
    }
    case "reward": {
      const env = new PlumeEnv({ reward: component, maxSteps: 200, ...every });
      return `${runEpisodes(env)} steps in PlumeEnv (128x128, finite rewards)`;
    }
    case "plume": {
      const big = component.gridSize && component.gridSize.width * component.gridSize.height > 100_000;
      const env = new PlumeEnv({ plume: component, maxSteps: big ? 10 : 120, ...every });
      return `${runEpisodes(env, { steps: big ? 10 : 150 })} steps in PlumeEnv on the plume's own ${component.gridSize?.width}x${component.gridSize?.height} grid (advanced every step)`;
    }
    case "wind": {
      const env = new PlumeEnv({ gridSize: [40, 28], wind: component, sensor: windReader(), maxSteps: 200, ...every });
      return `${runEpisodes(env)} steps in PlumeEnv with the wind read every step`;
    }
    case "policy": {
      const n = component.actionSpace.n;
      const action = n > 4 ? new actionsDiscrete.EightDirectionActions() : undefined;
      const env = new PlumeEnv({ gridSize: [32, 32], maxSteps: 200, ...(action && { action }), ...every });
      component.reset({ seed: 5 });
      const steps = runEpisodes(env, {
        choose: (obs) => {
          const a = component.selectAction(obs);
          if (!component.actionSpace.contains(a)) fail(`the policy chose ${a}, outside its action space`);
          return a;
        },
      });
      return `${steps} steps of PlumeEnv driven by the policy`;
    }
    default:
      return fail(`unknown kind ${entry.kind}`);
  }
}

// ------------------------------------------------------------------ run.mjs's judging
/** Judges synthetic CLI runs the way run.mjs does and returns the problems found (empty when the rules hold). */
function checkJudging() {
  const report = (results) => ({ suites: [{ suite: "observation-model", results }] });
  const broken = { id: "b", kind: "sensor", class: "1-history", expect: "reject", checks: ["obs.a", "obs.b"] };
  const correct = { id: "c", kind: "sensor", class: "x", expect: "accept", checks: [] };
  const cases = [
    [broken, { code: 1, report: report([{ id: "obs.b", status: "failed" }]) }, "killed"],
    [broken, { code: 1, report: report([{ id: "obs.z", status: "failed" }]) }, "killed-other"],
    [broken, { code: 0, report: report([{ id: "obs.a", status: "warned" }]) }, "survived"],
    [broken, { code: 2, stderr: "exports no plugin", report: undefined }, "not-run"],
    [broken, { code: 1, stderr: "Cannot find module", report: undefined }, "not-run"],
    [broken, { code: "killed by SIGKILL (timeout)", report: undefined }, "not-run"],
    [correct, { code: 0, report: report([{ id: "obs.a", status: "passed" }]) }, "accepted"],
    [correct, { code: 1, report: report([{ id: "obs.a", status: "failed" }]) }, "false-failure"],
    [correct, { code: 2, stderr: "bad usage", report: undefined }, "not-run"],
  ];
  const problems = [];
  const judged = cases.map(([entry, run, want]) => {
    const j = judge(entry, { stdout: "", stderr: "", ms: 1, ...run });
    if (j.verdict !== want) problems.push(`run.mjs judged ${JSON.stringify(run)} for a ${entry.expect} entry as ${j.verdict}, not ${want}`);
    return j;
  });
  const t = summarize(judged).total;
  if (t.broken !== 6 || t.killed !== 1 || t.killedOther !== 1 || t.survived !== 1 || t.notRun !== 3 || t.correct !== 3 || t.accepted !== 1 || t.falseFailures !== 1 || t.correctNotRun !== 1) {
    problems.push(`run.mjs's tally of the synthetic runs is wrong: ${JSON.stringify(t)}`);
  }
  return problems;
}

// ------------------------------------------------------------------ main
function modulesOnDisk() {
  const out = [];
  for (const top of ["broken", "correct"]) {
    const walk = (dir) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (name.endsWith(".mjs")) out.push(relative(here, p));
      }
    };
    walk(join(here, top));
  }
  return out.sort();
}

async function main() {
  const { values } = parseArgs({ options: { only: { type: "string", multiple: true } } });
  const manifest = loadManifest();
  const globs = (values.only ?? []).map(globToRegExp);
  const problems = [];
  const listed = new Set(manifest.entries.map((e) => e.path));
  if (globs.length === 0) {
    for (const path of modulesOnDisk()) if (!listed.has(path)) problems.push(`${path}: not in manifest.json`);
    const ids = new Set();
    for (const e of manifest.entries) {
      if (ids.has(e.id)) problems.push(`${e.id}: duplicate id`);
      ids.add(e.id);
      for (const key of ["id", "path", "kind", "class", "expect", "checks"]) if (e[key] === undefined) problems.push(`${e.id}: no ${key}`);
      if (e.expect === "reject" && (!Array.isArray(e.checks) || e.checks.length === 0 || !e.bug || !e.demo)) problems.push(`${e.id}: a broken entry needs bug, demo and checks`);
      if (e.expect === "reject" && !(e.class in manifest.classes)) problems.push(`${e.id}: class ${e.class} is not in manifest.classes`);
      if (e.expect === "reject" && typeof demos[e.id] !== "function") problems.push(`${e.id}: no demo in demos.mjs`);
      if (e.expect === "accept" && !e.description) problems.push(`${e.id}: a correct entry needs a description`);
    }
  }
  if (globs.length === 0) problems.push(...checkJudging());
  const entries = manifest.entries.filter((e) => globs.length === 0 || globs.some((g) => g.test(e.id) || g.test(e.path)));
  let shown = 0;
  let working = 0;
  for (const entry of entries) {
    let module;
    try {
      module = await import(pathToFileURL(join(here, entry.path)).href);
    } catch (error) {
      problems.push(`${entry.id}: cannot import: ${error.message}`);
      continue;
    }
    const isEnv = entry.kind === "env";
    if (isEnv ? typeof (module.createEnv ?? module.default) !== "function" : !isPlugin(module.plugin, entry.kind)) {
      problems.push(`${entry.id}: expected ${isEnv ? "a createEnv (or default) factory export" : `a ${entry.kind} plugin export`}`);
      continue;
    }
    try {
      if (entry.expect === "reject") {
        const observed = await demos[entry.id](helpers(entry, module));
        shown++;
        console.log(`bug shown    ${entry.id}: ${observed}`);
      } else {
        const observed = runCorrect(entry, module);
        working++;
        console.log(`works        ${entry.id}: ${observed}`);
      }
    } catch (error) {
      problems.push(`${entry.id}: ${error instanceof DemoError ? error.message : `${error.constructor.name}: ${error.message}`}`);
    }
  }
  const broken = entries.filter((e) => e.expect === "reject").length;
  const correct = entries.length - broken;
  console.log(`\nverify: bugs shown for ${shown}/${broken} broken plugins; ${working}/${correct} correct plugins work in Plume.`);
  console.log(`env-state keys a real PlumeEnv supplies: ${ENV_STATE_KEYS.join(", ")}`);
  if (problems.length > 0) {
    console.log(`\n${problems.length} problem(s):`);
    for (const p of problems) console.log(`  ${p}`);
    return 1;
  }
  return 0;
}

main().then((code) => {
  process.exitCode = code;
});

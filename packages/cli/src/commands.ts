/**
 * The work of each `plume` command. Loaded only when a command runs (it imports `@plume/env`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { assertWithinMemoryBudget, setMemoryBudget } from "@plume/env";
import { BASELINE_NAMES, getBaseline } from "@plume/policies";
import * as z from "zod";
import { configForBaseline, createEnv, describeConfig, resolveEnvSetup, sensorLabel, type EnvSetup } from "./env-config.js";
import { CliError, ExitCode, describeError, oneLine } from "./errors.js";
import { EnvFlagsSchema, intFlag, parseFlags, pick, policyFlags, parseComparePolicyOptions, resolveSeeds, describeSeeds } from "./flags.js";
import { animateEpisode, autoScale, drawFigure, toPng, TRAJECTORY_COLORS, type Panel, type PlumeImage, type Trail } from "./picture.js";
import { progressBar, stepProgressBar } from "./progress.js";
import { exportParquet } from "@plume/data-capture/node";
import { recordRun, replayRun } from "./record.js";
import { runPolicy, type RunResult } from "./runner.js";
import { formatTable } from "./table.js";
import type { Io } from "./io.js";

/** `PLUME_MEMORY_BUDGET` (bytes) replaces `@plume/env`'s memory budget (1 GiB) for this command. */
function applyMemoryBudget(): void {
  const text = process.env["PLUME_MEMORY_BUDGET"];
  if (text === undefined || text === "") return;
  const bytes = Number(text);
  if (!(bytes > 0)) throw new CliError(`PLUME_MEMORY_BUDGET: expected a number of bytes > 0, e.g. PLUME_MEMORY_BUDGET=4e9, got ${JSON.stringify(text)}`);
  setMemoryBudget(bytes);
}

async function envSetup(values: Record<string, unknown>, io: Io): Promise<EnvSetup> {
  applyMemoryBudget();
  const flags = parseFlags(EnvFlagsSchema, pick(values, ["config", "grid", "source", "sigma", "goalRadius", "maxSteps"]));
  try {
    return await resolveEnvSetup(flags, io.cwd ?? process.cwd());
  } catch (error) {
    const { message, exitCode } = describeError(error);
    if (exitCode !== ExitCode.USAGE) throw error;
    const where = flags.config === undefined ? "environment flags" : `--config ${flags.config}`;
    throw new CliError(message.startsWith("--") ? message : `${where}: ${message}`, ExitCode.USAGE, { cause: error });
  }
}

// ------------------------------------------------------------------ pictures

/** The plume of an environment config as a picture source. */
async function plumeImage(setup: EnvSetup): Promise<PlumeImage> {
  const env = await createEnv(setup.config, setup.baseDir);
  try {
    const { width, height } = env.gridSize;
    const own = (env.plume as { fieldArray?: unknown }).fieldArray;
    let field: ArrayLike<number>;
    if (own instanceof Float32Array && own.length === width * height) field = own;
    else {
      const sampled = new Float32Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) sampled[y * width + x] = Number(env.plume.sample(x, y, 0));
      field = sampled;
    }
    return { width, height, field, source: [env.sourceLocation.x, env.sourceLocation.y] };
  } finally {
    env.close();
  }
}

/**
 * A time-varying plume (one with `advanceToStep`, e.g. the turbulent plume) as it was during the episode reset with
 * `seed`: a fresh environment of the same config, reset with that seed, its plume moved to each asked step (the
 * plume depends on the seed and the step only, not on the agent). Undefined for a static plume.
 */
async function movingPlume(setup: EnvSetup, seed: number | undefined): Promise<{ fieldAt: (step: number) => Float32Array; close(): void } | undefined> {
  const env = await createEnv(setup.config, setup.baseDir);
  if (typeof env.plume.advanceToStep !== "function") {
    env.close();
    return undefined;
  }
  env.reset(seed === undefined ? undefined : { seed });
  const { width, height } = env.gridSize;
  return {
    fieldAt: (step) => {
      env.plume.advanceToStep?.(step);
      const field = new Float32Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) field[y * width + x] = Number(env.plume.sample(x, y, step));
      return field;
    },
    close: () => env.close(),
  };
}

function trailsOf(result: RunResult, count: number): Trail[] {
  return result.episodes
    .slice(0, count)
    .filter((e) => e.trajectory !== undefined)
    .map((e, i) => ({ cells: e.trajectory ?? [], color: TRAJECTORY_COLORS[i % TRAJECTORY_COLORS.length] as Trail["color"] }));
}

function panelSubtitle(result: RunResult, sensor: string): string {
  const s = result.summary;
  const steps = s.meanStepsToSource === null ? "-" : s.meanStepsToSource.toFixed(1);
  return `${(s.successRate * 100).toFixed(0)}% success | mean ${steps} steps | ${sensor} sensor`;
}

function writeBytes(path: string, bytes: Uint8Array, flag: string): string {
  const target = resolve(path);
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  } catch (error) {
    throw new CliError(`${flag} ${path}: cannot write the file (${oneLine((error as Error).message)}); choose a writable path`);
  }
  return target;
}

/**
 * Refuses a picture whose memory would exceed `@plume/env`'s memory budget, stating what it needs: the
 * plume's field copy, an RGB canvas per panel and, for a GIF, one indexed frame per frame kept by the encoder.
 */
function assertPictureFits(setup: EnvSetup, scale: number | undefined, panels: number, gifFrames: number, flag: string): void {
  const { width, height } = setup.config.gridSize as { width: number; height: number };
  const s = scale ?? autoScale(width, height);
  const pixels = width * s * height * s;
  const bytes = 4 * width * height + 3 * pixels * panels + gifFrames * pixels;
  try {
    assertWithinMemoryBudget(bytes, `the picture of the ${width}x${height} grid at ${s} px per cell${gifFrames > 0 ? ` with ${gifFrames} GIF frames` : ""}`, flag, [width, height]);
  } catch (error) {
    const summary = oneLine((error as Error).message).split("; expected")[0];
    throw new CliError(`${flag}: ${summary}; use a smaller --grid or --scale${gifFrames > 0 ? " or --max-frames" : ""} (or raise PLUME_MEMORY_BUDGET, in bytes)`, ExitCode.USAGE, { cause: error });
  }
}

function scaleFlag(values: Record<string, unknown>): number | undefined {
  return parseFlags(z.strictObject({ scale: intFlag("--scale 4", 1, 32).optional() }), pick(values, ["scale"])).scale;
}

// ------------------------------------------------------------------ commands

export type Action = (values: Record<string, unknown>, io: Io, args: readonly string[], argv: readonly string[]) => Promise<void>;

export async function runCommand(values: Record<string, unknown>, io: Io): Promise<void> {
  const { name, options } = policyFlags(values);
  const seeds = resolveSeeds(values, 10);
  const setup = await envSetup(values, io);
  const render = parseFlags(z.strictObject({ render: z.enum(["none", "human"], { error: "none or human" }).default("none") }), pick(values, ["render"])).render;
  const config = configForBaseline(setup, getBaseline(name));
  if (render === "human" && process.stdout.isTTY !== true) io.stderr("note: --render human draws only when stdout is a terminal\n");
  if (values["json"] !== true) io.stdout(`${name} on ${describeConfig(config)}; seeds ${describeSeeds(seeds)}\n`);
  const bar = progressBar(name, seeds.length, values["progress"] !== false && render === "none");
  const json = values["json"] === true;
  let successes = 0;
  let steps = 0;
  let result: RunResult;
  // --json streams every episode as it finishes; otherwise only the summary is accumulated (no per-episode results are kept).
  if (json) io.stdout(`{"policy": ${JSON.stringify(name)}, "policyOptions": ${JSON.stringify(options ?? {})}, "env": ${JSON.stringify(config)}, "seeds": ${JSON.stringify(seeds)}, "episodes": [`);
  let first = true;
  try {
    result = await runPolicy({
      policy: name,
      policyOptions: options,
      config,
      baseDir: setup.baseDir,
      seeds,
      keepEpisodes: false,
      renderMode: render === "human" ? "human" : null,
      onEpisode: (e) => {
        successes += e.success ? 1 : 0;
        steps += e.steps;
        bar.tick(successes, steps);
        if (json) {
          io.stdout(`${first ? "\n" : ",\n"}  ${JSON.stringify(e)}`);
          first = false;
        }
      },
    });
  } finally {
    bar.stop();
  }
  if (json) {
    io.stdout(`\n], "summary": ${JSON.stringify(result.summary, null, 2)}}\n`);
    return;
  }
  io.stdout(`${formatTable([{ policy: name, sensor: sensorLabel(config), summary: result.summary }])}\n`);
}

export async function renderCommand(values: Record<string, unknown>, io: Io): Promise<void> {
  const { name, options } = policyFlags(values);
  const seeds = resolveSeeds(values, 4);
  const setup = await envSetup(values, io);
  const flags = parseFlags(
    z.strictObject({
      out: z.string().min(1, { error: "a file name, e.g. --out plume.png" }).default("plume.png"),
      gif: z.string().min(1, { error: "a file name, e.g. --gif episode.gif" }).optional(),
      fps: intFlag("--fps 20", 1, 100).default(20),
      maxFrames: intFlag("--max-frames 150", 2, 5000).default(150),
    }),
    pick(values, ["out", "gif", "fps", "maxFrames"]),
  );
  const scale = scaleFlag(values);
  assertPictureFits(setup, scale, 1, flags.gif === undefined ? 0 : flags.maxFrames, flags.gif === undefined ? "--out" : "--gif");
  const config = configForBaseline(setup, getBaseline(name));
  const result = await runPolicy({ policy: name, policyOptions: options, config, baseDir: setup.baseDir, seeds, trajectories: TRAJECTORY_COLORS.length });
  const plume = await plumeImage({ ...setup, config });
  const figure = drawFigure(
    [{ title: `${name}`, subtitle: panelSubtitle(result, sensorLabel(config)), plume, trails: trailsOf(result, TRAJECTORY_COLORS.length) }],
    {
      scale,
      legend: [
        `seeds ${describeSeeds(seeds.slice(0, TRAJECTORY_COLORS.length))}: one colour per episode; disc = start, square = end, white ring = source`,
        `${describeConfig(config)}`,
      ],
    },
  );
  const png = writeBytes(resolve(io.cwd ?? process.cwd(), flags.out), toPng(figure), "--out");
  io.stdout(`${formatTable([{ policy: name, sensor: sensorLabel(config), summary: result.summary }])}\n`);
  io.stdout(`wrote ${png} (${figure.width}x${figure.height}, ${Math.min(seeds.length, TRAJECTORY_COLORS.length)} trajectories)\n`);
  if (flags.gif !== undefined) {
    const first = result.episodes[0];
    const trail: Trail = { cells: first?.trajectory ?? [], color: TRAJECTORY_COLORS[0] as Trail["color"] };
    const moving = await movingPlume({ ...setup, config }, first?.seed);
    const bytes = animateEpisode({ ...plume, ...(moving !== undefined && { fieldAt: moving.fieldAt }) }, trail, {
      title: `${name} seed ${first?.seed ?? 0}: ${first?.success === true ? "reached the source" : "did not reach the source"}`,
      ...(scale !== undefined && { scale }),
      fps: flags.fps,
      maxFrames: flags.maxFrames,
    });
    moving?.close();
    const gif = writeBytes(resolve(io.cwd ?? process.cwd(), flags.gif), bytes, "--gif");
    io.stdout(`wrote ${gif} (episode seed ${first?.seed ?? 0}, ${first?.steps ?? 0} steps)\n`);
  }
}

/** An AbortSignal that Ctrl-C (SIGINT) aborts while `work` runs (the first Ctrl-C stops at the next episode boundary). */
async function withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.off("SIGINT", onSignal);
  }
}

export async function recordCommand(values: Record<string, unknown>, io: Io, _args: readonly string[], argv: readonly string[]): Promise<void> {
  const { name, options } = policyFlags(values);
  const seeds = resolveSeeds(values, 10);
  const flags = parseFlags(
    z.strictObject({
      out: z.string({ error: "a directory, e.g. --out runs/tg-0" }).min(1, { error: "a directory, e.g. --out runs/tg-0" }),
      force: z.boolean().optional(),
      runId: z.string().regex(/^[\w.:-]{1,128}$/, { error: "letters, digits, '.', ':', '_' or '-' (at most 128), e.g. --run-id run-1" }).optional(),
      experiment: z.string().min(1, { error: "a name, e.g. --experiment baselines" }).max(128).optional(),
      rotateSize: intFlag("--rotate-size 10000000", 1, Number.MAX_SAFE_INTEGER).optional(),
      parquet: z.boolean().optional(),
    }),
    pick(values, ["out", "force", "runId", "experiment", "rotateSize", "parquet"]),
  );
  const setup = await envSetup(values, io);
  const config = configForBaseline(setup, getBaseline(name));
  const bar = progressBar(name, seeds.length, values["progress"] !== false);
  let successes = 0;
  let steps = 0;
  let recorded: Awaited<ReturnType<typeof recordRun>>;
  try {
    recorded = await withInterrupt((signal) =>
      recordRun({
        dir: resolve(io.cwd ?? process.cwd(), flags.out),
        policy: name,
        policyOptions: options,
        config,
        baseDir: setup.baseDir,
        seeds,
        force: flags.force,
        runId: flags.runId,
        experiment: flags.experiment,
        rotateSizeBytes: flags.rotateSize,
        command: ["plume", ...argv].join(" "),
        signal,
        onEpisode: (e) => {
          successes += e.success ? 1 : 0;
          steps += e.steps;
          bar.tick(successes, steps);
        },
      }),
    );
  } finally {
    bar.stop();
  }
  const summary = recorded.result.summary;
  io.stdout(`${formatTable([{ policy: name, sensor: sensorLabel(config), summary }])}\n`);
  if (!recorded.complete) {
    throw new CliError(`record: interrupted after ${summary.episodes} of ${seeds.length} episodes; they are in ${recorded.dir} (replay them with plume replay --partial)`, ExitCode.INTERRUPTED);
  }
  let files = "run.json, steps.jsonl.gz, episodes.jsonl.gz";
  if (flags.parquet === true) {
    await exportParquet(recorded.dir);
    files += ", steps.parquet, episodes.parquet";
  }
  io.stdout(`recorded ${seeds.length} episodes (${summary.totalSteps} steps) to ${recorded.dir}: ${files} (run ${recorded.meta.run_id})\n`);
}

export async function replayCommand(values: Record<string, unknown>, io: Io, args: readonly string[]): Promise<void> {
  const dir = args[0];
  if (dir === undefined) throw new CliError("replay: give the run directory, e.g. plume replay runs/tg-0");
  const flags = parseFlags(
    z.strictObject({
      tolerance: z.coerce.number({ error: "a number >= 0, e.g. --tolerance 1e-6" }).min(0, { error: "a number >= 0, e.g. --tolerance 1e-6" }).max(1, { error: "a number in [0, 1]" }).optional(),
    }),
    pick(values, ["tolerance"]),
  );
  const bar = stepProgressBar("replay", values["progress"] !== false);
  let report: Awaited<ReturnType<typeof replayRun>>;
  try {
    report = await replayRun(resolve(io.cwd ?? process.cwd(), dir), {
      actionsOnly: values["actionsOnly"] === true,
      partial: values["partial"] === true,
      tolerance: flags.tolerance,
      projectDir: io.cwd ?? process.cwd(),
      onProgress: (steps, total) => bar.update(steps, total),
    });
  } finally {
    bar.stop();
  }
  const what = report.recordedByPlume
    ? report.policyChecked
      ? " (rewards, flags, positions, distances, observations, episode records, the policy's actions and the summary)"
      : " (rewards, flags, positions, distances, observations and episode records; the policy was not re-run)"
    : " (rewards, flags, positions, distances, observations and episode records; recorded by another tool)";
  const partial = report.complete ? "" : " — partial: the recording did not finish; its complete episodes were replayed";
  io.stdout(
    `replayed ${report.episodes} episodes (${report.steps} steps)${report.policy === undefined ? "" : ` of ${report.policy}`} from ${report.dir}: identical to the record${what}${partial}\n`,
  );
}

export async function compareCommand(values: Record<string, unknown>, io: Io): Promise<void> {
  const seeds = resolveSeeds(values, 100);
  const flags = parseFlags(
    z.strictObject({
      policies: z.string().default(BASELINE_NAMES.join(",")),
      out: z.string().min(1, { error: "a file name, e.g. --out compare.png" }).default("plume-compare.png"),
      draw: intFlag("--draw 6", 0, TRAJECTORY_COLORS.length).default(6),
    }),
    pick(values, ["policies", "out", "draw"]),
  );
  const names = flags.policies.split(",").map((p) => p.trim()).filter((p) => p !== "");
  if (names.length === 0) throw new CliError(`--policies: give at least one of ${BASELINE_NAMES.join(", ")}`);
  for (const n of names) if (!BASELINE_NAMES.includes(n)) throw new CliError(`--policies: unknown policy "${n}"; use a comma-separated list of ${BASELINE_NAMES.join(", ")}`);
  if (new Set(names).size !== names.length) throw new CliError("--policies: a policy is listed twice");
  const options = parseComparePolicyOptions(values["policyOptions"], names);
  const scale = scaleFlag(values);
  const setup = await envSetup(values, io);
  assertPictureFits(setup, scale, names.length, 0, "--out");
  const json = values["json"] === true;
  if (!json) io.stdout(`comparing ${names.join(", ")} on ${describeConfig(setup.config)}; ${seeds.length} episodes, seeds ${describeSeeds(seeds)}\n`);
  const results: { name: string; sensor: string; result: RunResult }[] = [];
  for (const name of names) {
    const config = configForBaseline(setup, getBaseline(name));
    const bar = progressBar(name, seeds.length, values["progress"] !== false);
    let successes = 0;
    let steps = 0;
    try {
      const result = await runPolicy({
        policy: name,
        ...(options[name] !== undefined && { policyOptions: options[name] }),
        config,
        baseDir: setup.baseDir,
        seeds,
        trajectories: flags.draw,
        onEpisode: (e) => {
          successes += e.success ? 1 : 0;
          steps += e.steps;
          bar.tick(successes, steps);
        },
      });
      results.push({ name, sensor: sensorLabel(config), result });
    } finally {
      bar.stop();
    }
  }
  const plume = await plumeImage(setup);
  const panels: Panel[] = results.map(({ name, sensor, result }) => ({ title: name, subtitle: panelSubtitle(result, sensor), plume, trails: trailsOf(result, flags.draw) }));
  const drawn = seeds.slice(0, flags.draw);
  const figure = drawFigure(panels, {
    scale: scale ?? autoScale(plume.width, plume.height, results.length > 1 ? 448 : 512),
    heading: `plume compare: ${seeds.length} episodes per policy, seeds ${describeSeeds(seeds)}`,
    legend: [
      drawn.length === 0 ? "no trajectories drawn (--draw 0)" : `trajectories of seeds ${describeSeeds(drawn)}: same colour = same seed = same start in every panel; disc = start, square = end, white ring = source`,
      `${describeConfig(setup.config)} (greedy reads 4 antennae instead of one concentration)`,
      "colour: odour concentration (normalised, gamma 0.45); image row = grid y, as in rgb_array frames",
    ],
  });
  const png = writeBytes(resolve(io.cwd ?? process.cwd(), flags.out), toPng(figure), "--out");
  if (json) {
    io.stdout(
      `${JSON.stringify(
        {
          env: setup.config,
          seeds,
          picture: png,
          policies: results.map(({ name, sensor, result }) => ({
            policy: name,
            policyOptions: result.policyOptions,
            sensor,
            summary: result.summary,
            episodes: result.episodes.map(({ trajectory: _t, ...e }) => e),
          })),
        },
        null,
        2,
      )}\n`,
    );
    return;
  }
  io.stdout(`${formatTable(results.map(({ name, sensor, result }) => ({ policy: name, sensor, summary: result.summary })))}\n`);
  io.stdout(`wrote ${png} (${figure.width}x${figure.height})\n`);
}


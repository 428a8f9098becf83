/**
 * The `plume` command line (commander): `run`, `render`, `record`, `replay` and `compare`. Every flag is
 * validated with a zod schema; a bad flag, config or run directory prints one line naming it with the fix and
 * exits with code 2. `main` returns the exit code instead of exiting, so it can be tested and embedded.
 */
import { BASELINES, BASELINE_NAMES } from "@plume/policies";
import { Command, CommanderError, Option } from "commander";
import { ExitCode, describeError, oneLine } from "./errors.js";
import { defaultIo, type Io } from "./io.js";
import { withEnvLoading } from "./trust.js";
import { CLI_VERSION } from "./versions.js";

export type { Io } from "./io.js";
export { describeSeeds, resolveSeeds } from "./flags.js";

/** Trajectories a picture can hold (one colour each); kept here so that help needs no picture code. */
const MAX_TRAILS = 8;

type CommandName = "run" | "render" | "record" | "replay" | "compare";
type Action = (values: Record<string, unknown>, io: Io, args: readonly string[], argv: readonly string[]) => Promise<void>;

/** Loads the command's implementation on demand (`@plume/env` and the image encoders load only when needed). */
async function load(name: CommandName): Promise<Action> {
  const commands = await import("./commands.js");
  return {
    run: commands.runCommand,
    render: commands.renderCommand,
    record: commands.recordCommand,
    replay: commands.replayCommand,
    compare: commands.compareCommand,
  }[name];
}


const POLICY_HELP = BASELINES.map((b) => `  ${b.name.padEnd(18)} ${b.summary}\n  ${"".padEnd(18)} sees: ${b.observes}`).join("\n");

const EXIT_HELP = `Exit codes: 0 success; 1 replay found a difference (or an unexpected error); 2 bad flag, config, policy option or run directory.`;

function envOptions(cmd: Command): Command {
  return cmd
    .option("-c, --config <file>", "environment config, JSON or YAML (see @plume/env); default: the reference default environment (128x128, sigma 12, goal = the source cell, 1000 steps, one concentration sensor, 4 cardinal moves)")
    .option("--grid <WxH>", "grid size, e.g. 64x64 (the source moves to the centre unless --source or the config sets it)")
    .option("--source <x,y>", "source (goal) cell, e.g. 32,32")
    .option("--sigma <cells>", "Gaussian plume sigma in cells")
    .option("--goal-radius <cells>", "success radius in cells (0 = the agent must step onto the source cell)")
    .option("--max-steps <n>", "steps before an episode is truncated")
    .option(ALLOW_MODULE_PATHS, ALLOW_MODULE_PATHS_HELP);
}

const ALLOW_MODULE_PATHS = "--allow-module-paths";
const ALLOW_MODULE_PATHS_HELP =
  "let the config import module paths (./my-sensor.mjs, /abs/x.mjs, file: URLs): their code runs, so only for configs you trust (default: only built-in names and packages installed in this project)";

function seedOptions(cmd: Command, defaultEpisodes: number): Command {
  return cmd
    .option("-n, --episodes <n>", `number of episodes (default: ${defaultEpisodes})`)
    .option("-s, --seed <n>", "first seed: episode i uses seed + i (default: 0)")
    .option("--seeds <list>", "explicit seeds and ranges instead of --seed/--episodes, e.g. 0,1,10-19");
}

function policyOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("-p, --policy <name>", "the policy (default: temporal-gradient)").choices([...BASELINE_NAMES]))
    .option("--policy-options <json>", `the policy's options as a JSON object, e.g. '{"threshold":0.001}' (see @plume/policies)`);
}

/**
 * Builds the `plume` commander program. `onAction` receives each command's work (to await it); `argv` is
 * stored in run records as the command line.
 */
export function buildProgram(io: Io = defaultIo, onAction: (run: () => Promise<void>) => void = (run) => void run(), argv: readonly string[] = []): Command {
  const program = new Command("plume")
    .description("Run, render, record, replay and compare olfactory-navigation policies on Plume environments.")
    .version(CLI_VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      outputError: () => undefined,
    })
    .addHelpText(
      "after",
      `
Examples:
  plume compare                                 the baselines on the default environment, 100 seeds: table + plume-compare.png
  plume run -p surge-cast -n 20                 20 seeded episodes of one policy: progress bar + results table
  plume run -p greedy --render human -n 2       watch two episodes live in the terminal
  plume render -p temporal-gradient --gif ep.gif  trajectories on the plume (plume.png) and one animated episode
  plume record -p random -n 5 --out runs/r0     a run directory; then: plume replay runs/r0

Policies:
${POLICY_HELP}

Seeding: episode i resets the environment with seed i (or the i-th of --seeds) and the policy with a seed drawn
from a clone of the environment's generator, so the same seeds give the same numbers on every machine.
${EXIT_HELP}`,
    );

  const add = (name: CommandName, summary: string, build: (cmd: Command) => Command, after: string) => {
    const cmd = build(program.command(name).description(summary)).addHelpText("after", `\n${after}\n${EXIT_HELP}`);
    cmd.action((...received: unknown[]) => {
      const self = received[received.length - 1] as Command;
      const values = self.opts();
      const loading = { allowModulePaths: values["allowModulePaths"] === true, projectDir: io.cwd ?? process.cwd() };
      onAction(() => withEnvLoading(loading, async () => (await load(name))(values, io, self.args, argv)));
    });
    return cmd;
  };

  add(
    "run",
    "run a policy for N seeded episodes: live progress bar, then a results table",
    (cmd) =>
      seedOptions(policyOptions(envOptions(cmd)), 10)
        .addOption(new Option("--render <mode>", "draw the episodes live: human (in the terminal) or none").choices(["none", "human"]))
        .option("--json", "print the summary and every episode as JSON instead of the table")
        .option("--no-progress", "hide the progress bar (it is only shown on a terminal anyway)"),
    `Examples:
  plume run                                     temporal-gradient, 10 episodes, seeds 0-9
  plume run -p greedy -n 100 --seed 1000
  plume run -c windy.yaml -p surge-cast --policy-options '{"maxCastLeg":4}'
  plume run -p random --json > random.json

The table: success rate, mean and median steps to the source (over the episodes that reached it), mean return,
and environment steps per second (wall clock).

Policies:
${POLICY_HELP}`,
  );

  add(
    "render",
    "draw trajectories over the plume (PNG) and, with --gif, animate the first episode",
    (cmd) =>
      seedOptions(policyOptions(envOptions(cmd)), 4)
        .option("-o, --out <file.png>", "the PNG to write (default: plume.png)")
        .option("--gif <file.gif>", "also write an animated GIF of the first episode")
        .option("--scale <px>", "pixels per grid cell (default: about 512 px per side)")
        .option("--fps <n>", "GIF frames per second (default: 20)")
        .option("--max-frames <n>", "at most this many GIF frames; long episodes skip steps evenly (default: 150)"),
    `Up to ${MAX_TRAILS} episodes are drawn, one colour each: a disc at the start, a square at the end; the white ring is the source.

Examples:
  plume render -p surge-cast -n 6 -o surge.png
  plume render -p temporal-gradient --seed 3 -n 1 --gif tg-3.gif`,
  );

  add(
    "record",
    "run a policy and write a run directory in the reference's data-capture format: run.json, steps.jsonl.gz, episodes.jsonl.gz",
    (cmd) =>
      seedOptions(policyOptions(envOptions(cmd)), 10)
        .option("-o, --out <dir>", "the run directory to write (required; must be empty unless --force)")
        .option("--force", "replace the run in a non-empty directory (the old run is kept until the new one is complete)")
        .option("--run-id <id>", "the run's id in every record (default: run-YYYYmmdd-HHMMSS, UTC)")
        .option("--experiment <name>", "the experiment name in run.json (default: default)")
        .option("--rotate-size <bytes>", "start steps.jsonl.part1.gz, ... once a file reaches this many bytes (the reference's --rotate-size)")
        .option("--parquet", "also write steps.parquet and episodes.parquet (the reference's --parquet)")
        .option("--no-progress", "hide the progress bar"),
    `The files are the reference's (plume_nav_sim data capture, schema 0.1): run.json is its RunMeta, each line of
steps.jsonl.gz a StepRecord (action, reward, flags, position, distance, the observation's first element, seed),
each line of episodes.jsonl.gz an EpisodeRecord. Plume's replay extras (the full config, the policy, versions, the
summary, and each data file's size and SHA-256) sit in run.json's extra.plume, which the reference ignores.
Records are written as the episodes run, in bounded memory; the files are flushed at episode boundaries (at most
once a second) and run.json then says how far the recording got, so a recording stopped by Ctrl-C, a crash or
kill -9 keeps its finished episodes: plume replay --partial replays them. A failing plugin stops the recording
with one line naming the episode and step (exit code 1).

Examples:
  plume record -p temporal-gradient -n 10 --out runs/tg
  plume replay runs/tg`,
  );

  add(
    "replay",
    "re-create every episode of a run directory (Plume's or the reference's) and check that it matches the record",
    (cmd) =>
      cmd
        .argument("<dir>", "a run directory written by plume record or by the reference's DataCaptureWrapper")
        .option("--actions-only", "replay the recorded actions without re-running the policy")
        .option("--partial", "replay an unfinished recording up to its last complete episode")
        .option("--tolerance <x>", "largest difference of rewards, distances and observations (default 0: exact; the reference uses 1e-6)")
        .option("--no-progress", "hide the progress bar")
        .option(ALLOW_MODULE_PATHS, ALLOW_MODULE_PATHS_HELP),
    `Checks run.json and every data file's name, size and (for runs Plume recorded) the SHA-256 of its compressed
bytes before decompressing anything, then streams the records: each episode is reset with its seed and stepped
with the recorded actions, comparing rewards, flags, positions, distances, the observation's first element, step
counts and seeds, every episode record (steps, return, flags, final position and distance), and for Plume's runs
the policy's actions (unless --actions-only) and the stored summary. Runs the reference recorded are rebuilt as
its replay rebuilds them (env_config and extra.env). A run directory chooses no code: components must be
built-in names or packages installed in your project (resolved from the working directory); a module path it
names is refused before it is imported, unless you trust the run and give --allow-module-paths (the path then
resolves from the working directory). A bad run directory is one line (exit code 2); the first difference names
its episode and step (exit code 1).`,
  );

  add(
    "compare",
    "run several policies on the same seeds: one table and one picture",
    (cmd) =>
      seedOptions(envOptions(cmd), 100)
        .option("--policies <list>", `comma-separated policies (default: ${BASELINE_NAMES.join(",")})`)
        .option("--policy-options <json>", `each policy's options, a JSON object keyed by policy, e.g. '{"surge-cast":{"trigger":"detection","threshold":0.001}}'`)
        .option("-o, --out <file.png>", "the picture to write (default: plume-compare.png)")
        .option("--draw <k>", `trajectories drawn per policy, the first k seeds (default: 6, at most ${MAX_TRAILS})`)
        .option("--scale <px>", "pixels per grid cell")
        .option("--json", "print every policy's summary and episodes as JSON instead of the table")
        .option("--no-progress", "hide the progress bars"),
    `Each policy runs on the environment given (default: the reference default environment); a policy that needs
another sensor gets it (greedy: 4 antennae one cell away) unless the config file names a sensor. The start cell of
each seed is the same for every policy.

Policies:
${POLICY_HELP}`,
  );

  for (const cmd of program.commands) {
    cmd.exitOverride().configureOutput({ writeOut: (t) => io.stdout(t), writeErr: (t) => io.stderr(t), outputError: () => undefined });
  }
  return program;
}

function commanderMessage(error: CommanderError, argv: readonly string[]): string {
  const command = argv.find((a) => !a.startsWith("-"));
  const help = command !== undefined && ["run", "render", "record", "replay", "compare"].includes(command) ? `plume ${command} --help` : "plume --help";
  const text = oneLine(error.message.replace(/^error:\s*/i, ""))
    .replace(/\(Did you mean (.*)\?\)/, "(did you mean $1?)")
    .replace(/\.$/, "");
  return `${text}; see ${help}`;
}

/**
 * Runs the `plume` command line with `argv` (without the node and script paths) and returns the exit code.
 * Results go to `io.stdout`; errors are one line on `io.stderr`.
 */
export async function main(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  let pending: Promise<void> | undefined;
  const program = buildProgram(
    io,
    (run) => {
      pending = run();
    },
    argv,
  );
  try {
    await program.parseAsync([...argv], { from: "user" });
    if (pending !== undefined) await pending;
    return ExitCode.OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0) return ExitCode.OK;
      if (error.code === "commander.help") return ExitCode.USAGE; // no command given: the help was printed
      io.stderr(`plume: ${commanderMessage(error, argv)}\n`);
      return ExitCode.USAGE;
    }
    const { message, exitCode, stack } = describeError(error);
    io.stderr(`plume: ${message}\n`);
    if (stack !== undefined && process.env["PLUME_DEBUG"] !== undefined) io.stderr(`${stack}\n`);
    return exitCode;
  }
}

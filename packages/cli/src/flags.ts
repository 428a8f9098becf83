/**
 * The flags of the `plume` command, validated with zod schemas: a bad value becomes one line naming the flag
 * and the expected form. This module does not import `@plume/env`, so `--help` and flag errors stay fast.
 */
import { MAX_SEED } from "@plume/core-types";
import { BASELINE_NAMES } from "@plume/policies";
import * as z from "zod";
import { CliError, oneLine } from "./errors.js";

const cellPair = (what: string, example: string) =>
  z
    .string()
    .regex(/^\s*\d+\s*[,x]\s*\d+\s*$/, { error: `two non-negative integers, e.g. ${example}` })
    .transform((s) => s.split(/[,x]/).map((p) => Number(p.trim())) as [number, number])
    .describe(what);

/** The environment flags, as commander hands them over (strings), validated and converted. */
export const EnvFlagsSchema = z.strictObject({
  /** `-c, --config <file>`: a JSON or YAML environment config. Default: the reference default environment. */
  config: z.string().min(1, { error: "a path to a JSON or YAML file" }).optional(),
  /** `--grid WxH`. Default: the config's grid (128x128 for the default environment). */
  grid: cellPair("grid size", "--grid 64x64")
    .refine(([w, h]) => w >= 1 && h >= 1 && w <= 10_000 && h <= 10_000, { error: "WIDTHxHEIGHT with sides in [1, 10000], e.g. --grid 64x64" })
    .optional(),
  /** `--source x,y`: the source (goal) cell. Default: the config's, else the grid centre. */
  source: cellPair("source cell", "--source 32,32").optional(),
  /** `--sigma <cells>`: the Gaussian plume's sigma. Default: the config's (12 for the default environment). */
  sigma: z.coerce.number({ error: "a number of cells > 0, e.g. --sigma 12" }).positive({ error: "a number of cells > 0, e.g. --sigma 12" }).max(1e6, { error: "a number of cells in (0, 1e6]" }).optional(),
  /** `--goal-radius <cells>`. Default: the config's (0, the source cell itself, for the default environment). */
  goalRadius: z.coerce.number({ error: "a number of cells >= 0, e.g. --goal-radius 0" }).min(0, { error: "a number of cells >= 0 (0 = the source cell itself)" }).max(1e6, { error: "a number of cells in [0, 1e6]" }).optional(),
  /** `--max-steps <n>`. Default: the config's (1000). */
  maxSteps: z.coerce.number({ error: "an integer >= 1, e.g. --max-steps 1000" }).int({ error: "an integer >= 1, e.g. --max-steps 1000" }).min(1, { error: "an integer >= 1, e.g. --max-steps 1000" }).max(10_000_000, { error: "an integer in [1, 10000000]" }).optional(),
});
export type EnvFlags = z.input<typeof EnvFlagsSchema>;


export const intFlag = (example: string, min: number, max: number) =>
  z.coerce
    .number({ error: `an integer in [${min}, ${max}], e.g. ${example}` })
    .int({ error: `an integer in [${min}, ${max}], e.g. ${example}` })
    .min(min, { error: `an integer in [${min}, ${max}], e.g. ${example}` })
    .max(max, { error: `an integer in [${min}, ${max}], e.g. ${example}` });

export const MAX_EPISODES = 1_000_000;

const SeedFlagsSchema = z.strictObject({
  episodes: intFlag("--episodes 100", 1, MAX_EPISODES).optional(),
  seed: intFlag("--seed 0", 0, MAX_SEED).optional(),
  seeds: z
    .string()
    .regex(/^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/, { error: "a list of seeds and ranges, e.g. --seeds 0,1,10-19" })
    .optional(),
});

const PolicyFlagsSchema = z.strictObject({
  policy: z.string().min(1).optional(),
  policyOptions: z.string().optional(),
});

const FLAG_NAMES: Readonly<Record<string, string>> = {
  goalRadius: "--goal-radius",
  maxSteps: "--max-steps",
  policyOptions: "--policy-options",
  maxFrames: "--max-frames",
  actionsOnly: "--actions-only",
  runId: "--run-id",
  rotateSize: "--rotate-size",
};
const flagName = (key: string) => FLAG_NAMES[key] ?? `--${key}`;

/** Parses commander's option values with `schema`; the first problem becomes one line naming the flag. */
export function parseFlags<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = String(issue?.path[0] ?? "");
  const received = key === "" ? undefined : (values as Record<string, unknown>)[key];
  if (issue?.code === "unrecognized_keys") throw new CliError(`unknown option ${flagName(String(issue.keys[0]))}`);
  throw new CliError(`${flagName(key)}: expected ${issue?.message ?? "a valid value"}${received === undefined ? "" : `, got ${JSON.stringify(received)}`}`);
}

export function pick<T extends Record<string, unknown>>(values: T, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (values[k] !== undefined) out[k] = values[k];
  return out;
}

/** The seeds of a command: `--seeds`, or `--seed` .. `--seed + --episodes - 1`. */
export function resolveSeeds(values: Record<string, unknown>, defaultEpisodes: number): number[] {
  const flags = parseFlags(SeedFlagsSchema, pick(values, ["episodes", "seed", "seeds"]));
  if (flags.seeds !== undefined) {
    if (flags.episodes !== undefined || flags.seed !== undefined) throw new CliError("--seeds: give either --seeds or --seed/--episodes, not both");
    const seeds: number[] = [];
    for (const part of flags.seeds.split(",")) {
      const [a, b] = part.split("-").map((p) => Number(p.trim())) as [number, number | undefined];
      const hi = b ?? a;
      if (hi < a) throw new CliError(`--seeds: the range ${part.trim()} is backwards; write it low-high, e.g. 10-19`);
      if (hi > MAX_SEED) throw new CliError(`--seeds: seeds are integers in [0, ${MAX_SEED}], got ${hi}`);
      if (seeds.length + (hi - a + 1) > MAX_EPISODES) throw new CliError(`--seeds: at most ${MAX_EPISODES} episodes`);
      for (let s = a; s <= hi; s++) seeds.push(s);
    }
    return seeds;
  }
  const episodes = flags.episodes ?? defaultEpisodes;
  const first = flags.seed ?? 0;
  if (first + episodes - 1 > MAX_SEED) throw new CliError(`--seed: the last seed ${first + episodes - 1} is over ${MAX_SEED}; use a smaller --seed or fewer --episodes`);
  return Array.from({ length: episodes }, (_, i) => first + i);
}

/** A short description of a seed list, e.g. `0-99` or `0,3,5`. */
export function describeSeeds(seeds: readonly number[]): string {
  const first = seeds[0];
  if (first === undefined) return "none";
  const consecutive = seeds.every((s, i) => s === first + i);
  if (consecutive) return seeds.length === 1 ? `${first}` : `${first}-${first + seeds.length - 1}`;
  return seeds.length <= 6 ? seeds.join(",") : `${seeds.slice(0, 5).join(",")},... (${seeds.length})`;
}

function parsePolicyOptions(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--policy-options: not valid JSON (${oneLine((error as Error).message)}); write a JSON object, e.g. --policy-options '{"threshold":0.001}'`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new CliError(`--policy-options: expected a JSON object, e.g. --policy-options '{"threshold":0.001}', got ${text}`);
  }
  return value as Record<string, unknown>;
}

/**
 * `plume compare --policy-options`: a JSON object keyed by policy name, each value that policy's options.
 * @throws CliError naming `--policy-options` for bad JSON, a key that is not one of `names`, or a value that is not an object.
 */
export function parseComparePolicyOptions(text: unknown, names: readonly string[]): Record<string, Record<string, unknown>> {
  if (text === undefined) return {};
  if (typeof text !== "string") throw new CliError(`--policy-options: expected a JSON object keyed by policy, e.g. '{"surge-cast":{"threshold":0.001}}'`);
  const all = parsePolicyOptions(text) ?? {};
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(all)) {
    if (!names.includes(key)) throw new CliError(`--policy-options: "${key}" is not one of the compared policies (${names.join(", ")}); key the options by policy, e.g. '{"surge-cast":{"threshold":0.001}}'`);
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new CliError(`--policy-options: the options of "${key}" must be a JSON object, e.g. '{"${key}":{}}', got ${JSON.stringify(value)}`);
    }
    out[key] = value as Record<string, unknown>;
  }
  return out;
}

export function policyFlags(values: Record<string, unknown>): { name: string; options: Record<string, unknown> | undefined } {
  const flags = parseFlags(PolicyFlagsSchema, pick(values, ["policy", "policyOptions"]));
  const name = flags.policy ?? "temporal-gradient";
  if (!BASELINE_NAMES.includes(name)) throw new CliError(`--policy: unknown policy "${name}"; use one of ${BASELINE_NAMES.join(", ")}`);
  return { name, options: parsePolicyOptions(flags.policyOptions) };
}


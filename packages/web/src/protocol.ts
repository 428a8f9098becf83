/**
 * The messages between the page (main thread) and the stepping worker. Everything is structured-cloneable:
 * plain objects, arrays and typed arrays.
 */
import type { EpisodeResult, RunSummary, StepRecord } from "@plume/cli/browser";

/** What to run: a config object (as the CLI reads it from `--config`), a baseline and a seed. */
export interface RunRequest {
  /** The environment config as written in the editor (before defaults): what `plume run --config` reads. */
  readonly config: Readonly<Record<string, unknown>>;
  /** A baseline of `@plume/policies`. */
  readonly policy: string;
  /** The baseline's options (`plume run --policy-options`); the defaults when absent. */
  readonly policyOptions?: Readonly<Record<string, unknown>> | undefined;
  /** The episode's seed, in [0, 2^32 - 1]. */
  readonly seed: number;
}

/** The names a config may use in this page, by section (from the plugins the page could resolve). */
export interface Choices {
  readonly plume: readonly string[];
  readonly sensor: readonly string[];
  readonly action: readonly string[];
  readonly reward: readonly string[];
  readonly wind: readonly string[];
  readonly policy: readonly string[];
  /** The plugin packages the page bundles, besides `@plume/env`. */
  readonly packages: readonly string[];
}

/** A config or run error, as the page shows it: the message and the config field it names. */
export interface ErrorInfo {
  readonly name: string;
  readonly message: string;
  /** The offending field's path, e.g. `plume.options.sigma`, when the error names one. */
  readonly parameter?: string | undefined;
}

/** The environment of a loaded episode, for drawing. */
export interface Scene {
  readonly width: number;
  readonly height: number;
  readonly source: readonly [number, number];
  /** The goal cell (the source unless the config says otherwise). */
  readonly goal: readonly [number, number];
  readonly goalRadius: number;
  readonly maxSteps: number;
  /** The concentration field, row-major `[y * width + x]`. */
  readonly field: Float32Array;
  /** Whether the field changes from step to step (then frames carry it). */
  readonly timeVarying: boolean;
  readonly start: readonly [number, number];
  /** The agent's heading at the start, in degrees (0 = +x, 90 = +y). */
  readonly heading: number;
  readonly policy: string;
  readonly seed: number;
  readonly policySeed: number;
  /** The sensor label of the config the policy runs on, e.g. `antennae(4)`. */
  readonly sensor: string;
  /** A one-line description of the environment (as the CLI prints it). */
  readonly description: string;
  /** The config the episode runs on, with defaults filled in (and the baseline's sensor when it picks one). */
  readonly resolvedConfig: unknown;
}

/** One step as drawn and charted. */
export interface StepView {
  readonly record: StepRecord;
  /** Degrees (0 = +x, 90 = +y). */
  readonly heading: number;
  /** The sensor reading: the observation's value, or the mean of its odour values. */
  readonly reading: number;
  /** `info.distance_to_goal`. */
  readonly distance: number;
}

/** One policy's row of a comparison. */
export interface CompareRow {
  readonly policy: string;
  /** The options the policy ran with, as `plume compare --json` records them (the page compares the baselines' defaults: `{}`). */
  readonly policyOptions: Readonly<Record<string, unknown>>;
  readonly sensor: string;
  readonly summary: RunSummary;
  readonly episodes: readonly Omit<EpisodeResult, "trajectory">[];
  /** The cells visited in the first episodes (at most `COMPARE_TRAILS`), start first, for the panel pictures. */
  readonly trails: readonly (readonly (readonly [number, number])[])[];
}

/** Episodes drawn per policy in the comparison panels (`plume compare --draw`'s default). */
export const COMPARE_TRAILS = 6;

export type ToWorker =
  | { readonly type: "load"; readonly id: number; readonly request: RunRequest }
  | { readonly type: "play"; readonly stepsPerSecond: number }
  | { readonly type: "pause" }
  | { readonly type: "step" }
  | { readonly type: "reset" }
  | { readonly type: "compare"; readonly id: number; readonly config: unknown; readonly policies: readonly string[]; readonly seeds: readonly number[] }
  | { readonly type: "bench"; readonly id: number; readonly request: RunRequest; readonly seconds: number };

export type FromWorker =
  | { readonly type: "ready"; readonly choices: Choices }
  | { readonly type: "loaded"; readonly id: number; readonly scene: Scene }
  | {
      readonly type: "frame";
      readonly steps: readonly StepView[];
      /** The field after the last step, for time-varying plumes. */
      readonly field?: Float32Array | undefined;
      readonly done: boolean;
      readonly playing: boolean;
      readonly result?: EpisodeResult | undefined;
    }
  | { readonly type: "progress"; readonly id: number; readonly done: number; readonly total: number; readonly policy: string }
  | { readonly type: "compared"; readonly id: number; readonly rows: readonly CompareRow[] }
  | {
      readonly type: "bench";
      readonly id: number;
      /** Steps with their views (what playing does per step). */
      readonly loop: { readonly steps: number; readonly seconds: number };
      /** Bare `SteppedEnv` steps. */
      readonly bare: { readonly steps: number; readonly seconds: number };
    }
  | { readonly type: "error"; readonly id?: number | undefined; readonly error: ErrorInfo };

/**
 * The statistics of a run of episodes (success rate, steps to the source, returns), accumulated episode by
 * episode. Pure: runs in a browser (the `@plume/web` page's results panel uses it).
 */
import type { EpisodeResult } from "./episode.js";

/** The statistics of a set of episodes. */
export interface RunSummary {
  readonly episodes: number;
  readonly successes: number;
  /** successes / episodes. */
  readonly successRate: number;
  /** Mean steps to the source over the successful episodes (null when there are none). */
  readonly meanStepsToSource: number | null;
  /** Median steps to the source over the successful episodes (null when there are none). */
  readonly medianStepsToSource: number | null;
  /** Mean episode length over all episodes. */
  readonly meanEpisodeLength: number;
  /** Mean return over all episodes. */
  readonly meanReturn: number;
  readonly totalSteps: number;
  /** Wall-clock seconds for the episodes (environment and policy). Varies from run to run. */
  readonly elapsedSeconds: number;
  /** totalSteps / elapsedSeconds. Varies from run to run. */
  readonly stepsPerSecond: number;
}

/** The median of sorted numbers. */
function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The statistics of a run, accumulated episode by episode: counts and sums, and the step counts of the
 * successful episodes (in a growing typed array, for the median) — never the episodes themselves.
 */
export class SummaryAccumulator {
  #episodes = 0;
  #totalSteps = 0;
  #returns = 0;
  #toSource = new Float64Array(64);
  #successes = 0;

  add(episode: Pick<EpisodeResult, "steps" | "return" | "success">): void {
    this.#episodes += 1;
    this.#totalSteps += episode.steps;
    this.#returns += episode.return;
    if (episode.success) {
      if (this.#successes === this.#toSource.length) {
        const grown = new Float64Array(this.#toSource.length * 2);
        grown.set(this.#toSource);
        this.#toSource = grown;
      }
      this.#toSource[this.#successes++] = episode.steps;
    }
  }

  summary(elapsedSeconds: number): RunSummary {
    const n = this.#episodes;
    const toSource = this.#toSource.slice(0, this.#successes).sort();
    const sum = toSource.reduce((a, b) => a + b, 0);
    return {
      episodes: n,
      successes: this.#successes,
      successRate: n === 0 ? 0 : this.#successes / n,
      meanStepsToSource: toSource.length === 0 ? null : sum / toSource.length,
      medianStepsToSource: toSource.length === 0 ? null : median(Array.from(toSource)),
      meanEpisodeLength: n === 0 ? 0 : this.#totalSteps / n,
      meanReturn: n === 0 ? 0 : this.#returns / n,
      totalSteps: this.#totalSteps,
      elapsedSeconds,
      stepsPerSecond: elapsedSeconds > 0 ? this.#totalSteps / elapsedSeconds : 0,
    };
  }
}

/** The statistics of `episodes` run in `elapsedSeconds`. */
export function summarize(episodes: readonly EpisodeResult[], elapsedSeconds: number): RunSummary {
  const acc = new SummaryAccumulator();
  for (const e of episodes) acc.add(e);
  return acc.summary(elapsedSeconds);
}


/**
 * A live progress bar on stderr (cli-progress), shown only when stderr is a terminal, so piped output and
 * logs stay clean. stdout keeps the results.
 */
import cliProgress from "cli-progress";

/** What the commands report to a progress bar. */
export interface Progress {
  /** One more episode finished. */
  tick(successes: number, steps: number): void;
  stop(): void;
}

const silent: Progress = { tick: () => undefined, stop: () => undefined };

/** A bar on stderr in Plume's style with `format`. */
function newBar(format: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { stream: process.stderr, format, barCompleteChar: "\u2588", barIncompleteChar: "\u2591", hideCursor: true, clearOnComplete: true, etaBuffer: 20 },
    cliProgress.Presets.shades_classic,
  );
}

/** A progress bar for `total` episodes labelled `label`, or a silent one when disabled or not on a terminal. */
export function progressBar(label: string, total: number, enabled: boolean): Progress {
  if (!enabled || process.stderr.isTTY !== true || total <= 0) return silent;
  const bar = newBar(`${label.padEnd(18)} {bar} {value}/{total} episodes | {successes} reached the source | {rate} steps/s`);
  const started = performance.now();
  bar.start(total, 0, { successes: 0, rate: 0 });
  return {
    tick(successes, steps) {
      const seconds = (performance.now() - started) / 1000;
      bar.increment(1, { successes, rate: seconds > 0 ? Math.round(steps / seconds) : 0 });
    },
    stop() {
      bar.stop();
    },
  };
}

/** What `replay` reports to its progress bar: steps so far, out of `total` when known. */
export interface StepProgress {
  update(steps: number, total: number | undefined): void;
  stop(): void;
}

/** A progress bar of steps (stderr, only on a terminal), started on the first update; indeterminate while the total is unknown. */
export function stepProgressBar(label: string, enabled: boolean): StepProgress {
  if (!enabled || process.stderr.isTTY !== true) return { update: () => undefined, stop: () => undefined };
  let bar: cliProgress.SingleBar | undefined;
  const started = performance.now();
  return {
    update(steps, total) {
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? Math.round(steps / seconds) : 0;
      if (bar === undefined) {
        bar = newBar(total === undefined ? `${label.padEnd(10)} {value} steps | {rate} steps/s` : `${label.padEnd(10)} {bar} {value}/{total} steps | {rate} steps/s | eta {eta_formatted}`);
        bar.start(total ?? 0, steps, { rate });
      }
      bar.update(steps, { rate });
    },
    stop() {
      bar?.stop();
    },
  };
}

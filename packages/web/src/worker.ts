/**
 * The stepping worker: builds the episode a page asks for and steps it at the requested speed, posting one
 * frame message per tick with the steps taken, so the page only draws. Also runs comparisons and the
 * speed measurement of the loop.
 */
/// <reference lib="webworker" />
import { pluginPackages } from "virtual:plume-plugins";
import { choicesOf, compare, Episode, errorInfo, pluginsOf } from "./session.js";
import type { FromWorker, StepView, ToWorker } from "./protocol.js";

declare const self: DedicatedWorkerGlobalScope;

const plugins = pluginsOf(pluginPackages);
let episode: Episode | undefined;
let playing = false;
let stepsPerSecond = 30;
let timer: ReturnType<typeof setTimeout> | undefined;
let last = 0;
let owed = 0;
/** A tick steps for at most this long, so messages keep flowing at "max" speed. */
const TICK_BUDGET_MS = 12;
const TICK_MS = 16;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

function sendSteps(steps: StepView[]): void {
  if (episode === undefined) return;
  const done = episode.done;
  if (done) playing = false;
  const field = episode.timeVarying && steps.length > 0 ? episode.field() : undefined;
  post({ type: "frame", steps, field, done, playing, result: done ? episode.result() : undefined }, field === undefined ? [] : [field.buffer]);
}

function stop(): void {
  playing = false;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function tick(): void {
  timer = undefined;
  if (!playing || episode === undefined) return;
  const now = performance.now();
  const started = now;
  owed += stepsPerSecond === Infinity ? Infinity : ((now - last) / 1000) * stepsPerSecond;
  last = now;
  const steps: StepView[] = [];
  while (owed >= 1 && !episode.done && performance.now() - started < TICK_BUDGET_MS) {
    steps.push(episode.step());
    owed -= 1;
  }
  if (owed === Infinity || owed > stepsPerSecond) owed = 0;
  sendSteps(steps);
  if (playing) timer = setTimeout(tick, TICK_MS);
}

async function handle(message: ToWorker): Promise<void> {
  switch (message.type) {
    case "load": {
      stop();
      episode?.close();
      episode = undefined;
      try {
        episode = await Episode.load(message.request, plugins);
        const scene = episode.scene;
        post({ type: "loaded", id: message.id, scene });
      } catch (error) {
        post({ type: "error", id: message.id, error: errorInfo(error) });
      }
      return;
    }
    case "play":
      stepsPerSecond = message.stepsPerSecond > 0 ? message.stepsPerSecond : Infinity;
      if (episode === undefined || episode.done) return;
      if (!playing) {
        playing = true;
        last = performance.now();
        owed = 1;
        tick();
      }
      return;
    case "pause":
      stop();
      sendSteps([]);
      return;
    case "step":
      stop();
      if (episode !== undefined && !episode.done) {
        try {
          sendSteps([episode.step()]);
        } catch (error) {
          post({ type: "error", error: errorInfo(error) });
        }
      }
      return;
    case "reset":
      stop();
      if (episode !== undefined) post({ type: "loaded", id: -1, scene: episode.reset() });
      return;
    case "compare": {
      let lastYield = performance.now();
      try {
        const rows = await compare(
          message.config,
          message.policies,
          message.seeds,
          plugins,
          (policy, done, total) => post({ type: "progress", id: message.id, policy, done, total }),
          async () => {
            if (performance.now() - lastYield > 50) {
              await new Promise((resolve) => setTimeout(resolve, 0));
              lastYield = performance.now();
            }
          },
        );
        post({ type: "compared", id: message.id, rows });
      } catch (error) {
        post({ type: "error", id: message.id, error: errorInfo(error) });
      }
      return;
    }
    case "bench": {
      stop();
      try {
        const bench = await Episode.load(message.request, plugins);
        // The play loop's work per step (the step and the view sent to the page), then the bare step; a third each.
        const run = (step: () => void): { steps: number; seconds: number } => {
          let steps = 0;
          const started = performance.now();
          const until = started + message.seconds * 333;
          while (performance.now() < until) {
            for (let i = 0; i < 100; i++) {
              if (bench.done) bench.restart();
              step();
              steps += 1;
            }
          }
          return { steps, seconds: (performance.now() - started) / 1000 };
        };
        run(() => void bench.step()); // warm-up (compiles the loop), not counted
        const loop = run(() => void bench.step());
        const bare = run(() => bench.stepRaw());
        bench.close();
        post({ type: "bench", id: message.id, loop, bare });
      } catch (error) {
        post({ type: "error", id: message.id, error: errorInfo(error) });
      }
      return;
    }
  }
}

// Messages are handled one at a time, in order (a load finishes before the play that follows it).
let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<ToWorker>) => {
  queue = queue.then(() => handle(event.data));
};
post({ type: "ready", choices: choicesOf(pluginPackages) });

/**
 * The worker thread of `AsyncVectorEnv`: builds its shard of environments from the config (so
 * third-party plugins are imported here too), steps them with a `SyncVectorEnv` (the batch kernel when
 * the components allow it) and writes every result into the shared buffer. Commands arrive as a bumped
 * sequence word; the worker spins briefly, then sleeps in `Atomics.wait`.
 */
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from "node:worker_threads";
import { importPluginStates, type SharedPluginState } from "./plugin-sharing.js";
import type { EnvironmentConfigInput } from "../config/schema.js";
import type { AutoresetMode } from "./options.js";
import { Shard, buildShardEnv, type CallRequest } from "./shard.js";
import { COMMAND, CONTROL, STATUS, sharedViews, type LayoutSizes } from "./shared-layout.js";

/** What the main thread hands each worker. */
export interface WorkerInit {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly sizes: LayoutSizes;
  readonly buffer: SharedArrayBuffer;
  readonly port: MessagePort;
  readonly config: EnvironmentConfigInput | string;
  readonly baseDir: string;
  /** The main thread's `allowModulePaths` and (absolute) `projectDir`. */
  readonly allowModulePaths: boolean;
  readonly projectDir: string;
  readonly autoresetMode: AutoresetMode;
  readonly batch: "auto" | "off";
  readonly spinIterations: number;
  /** Whether the main thread steps a shard too (then it polls instead of sleeping, and so do workers). */
  readonly mainThread: boolean;
  /** Leave batched infos deferred after a STEP until an INFO command (the main thread's `copy: false`). */
  readonly lazyInfo: boolean;
  /** What the config's plugins share from the main thread (a movie's frames), adopted before building. */
  readonly shared: readonly SharedPluginState[];
}

/** An error as plain data for the main thread. */
export interface WorkerErrorData {
  readonly name: string;
  readonly message: string;
  readonly code: string | undefined;
  readonly parameter: string | undefined;
  readonly expected: string | undefined;
  readonly received: string | undefined;
  readonly component: string | undefined;
  readonly stack: string | undefined;
}

function errorData(error: unknown): WorkerErrorData {
  const e = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    parameter?: unknown;
    expected?: unknown;
    received?: unknown;
    component?: unknown;
    stack?: unknown;
  };
  let received: string | undefined;
  try {
    received = e?.received === undefined ? undefined : JSON.stringify(e.received) ?? String(e.received);
  } catch {
    received = String(e?.received);
  }
  return {
    name: typeof e?.name === "string" ? e.name : "Error",
    message: typeof e?.message === "string" ? e.message : String(error),
    code: typeof e?.code === "string" ? e.code : undefined,
    parameter: typeof e?.parameter === "string" ? e.parameter : undefined,
    expected: typeof e?.expected === "string" ? e.expected : undefined,
    received,
    component: typeof e?.component === "string" ? e.component : undefined,
    stack: typeof e?.stack === "string" ? e.stack : undefined,
  };
}

const init = workerData as WorkerInit;
const views = sharedViews(init.sizes, init.buffer);
const control = views.control;
const base = init.index * CONTROL.STRIDE;
const shared = init.sizes.numWorkers * CONTROL.STRIDE;
const { start, end } = init;
const { actionSize, observationSize } = init.sizes;

/**
 * Publishes a finished command: its status and info presence as plain writes, made visible by the
 * seq-cst store of DONE that the main thread reads first (one fence, one trip of the cache line, instead
 * of three while the main thread is polling that line).
 */
function finish(sequence: number, status: number, presence = -1): void {
  control[base + CONTROL.STATUS] = status;
  control[base + CONTROL.PRESENCE] = presence;
  Atomics.store(control, base + CONTROL.DONE, sequence);
  Atomics.notify(control, base + CONTROL.DONE);
}

function fail(sequence: number, error: unknown): void {
  init.port.postMessage({ type: "error", error: errorData(error) });
  finish(sequence, STATUS.ERROR);
}

process.on("exit", () => {
  Atomics.store(control, base + CONTROL.STATUS, STATUS.DEAD);
  Atomics.store(control, base + CONTROL.DONE, -1);
  Atomics.notify(control, base + CONTROL.DONE);
});

/**
 * Serves commands until CLOSE. A worker that was not the last to finish busy-waits for the next
 * command (`spinIterations` polls) before it sleeps; the last one sleeps at once, so that the main
 * thread, woken by it, gets its core instead of waiting for a spinning thread's time slice.
 */
function serve(shard: Shard): void {
  let last = 0;
  let spins = init.spinIterations;
  for (;;) {
    let sequence = Atomics.load(control, base + CONTROL.SEQUENCE);
    for (let k = 0; sequence === last && k < spins; k++) sequence = Atomics.load(control, base + CONTROL.SEQUENCE);
    while (sequence === last) {
      // Announce the sleep, then look once more: the main thread either sees the announcement (and
      // notifies) or has already bumped the sequence, which this load then sees (both are seq-cst).
      Atomics.store(control, base + CONTROL.SLEEPING, 1);
      sequence = Atomics.load(control, base + CONTROL.SEQUENCE);
      if (sequence === last) Atomics.wait(control, base + CONTROL.SEQUENCE, last);
      Atomics.store(control, base + CONTROL.SLEEPING, 0);
      sequence = Atomics.load(control, base + CONTROL.SEQUENCE);
    }
    last = sequence;
    const command = Atomics.load(control, base + CONTROL.COMMAND);
    if (command === COMMAND.CLOSE) {
      shard.close();
      finish(sequence, STATUS.OK);
      return;
    }
    try {
      if (command === COMMAND.CALL) {
        // The request was posted before the command was signalled, so it is already queued on the port.
        const request = receiveMessageOnPort(init.port)?.message as CallRequest;
        init.port.postMessage({ type: "call-result", values: shard.call(request) });
      } else shard.run(command);
      finish(sequence, STATUS.OK, command === COMMAND.STEP ? shard.presence : -1);
    } catch (error) {
      fail(sequence, error);
    }
    if (!init.mainThread) {
      const finished = Atomics.add(control, shared + CONTROL.FINISHED, 1) + 1;
      spins = finished >= init.sizes.numWorkers ? 0 : init.spinIterations;
    }
  }
}

importPluginStates(init.shared, { baseDir: init.baseDir, allowModulePaths: init.allowModulePaths, projectDir: init.projectDir })
  .then(() => buildShardEnv(init.config, init.baseDir, views, start, end, init))
  .then(
  (vec) => {
    parentPort?.postMessage({ type: "ready", batched: vec.batched });
    serve(new Shard(vec, views, start, end, actionSize, observationSize, init.lazyInfo));
    process.exit(0);
  },
  (error: unknown) => {
    parentPort?.postMessage({ type: "error", error: errorData(error) });
    process.exit(1);
  },
);

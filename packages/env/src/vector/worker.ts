/**
 * The worker thread of `AsyncVectorEnv`: builds its shard of environments from the config (so
 * third-party plugins are imported here too), steps them with a `SyncVectorEnv` (the batch kernel when
 * the components allow it) and writes every result into the shared buffer. Commands arrive as a bumped
 * sequence word; the worker spins briefly, then sleeps in `Atomics.wait`.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { EnvironmentConfigInput } from "../config/schema.js";
import { createEnvironmentFromConfig } from "../config/create.js";
import { SyncVectorEnv } from "./sync.js";
import type { AutoresetMode } from "./options.js";
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
  readonly autoresetMode: AutoresetMode;
  readonly batch: "auto" | "off";
  readonly spinIterations: number;
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
const count = end - start;
const { actionSize, observationSize } = init.sizes;

function finish(sequence: number, status: number): void {
  Atomics.store(control, base + CONTROL.STATUS, status);
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

async function build(): Promise<SyncVectorEnv<unknown, unknown>> {
  const envs = [];
  for (let i = 0; i < count; i++) envs.push(await createEnvironmentFromConfig(init.config, { baseDir: init.baseDir, renderMode: null }));
  return new SyncVectorEnv(
    envs.map((env) => () => env),
    { autoresetMode: init.autoresetMode, copy: false, batch: init.batch },
  );
}

/** Whether this shard's final rows hold data from an earlier step. */
let finalsWritten = false;

function writeResults(vec: SyncVectorEnv<unknown, unknown>, observations: unknown, infos: Readonly<Record<string, unknown>>): void {
  const obs = (observations as { data: Float32Array }).data;
  views.observations.set(obs, start * observationSize);
  if (!vec.writeInfoInto(views.info, start)) views.info.setFromInfo(start, infos, count);
  const finalMask = (infos._final_obs as { data?: Uint8Array } | undefined)?.data;
  if (finalMask !== undefined) {
    views.finalMask.set(finalMask, start);
    views.finalObservations.set((infos.final_obs as { data: Float32Array }).data, start * observationSize);
    views.finalInfo.setFromInfo(start, infos.final_info as Readonly<Record<string, unknown>>, count);
    finalsWritten = true;
  } else if (finalsWritten) {
    // Clear the shard's final rows once after a step that had some (not on every step).
    views.finalMask.fill(0, start, end);
    views.finalObservations.fill(0, start * observationSize, end * observationSize);
    views.finalInfo.setFromInfo(start, {}, count);
    finalsWritten = false;
  }
}

function run(vec: SyncVectorEnv<unknown, unknown>, command: number): void {
  if (command === COMMAND.STEP) {
    const actions = views.actions.subarray(start * actionSize, end * actionSize);
    const [observations, rewards, terminations, truncations, infos] = vec.step(actions);
    views.rewards.set(rewards.data, start);
    views.terminations.set(terminations.data, start);
    views.truncations.set(truncations.data, start);
    writeResults(vec, observations, infos);
    return;
  }
  if (command === COMMAND.RESET) {
    const seed = Array.from({ length: count }, (_, k) => (views.seedGiven[start + k] === 1 ? (views.seeds[start + k] as number) : null));
    const mask = Array.from(views.resetMask.subarray(start, end), (v) => v === 1);
    const [observations, infos] = vec.reset({ seed, options: { reset_mask: mask } });
    views.rewards.fill(0, start, end);
    views.terminations.fill(0, start, end);
    views.truncations.fill(0, start, end);
    writeResults(vec, observations, infos);
  }
}

/**
 * Serves commands until CLOSE. A worker that was not the last to finish busy-waits for the next
 * command (`spinIterations` polls) before it sleeps; the last one sleeps at once, so that the main
 * thread, woken by it, gets its core instead of waiting for a spinning thread's time slice.
 */
function serve(vec: SyncVectorEnv<unknown, unknown>): void {
  let last = 0;
  let spins = init.spinIterations;
  for (;;) {
    let sequence = Atomics.load(control, base + CONTROL.SEQUENCE);
    for (let k = 0; sequence === last && k < spins; k++) sequence = Atomics.load(control, base + CONTROL.SEQUENCE);
    while (sequence === last) {
      Atomics.wait(control, base + CONTROL.SEQUENCE, last);
      sequence = Atomics.load(control, base + CONTROL.SEQUENCE);
    }
    last = sequence;
    const command = Atomics.load(control, base + CONTROL.COMMAND);
    if (command === COMMAND.CLOSE) {
      vec.close();
      finish(sequence, STATUS.OK);
      return;
    }
    try {
      run(vec, command);
      finish(sequence, STATUS.OK);
    } catch (error) {
      fail(sequence, error);
    }
    const finished = Atomics.add(control, shared + CONTROL.FINISHED, 1) + 1;
    spins = finished >= init.sizes.numWorkers ? 0 : init.spinIterations;
  }
}

build().then(
  (vec) => {
    parentPort?.postMessage({ type: "ready", batched: vec.batched });
    serve(vec);
    process.exit(0);
  },
  (error: unknown) => {
    parentPort?.postMessage({ type: "error", error: errorData(error) });
    process.exit(1);
  },
);

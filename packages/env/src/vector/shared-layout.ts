/**
 * The shared memory of `AsyncVectorEnv`: one `SharedArrayBuffer` holding the control words, actions,
 * reset arguments and every result, laid out once so that the main thread and the workers read and
 * write the same typed arrays (each worker only its own rows) with no copying through messages.
 */
import { PlumeInfoColumns } from "./plume-info.js";

/** Control words per worker (Int32 each). */
export const CONTROL = Object.freeze({
  /** Incremented by the main thread for every command. */
  SEQUENCE: 0,
  /** The command: one of `COMMAND`. */
  COMMAND: 1,
  /** Set by the worker to the sequence it finished. */
  DONE: 2,
  /** `STATUS` after a command. */
  STATUS: 3,
  /** After a STEP: the info key bits the worker's deferred infos will report, or -1 (written eagerly). */
  PRESENCE: 4,
  /**
   * 1 while the worker is (about to be) asleep in `Atomics.wait` for the next command, else 0: the main
   * thread skips the notify (about 0.1 µs) when the worker is polling.
   */
  SLEEPING: 5,
  /** Words per worker (padded to keep workers' words on separate cache lines). */
  STRIDE: 16,
  /** In the shared block after the workers' blocks: how many workers finished the current command. */
  FINISHED: 0,
});

export const COMMAND = Object.freeze({ RESET: 1, STEP: 2, CLOSE: 3, INFO: 4, CALL: 5 });
export const STATUS = Object.freeze({ OK: 0, ERROR: 1, DEAD: 2 });

/** The typed arrays over the shared buffer. */
export interface SharedViews {
  readonly control: Int32Array;
  /**
   * What the shards step: bytes for a Discrete space within 0..255 checked in WebAssembly (`byteActions`),
   * else Int32 for a Discrete space (the shards then step them without converting), float64 otherwise.
   */
  readonly actions: Float64Array | Int32Array | Uint8Array;
  /**
   * With `byteActions`: where the caller's Int32 actions are copied before the check narrows them (main
   * thread only), twice over one region: at an 8-byte-aligned offset and 4 bytes on. V8 copies into
   * shared memory word by word only between equally aligned arrays (byte by byte otherwise), so a copy
   * goes to the one aligned as its source is.
   */
  readonly actionStaging: readonly [Int32Array, Int32Array] | undefined;
  readonly seeds: Float64Array;
  readonly seedGiven: Uint8Array;
  readonly resetMask: Uint8Array;
  readonly observations: Float32Array;
  readonly finalObservations: Float32Array;
  readonly rewards: Float64Array;
  readonly terminations: Uint8Array;
  readonly truncations: Uint8Array;
  readonly finalMask: Uint8Array;
  readonly info: PlumeInfoColumns;
  readonly finalInfo: PlumeInfoColumns;
}

/** The sizes a layout is made from. */
export interface LayoutSizes {
  readonly numEnvs: number;
  readonly numWorkers: number;
  readonly actionSize: number;
  /** Whether actions are Discrete (stored as Int32). */
  readonly discreteActions: boolean;
  /** Whether Discrete actions are stored as bytes (checked and narrowed from an Int32 staging area in WebAssembly). */
  readonly byteActions: boolean;
  readonly observationSize: number;
}

/**
 * Regions start on cache lines (64 bytes): then, when a shard boundary times an element's size is a
 * multiple of 64 (512 envs of any type here), no line holds two threads' rows, which they would pass back
 * and forth as both write their results.
 */
const alignLine = (n: number): number => Math.ceil(n / 64) * 64;

/** Bytes of the shared buffer for `sizes`. */
export function sharedByteLength(sizes: LayoutSizes): number {
  return layout(sizes, undefined).bytes;
}

/** The typed arrays over `buffer` (made with `sharedByteLength(sizes)` bytes). */
export function sharedViews(sizes: LayoutSizes, buffer: SharedArrayBuffer): SharedViews {
  return layout(sizes, buffer).views as SharedViews;
}

function layout(sizes: LayoutSizes, buffer: SharedArrayBuffer | undefined): { bytes: number; views: SharedViews | undefined } {
  const { numEnvs: n, numWorkers, actionSize, discreteActions, byteActions, observationSize } = sizes;
  let offset = 0;
  const take = (bytes: number): number => {
    const at = offset;
    offset = alignLine(offset + bytes);
    return at;
  };
  // One block of control words per worker, plus one shared block (the finished-workers counter).
  const controlAt = take((numWorkers + 1) * CONTROL.STRIDE * 4);
  const actionsAt = take(n * actionSize * 8);
  const stagingAt = byteActions ? take(n * 4 + 4) : -1;
  const seedsAt = take(n * 8);
  const rewardsAt = take(n * 8);
  const observationsAt = take(n * observationSize * 4);
  const finalObservationsAt = take(n * observationSize * 4);
  const seedGivenAt = take(n);
  const resetMaskAt = take(n);
  const terminationsAt = take(n);
  const truncationsAt = take(n);
  const finalMaskAt = take(n);
  const infoAt = take(PlumeInfoColumns.byteLength(n));
  const finalInfoAt = take(PlumeInfoColumns.byteLength(n));
  if (buffer === undefined) return { bytes: offset, views: undefined };
  return {
    bytes: offset,
    views: {
      control: new Int32Array(buffer, controlAt, (numWorkers + 1) * CONTROL.STRIDE),
      actions: byteActions
        ? new Uint8Array(buffer, actionsAt, n)
        : discreteActions
          ? new Int32Array(buffer, actionsAt, n * actionSize)
          : new Float64Array(buffer, actionsAt, n * actionSize),
      actionStaging: byteActions ? [new Int32Array(buffer, stagingAt, n), new Int32Array(buffer, stagingAt + 4, n)] : undefined,
      seeds: new Float64Array(buffer, seedsAt, n),
      seedGiven: new Uint8Array(buffer, seedGivenAt, n),
      resetMask: new Uint8Array(buffer, resetMaskAt, n),
      observations: new Float32Array(buffer, observationsAt, n * observationSize),
      finalObservations: new Float32Array(buffer, finalObservationsAt, n * observationSize),
      rewards: new Float64Array(buffer, rewardsAt, n),
      terminations: new Uint8Array(buffer, terminationsAt, n),
      truncations: new Uint8Array(buffer, truncationsAt, n),
      finalMask: new Uint8Array(buffer, finalMaskAt, n),
      info: new PlumeInfoColumns(n, buffer, infoAt),
      finalInfo: new PlumeInfoColumns(n, buffer, finalInfoAt),
    },
  };
}

/** Environments `[start, end)` of worker `w` when `n` environments are split over `workers`. */
export function shardOf(w: number, n: number, workers: number): { start: number; end: number } {
  const base = Math.floor(n / workers);
  const extra = n % workers;
  const start = w * base + Math.min(w, extra);
  return { start, end: start + base + (w < extra ? 1 : 0) };
}

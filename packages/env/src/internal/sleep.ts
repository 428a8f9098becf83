/** Blocks the thread for `ms` milliseconds (no-op for 0 or less): pacing `human` frames to `render_fps`. */
export function sleepMs(ms: number): void {
  if (!(ms > 0)) return;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * A WebAssembly SIMD range check for a batch of Discrete actions in shared memory: four to eight times
 * faster than the best JavaScript loop (about 0.1 µs against 0.7 µs for 1024 actions), which matters
 * because `AsyncVectorEnv` checks every action of a step before any thread steps an environment. Its
 * second function also narrows the actions to bytes as it checks them, so that a quarter of the cache
 * lines move between cores. The module is `range-check.wat`, assembled (test/range-check.test.ts checks
 * these bytes against it).
 */

/** The assembled `range-check.wat`. */
export const RANGE_CHECK_WASM: Readonly<Uint8Array> = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 18, 2, 96, 4, 127, 127, 127, 127, 1, 127, 96, 5, 127, 127, 127,
  127, 127, 1, 127, 2, 18, 1, 3, 101, 110, 118, 6, 109, 101, 109, 111, 114, 121, 2, 3, 1, 128, 128, 4,
  3, 3, 2, 0, 1, 7, 28, 2, 10, 97, 108, 108, 73, 110, 82, 97, 110, 103, 101, 0, 0, 11, 99, 104,
  101, 99, 107, 78, 97, 114, 114, 111, 119, 0, 1, 10, 159, 3, 2, 155, 1, 2, 1, 127, 3, 123, 32, 2,
  253, 17, 33, 5, 32, 3, 253, 17, 33, 6, 32, 0, 32, 1, 65, 120, 113, 65, 2, 116, 106, 33, 4, 2,
  64, 3, 64, 32, 0, 32, 4, 79, 13, 1, 32, 7, 32, 0, 253, 0, 4, 0, 32, 5, 253, 177, 1, 32,
  6, 253, 64, 32, 0, 253, 0, 4, 16, 32, 5, 253, 177, 1, 32, 6, 253, 64, 253, 80, 253, 80, 33, 7,
  32, 0, 65, 32, 106, 33, 0, 12, 0, 11, 11, 32, 7, 253, 83, 4, 64, 65, 0, 15, 11, 32, 4, 32,
  1, 65, 7, 113, 65, 2, 116, 106, 33, 4, 2, 64, 3, 64, 32, 0, 32, 4, 79, 13, 1, 32, 0, 40,
  2, 0, 32, 2, 107, 32, 3, 79, 4, 64, 65, 0, 15, 11, 32, 0, 65, 4, 106, 33, 0, 12, 0, 11,
  11, 65, 1, 11, 255, 1, 3, 1, 127, 7, 123, 1, 127, 32, 3, 253, 17, 33, 6, 32, 4, 253, 17, 33,
  7, 32, 0, 32, 2, 65, 112, 113, 65, 2, 116, 106, 33, 5, 2, 64, 3, 64, 32, 0, 32, 5, 79, 13,
  1, 32, 0, 253, 0, 4, 0, 33, 9, 32, 0, 253, 0, 4, 16, 33, 10, 32, 0, 253, 0, 4, 32, 33,
  11, 32, 0, 253, 0, 4, 48, 33, 12, 32, 8, 32, 9, 32, 6, 253, 177, 1, 32, 7, 253, 64, 32, 10,
  32, 6, 253, 177, 1, 32, 7, 253, 64, 253, 80, 32, 11, 32, 6, 253, 177, 1, 32, 7, 253, 64, 32, 12,
  32, 6, 253, 177, 1, 32, 7, 253, 64, 253, 80, 253, 80, 253, 80, 33, 8, 32, 1, 32, 9, 32, 10, 253,
  134, 1, 32, 11, 32, 12, 253, 134, 1, 253, 102, 253, 11, 4, 0, 32, 0, 65, 192, 0, 106, 33, 0, 32,
  1, 65, 16, 106, 33, 1, 12, 0, 11, 11, 32, 8, 253, 83, 4, 64, 65, 0, 15, 11, 32, 5, 32, 2,
  65, 15, 113, 65, 2, 116, 106, 33, 5, 2, 64, 3, 64, 32, 0, 32, 5, 79, 13, 1, 32, 0, 40, 2,
  0, 33, 13, 32, 13, 32, 3, 107, 32, 4, 79, 4, 64, 65, 0, 15, 11, 32, 1, 32, 13, 58, 0, 0,
  32, 0, 65, 4, 106, 33, 0, 32, 1, 65, 1, 106, 33, 1, 12, 0, 11, 11, 65, 1, 11,
]);

/** Bytes in a WebAssembly page. */
const PAGE = 65536;
/** Pages a wasm32 memory can have. */
const MAX_PAGES = 65536;

/** `allInRange(byteOffset, count, start, span)`: whether every int32 there satisfies `(v - start) >>> 0 < span`. */
export type RangeCheck = (byteOffset: number, count: number, start: number, span: number) => boolean;

/**
 * `checkNarrow(srcByteOffset, dstByteOffset, count, start, span)`: `allInRange` of the int32s at `src`, which
 * it also writes as bytes at `dst` (exact for values in 0..255). When it returns false, some bytes may be
 * left unwritten.
 */
export type CheckNarrow = (srcByteOffset: number, dstByteOffset: number, count: number, start: number, span: number) => boolean;

/** Shared memory with the range checks over it, or plain shared memory where WebAssembly SIMD is missing. */
export interface CheckedSharedMemory {
  readonly buffer: SharedArrayBuffer;
  readonly allInRange: RangeCheck | undefined;
  readonly checkNarrow: CheckNarrow | undefined;
}

/** Whether this runtime can run the checks (WebAssembly with SIMD and shared memory). */
export function rangeChecksAvailable(): boolean {
  return rangeCheckModule() !== null;
}

/** The part of the WebAssembly JS API used here (the project's TypeScript libs do not declare it). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  readonly Module: new (bytes: Uint8Array) => WasmModule;
  readonly Instance: new (module: WasmModule, imports: Record<string, Record<string, unknown>>) => { readonly exports: Record<string, unknown> };
  readonly Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => { readonly buffer: ArrayBufferLike };
}
type WasmModule = { readonly __wasmModule?: never };

const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
let compiled: WasmModule | null | undefined;

/** The compiled module, or null when this runtime has no WebAssembly SIMD or shared memory. */
function rangeCheckModule(): WasmModule | null {
  if (compiled === undefined) {
    try {
      compiled = wasm !== undefined && wasm.validate(RANGE_CHECK_WASM) ? new wasm.Module(RANGE_CHECK_WASM) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * `byteLength` bytes of shared memory: a shared `WebAssembly.Memory` (that never grows) with the range
 * check bound to it when the runtime supports it, else a `SharedArrayBuffer` and no check.
 */
export function checkedSharedMemory(byteLength: number): CheckedSharedMemory {
  const pages = Math.max(1, Math.ceil(byteLength / PAGE));
  const module = pages <= MAX_PAGES ? rangeCheckModule() : null;
  if (module !== null && wasm !== undefined) {
    try {
      const memory = new wasm.Memory({ initial: pages, maximum: pages, shared: true });
      const instance = new wasm.Instance(module, { env: { memory } });
      const check = instance.exports.allInRange as (ptr: number, len: number, start: number, span: number) => number;
      const narrow = instance.exports.checkNarrow as (src: number, dst: number, len: number, start: number, span: number) => number;
      return {
        buffer: memory.buffer as SharedArrayBuffer,
        allInRange: (byteOffset, count, start, span) => check(byteOffset, count, start, span) === 1,
        checkNarrow: (src, dst, count, start, span) => narrow(src, dst, count, start, span) === 1,
      };
    } catch {
      // fall through: e.g. a runtime that refuses shared WebAssembly memory of this size
    }
  }
  return { buffer: new SharedArrayBuffer(byteLength), allInRange: undefined, checkNarrow: undefined };
}

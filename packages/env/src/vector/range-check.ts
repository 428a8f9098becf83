/**
 * A WebAssembly SIMD range check for a batch of Discrete actions in shared memory: four to eight times
 * faster than the best JavaScript loop (about 0.1 µs against 0.7 µs for 1024 actions), which matters
 * because `AsyncVectorEnv` checks every action of a step before any thread steps an environment.
 * The module is `range-check.wat`, assembled (test/range-check.test.ts checks these bytes against it).
 */

/** The assembled `range-check.wat`. */
export const RANGE_CHECK_WASM: Readonly<Uint8Array> = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 9, 1, 96, 4, 127, 127, 127, 127, 1, 127, 2, 18, 1, 3, 101,
  110, 118, 6, 109, 101, 109, 111, 114, 121, 2, 3, 1, 128, 128, 4, 3, 2, 1, 0, 7, 14, 1, 10, 97,
  108, 108, 73, 110, 82, 97, 110, 103, 101, 0, 0, 10, 158, 1, 1, 155, 1, 2, 1, 127, 3, 123, 32, 2,
  253, 17, 33, 5, 32, 3, 253, 17, 33, 6, 32, 0, 32, 1, 65, 120, 113, 65, 2, 116, 106, 33, 4, 2,
  64, 3, 64, 32, 0, 32, 4, 79, 13, 1, 32, 7, 32, 0, 253, 0, 4, 0, 32, 5, 253, 177, 1, 32,
  6, 253, 64, 32, 0, 253, 0, 4, 16, 32, 5, 253, 177, 1, 32, 6, 253, 64, 253, 80, 253, 80, 33, 7,
  32, 0, 65, 32, 106, 33, 0, 12, 0, 11, 11, 32, 7, 253, 83, 4, 64, 65, 0, 15, 11, 32, 4, 32,
  1, 65, 7, 113, 65, 2, 116, 106, 33, 4, 2, 64, 3, 64, 32, 0, 32, 4, 79, 13, 1, 32, 0, 40,
  2, 0, 32, 2, 107, 32, 3, 79, 4, 64, 65, 0, 15, 11, 32, 0, 65, 4, 106, 33, 0, 12, 0, 11,
  11, 65, 1, 11,
]);

/** Bytes in a WebAssembly page. */
const PAGE = 65536;
/** Pages a wasm32 memory can have. */
const MAX_PAGES = 65536;

/** `allInRange(byteOffset, count, start, span)`: whether every int32 there satisfies `(v - start) >>> 0 < span`. */
export type RangeCheck = (byteOffset: number, count: number, start: number, span: number) => boolean;

/** Shared memory with a range check over it, or plain shared memory where WebAssembly SIMD is missing. */
export interface CheckedSharedMemory {
  readonly buffer: SharedArrayBuffer;
  readonly allInRange: RangeCheck | undefined;
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
      return {
        buffer: memory.buffer as SharedArrayBuffer,
        allInRange: (byteOffset, count, start, span) => check(byteOffset, count, start, span) === 1,
      };
    } catch {
      // fall through: e.g. a runtime that refuses shared WebAssembly memory of this size
    }
  }
  return { buffer: new SharedArrayBuffer(byteLength), allInRange: undefined };
}

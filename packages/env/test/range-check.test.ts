/**
 * The WebAssembly range check AsyncVectorEnv runs over its shared Discrete actions: its embedded bytes
 * must be what range-check.wat assembles to, and it must accept and reject exactly what one compare per
 * element does, at any length (the eight-wide loop and the one-by-one tail), any 4-byte-aligned offset
 * and any range whose one-compare form holds (start >= -2^31, end <= 2^31).
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import wabtInit from "wabt";
import { describe, expect, it } from "vitest";
import { RANGE_CHECK_WASM, checkedSharedMemory } from "../src/vector/range-check.js";

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

describe("range check (WebAssembly SIMD)", () => {
  it("embeds exactly the assembled range-check.wat", async () => {
    const wabt = await wabtInit();
    const source = readFileSync(new URL("../src/vector/range-check.wat", import.meta.url), "utf8");
    const module = wabt.parseWat("range-check.wat", source, { simd: true, threads: true });
    const { buffer } = module.toBinary({});
    module.destroy();
    expect(Array.from(RANGE_CHECK_WASM)).toEqual(Array.from(buffer));
  });

  it("gives shared memory of at least the size asked, with the check on this runtime", () => {
    const memory = checkedSharedMemory(100_000);
    expect(memory.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(memory.buffer.byteLength).toBeGreaterThanOrEqual(100_000);
    expect(memory.allInRange).toBeTypeOf("function"); // Node 20+ has WebAssembly SIMD
    expect(memory.checkNarrow).toBeTypeOf("function");
  });

  it("agrees with one compare per element", () => {
    const memory = checkedSharedMemory(1 << 16);
    const allInRange = memory.allInRange!;
    const range = fc
      .oneof(
        fc.record({ start: fc.integer({ min: -8, max: 8 }), span: fc.integer({ min: 1, max: 9 }) }),
        fc.record({ start: fc.constantFrom(INT32_MIN, INT32_MIN + 1, -1, 0, 2 ** 30, INT32_MAX - 3, INT32_MAX), span: fc.integer({ min: 1, max: 2 ** 31 }) }),
      )
      .map(({ start, span }) => ({ start, end: Math.min(start + span, 2 ** 31) }))
      .filter(({ start, end }) => end > start);
    fc.assert(
      fc.property(
        range,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 7 }),
        fc.func(fc.oneof(fc.constant("in"), fc.constant("in"), fc.constant("in"), fc.constant("edge"), fc.constant("any"))),
        fc.array(fc.integer({ min: INT32_MIN, max: INT32_MAX }), { minLength: 40, maxLength: 40 }),
        ({ start, end }, length, offsetWords, pick, anyValues) => {
          const values = new Int32Array(memory.buffer, 256 + offsetWords * 4, length);
          for (let i = 0; i < length; i++) {
            const kind = pick(i);
            const any = anyValues[i] as number;
            values[i] =
              kind === "in"
                ? start + (Math.abs(any) % (end - start))
                : kind === "edge"
                  ? [start - 1, start, end - 1, end][Math.abs(any) % 4]!
                  : any;
          }
          let expected = true;
          for (let i = 0; i < length; i++) if (values[i]! < start || values[i]! >= end) expected = false;
          expect(allInRange(values.byteOffset, length, start, end - start)).toBe(expected);
        },
      ),
    );
  });

  it("checkNarrow checks as allInRange does and writes every value in 0..255 as its byte", () => {
    const memory = checkedSharedMemory(1 << 16);
    const { allInRange, checkNarrow } = memory as { allInRange: NonNullable<typeof memory.allInRange>; checkNarrow: NonNullable<typeof memory.checkNarrow> };
    fc.assert(
      fc.property(
        fc.record({ start: fc.integer({ min: 0, max: 255 }), span: fc.integer({ min: 1, max: 256 }) }).map(({ start, span }) => ({ start, end: Math.min(256, start + span) })),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 31 }),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.constantFrom(-1, 256, INT32_MIN, INT32_MAX, 65536 + 3)), { minLength: 70, maxLength: 70 }),
        ({ start, end }, length, srcWords, dstOffset, raw) => {
          const src = new Int32Array(memory.buffer, 1024 + srcWords * 4, length);
          const dst = new Uint8Array(memory.buffer, 4096 + dstOffset, length + 1);
          dst.fill(0xee);
          src.set(raw.slice(0, length));
          const valid = allInRange(src.byteOffset, length, start, end - start);
          expect(checkNarrow(src.byteOffset, dst.byteOffset, length, start, end - start)).toBe(valid);
          if (valid) expect(Array.from(dst.subarray(0, length))).toEqual(Array.from(src));
          expect(dst[length]).toBe(0xee); // nothing written past the rows
        },
      ),
    );
  });

  it("finds a single bad value anywhere, including in the tail", () => {
    const memory = checkedSharedMemory(1 << 16);
    const values = new Int32Array(memory.buffer, 64, 1027).fill(2);
    expect(memory.allInRange!(values.byteOffset, values.length, 0, 4)).toBe(true);
    expect(memory.checkNarrow!(values.byteOffset, 8192, values.length, 0, 4)).toBe(true);
    for (const at of [0, 7, 8, 511, 1023, 1024, 1026]) {
      for (const bad of [-1, 4, INT32_MIN, INT32_MAX]) {
        values[at] = bad;
        expect(memory.allInRange!(values.byteOffset, values.length, 0, 4), `values[${at}] = ${bad}`).toBe(false);
        expect(memory.checkNarrow!(values.byteOffset, 8192, values.length, 0, 4), `narrowing values[${at}] = ${bad}`).toBe(false);
        values[at] = 2;
      }
    }
  });
});

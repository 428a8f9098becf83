/**
 * The batch action check shared by SyncVectorEnv's fast path and AsyncVectorEnv: its unrolled Int32
 * pass must accept and reject exactly what one compare per element does, at every Discrete range,
 * including ranges at the edges of int32 where the unsigned-wrap trick would overflow.
 */
import fc from "fast-check";
import { ValidationError } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { readBatchActions, type ActionLayout } from "../src/vector/actions.js";

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function layoutOf(n: number, start: number, end: number): ActionLayout {
  return { n, size: 1, discrete: { start, end }, low: undefined, high: undefined, space: `Discrete(${end - start}, start=${start})` };
}

/** The first index whose value is outside [start, end) and not ignored, by one compare per element. */
function firstInvalid(values: Int32Array, start: number, end: number, ignored: (i: number) => boolean): number {
  for (let i = 0; i < values.length; i++) if ((values[i]! < start || values[i]! >= end) && !ignored(i)) return i;
  return -1;
}

/** A Discrete range [start, end) starting in the int32 range; ends past 2^31 take the plain-compare path. */
const rangeArb = fc.oneof(
  fc.record({ start: fc.integer({ min: -8, max: 8 }), span: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ start: fc.constantFrom(INT32_MIN, INT32_MIN + 1, -(2 ** 30), 2 ** 30, INT32_MAX - 3, INT32_MAX), span: fc.integer({ min: 1, max: 2 ** 31 }) }),
  fc.record({ start: fc.integer({ min: INT32_MIN, max: INT32_MAX }), span: fc.integer({ min: 1, max: 2 ** 32 }) }),
).map(({ start, span }) => ({ start, end: start + span }));

const clamp = (v: number): number => Math.min(INT32_MAX, Math.max(INT32_MIN, v));

/** Values near the range's edges, at the int32 extremes, and anywhere. */
const valuesArb = (start: number, end: number) =>
  fc.array(
    fc.oneof(
      fc.integer({ min: clamp(start - 2), max: clamp(start + 2) }),
      fc.integer({ min: clamp(end - 2), max: clamp(end + 1) }),
      fc.constantFrom(INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX - 1, INT32_MAX),
      fc.integer({ min: INT32_MIN, max: INT32_MAX }),
    ),
    { minLength: 1, maxLength: 23 },
  );

describe("readBatchActions on Int32 Discrete actions", () => {
  it("accepts a batch exactly when every action is in range, and names the first bad one", () => {
    fc.assert(
      fc.property(
        rangeArb.chain(({ start, end }) => fc.tuple(fc.constant(start), fc.constant(end), valuesArb(start, end))),
        ([start, end, list]) => {
          const values = Int32Array.from(list);
          const out = new Int32Array(values.length);
          const bad = firstInvalid(values, start, end, () => false);
          const read = () => readBatchActions(layoutOf(values.length, start, end), values, out, false);
          if (bad < 0) {
            expect(Array.from(read())).toEqual(list);
          } else {
            expect(read).toThrow(ValidationError);
            expect(read).toThrow(expect.objectContaining({ parameter: `actions[${bad}]` }));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("lets an environment about to be reset carry any action", () => {
    fc.assert(
      fc.property(
        rangeArb.chain(({ start, end }) => fc.tuple(fc.constant(start), fc.constant(end), valuesArb(start, end), fc.array(fc.boolean(), { minLength: 23, maxLength: 23 }))),
        ([start, end, list, skip]) => {
          const values = Int32Array.from(list);
          const ignored = (i: number) => skip[i] === true;
          const bad = firstInvalid(values, start, end, ignored);
          const read = () => readBatchActions(layoutOf(values.length, start, end), values, new Int32Array(values.length), true, ignored);
          if (bad < 0) expect(read()).toBe(values);
          else expect(read).toThrow(`actions[${bad}]`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

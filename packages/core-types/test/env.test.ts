import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EnvLifecycle,
  ErrorCode,
  MAX_SEED,
  ValidationError,
  parseWithSchema,
  resetOptionsSchema,
  seedSchema,
} from "../src/index.js";
import { expectPlumeError } from "./helpers.js";

describe("seedSchema", () => {
  it("accepts every integer in [0, 2^32 - 1]", () => {
    expect(MAX_SEED).toBe(4294967295);
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: MAX_SEED }), fc.constantFrom(0, 1, 42, 123, MAX_SEED)), (seed) => {
        expect(seedSchema.parse(seed)).toBe(seed);
      }),
    );
  });

  it.each([-1, 2 ** 32, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "7", 1n, null, true])("rejects %s", (seed) => {
    expect(seedSchema.safeParse(seed).success).toBe(false);
  });
});

describe("resetOptionsSchema", () => {
  it("accepts no argument, an empty object, a seed and options", () => {
    expect(parseWithSchema(resetOptionsSchema, undefined)).toBeUndefined();
    expect(parseWithSchema(resetOptionsSchema, {})).toEqual({});
    expect(parseWithSchema(resetOptionsSchema, { seed: 7, options: {} })).toEqual({ seed: 7, options: {} });
    expect(parseWithSchema(resetOptionsSchema, { seed: undefined })).toEqual({ seed: undefined });
  });

  it("names the bad field", () => {
    const error = expectPlumeError(
      () => parseWithSchema(resetOptionsSchema, { seed: -1 }, { what: "reset options" }),
      ValidationError,
      ErrorCode.VALIDATION,
      "seed",
    );
    expect(error.expected).toBe("an integer in [0, 4294967295]");
    expect(error.received).toBe(-1);
    expectPlumeError(() => parseWithSchema(resetOptionsSchema, { options: [] }), ValidationError, ErrorCode.VALIDATION, "options");
    expectPlumeError(() => parseWithSchema(resetOptionsSchema, { seeed: 1 }), ValidationError, ErrorCode.VALIDATION, "seeed");
  });
});

describe("EnvLifecycle", () => {
  it("names the reference's states and is frozen", () => {
    expect(Object.values(EnvLifecycle)).toEqual(["CREATED", "READY", "TERMINATED", "TRUNCATED", "CLOSED"]);
    expect(Object.isFrozen(EnvLifecycle)).toBe(true);
  });
});

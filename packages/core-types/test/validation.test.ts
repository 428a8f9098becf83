import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigurationError, ErrorCode, ValidationError, parseWithSchema } from "../src/index.js";
import { expectPlumeError } from "./helpers.js";

const schema = z.strictObject({ n: z.int().min(1), inner: z.object({ flag: z.boolean() }).optional() });

describe("parseWithSchema", () => {
  it("returns the parsed value", () => {
    expect(parseWithSchema(schema, { n: 2 })).toEqual({ n: 2 });
  });

  it("throws ValidationError naming the dotted path, expectation and received value", () => {
    const error = expectPlumeError(
      () => parseWithSchema(schema, { n: 1, inner: { flag: "no" } }, { what: "Thing" }),
      ValidationError,
      ErrorCode.VALIDATION,
      "inner.flag",
    );
    expect(error.received).toBe("no");
    expect(error.message).toMatch(/^invalid inner\.flag in Thing; expected .*boolean.*; received "no"$/);
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it("prefixes a path and can throw ConfigurationError", () => {
    expectPlumeError(
      () => parseWithSchema(schema, { n: 0 }, { path: "sensor.options", kind: "configuration" }),
      ConfigurationError,
      ErrorCode.CONFIGURATION,
      "sensor.options.n",
    );
  });

  it("names an unknown key itself rather than its parent", () => {
    const error = expectPlumeError(
      () => parseWithSchema(schema, { n: 1, extra: 5 }, { path: "cfg" }),
      ValidationError,
      ErrorCode.VALIDATION,
      "cfg.extra",
    );
    expect(error.received).toBe(5);
  });

  it("reports the value that failed even when a preprocess step reshaped the input", () => {
    const pair = z.preprocess((v) => (Array.isArray(v) ? { a: v[0], b: v[1] } : v), z.object({ a: z.int(), b: z.int() }));
    const error = expectPlumeError(() => parseWithSchema(pair, [1, "x"]), ValidationError, ErrorCode.VALIDATION, "b");
    expect(error.received).toBe("x");
  });

  it("uses `what` (or 'input') as the parameter of a root-level failure", () => {
    expectPlumeError(() => parseWithSchema(schema, 5, { what: "Thing" }), ValidationError, ErrorCode.VALIDATION, "Thing");
    expectPlumeError(() => parseWithSchema(schema, 5), ValidationError, ErrorCode.VALIDATION, "input");
  });
});

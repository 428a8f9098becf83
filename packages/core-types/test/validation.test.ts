import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigurationError, ErrorCode, ValidationError, closestName, didYouMean, parseWithSchema, schemaKeysAt } from "../src/index.js";
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

  it("an unknown key says what it may have meant and lists the known keys", () => {
    const options = z.strictObject({ gridSize: z.int(), goalRadius: z.number().default(5) });
    const error = expectPlumeError(() => parseWithSchema(options, { gridSize: 3, grid_size: 4 }), ValidationError, ErrorCode.VALIDATION, "grid_size");
    expect(error.expected).toBe('unknown key "grid_size" (did you mean "gridSize"?); known keys: gridSize, goalRadius');
    expect(error.message).toContain('did you mean "gridSize"?');
    const far = expectPlumeError(() => parseWithSchema(options, { gridSize: 3, colour: 1, shade: 2 }), ValidationError, ErrorCode.VALIDATION, "colour");
    expect(far.expected).toBe('unknown key "colour" (also unknown: "shade"); known keys: gridSize, goalRadius');
  });

  it("keeps a schema's own unknown-key message and adds the hint", () => {
    const own = z.strictObject({ variant: z.string().optional() }, { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown key; allowed keys: variant" : undefined) });
    const error = expectPlumeError(() => parseWithSchema(own, { varient: "x" }), ValidationError, ErrorCode.VALIDATION, "varient");
    expect(error.expected).toBe('unknown key; allowed keys: variant (did you mean "variant"?)');
  });

  it("finds the keys of nested objects through wrappers (optional, default, preprocess, union, array, record)", () => {
    const nested = z.preprocess(
      (v) => v,
      z.strictObject({
        inner: z.strictObject({ sigma: z.number() }).optional(),
        list: z.array(z.strictObject({ stepSize: z.number().optional() })).default([]),
        map: z.record(z.string(), z.union([z.strictObject({ noiseStd: z.number() }), z.strictObject({ gain: z.number() })])),
      }),
    );
    expect([...schemaKeysAt(nested, [])]).toEqual(["inner", "list", "map"]);
    expect([...schemaKeysAt(nested, ["inner"])]).toEqual(["sigma"]);
    expect([...schemaKeysAt(nested, ["list", 0])]).toEqual(["stepSize"]);
    expect([...schemaKeysAt(nested, ["map", "wind"])].sort()).toEqual(["gain", "noiseStd"]);
    const error = expectPlumeError(
      () => parseWithSchema(nested, { map: {}, list: [{ step_size: 1 }] }, { path: "sensor.options", kind: "configuration" }),
      ConfigurationError,
      ErrorCode.CONFIGURATION,
      "sensor.options.list.0.step_size",
    );
    expect(error.message).toContain('did you mean "stepSize"?');
  });
});

describe("closestName", () => {
  it("ignores case, _ and -, and allows about one typo in three letters", () => {
    expect(closestName("grid_size", ["gridSize", "goalRadius"])).toBe("gridSize");
    expect(closestName("antenae", ["antennae", "concentration"])).toBe("antennae");
    expect(closestName("runtumble", ["run_tumble", "oriented"])).toBe("run_tumble");
    expect(closestName("oreintd", ["oriented"])).toBe("oriented");
    expect(closestName("nose", ["antennae", "concentration"])).toBeUndefined();
    expect(closestName("x", ["y"])).toBe("y");
    expect(closestName("gridSize", ["gridSize"])).toBeUndefined();
    expect(didYouMean("sigam", ["sigma"])).toBe(' (did you mean "sigma"?)');
    expect(didYouMean("zzz", ["sigma"])).toBe("");
  });
});

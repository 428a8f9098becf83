import { describe, expect, it } from "vitest";
import {
  ComponentError,
  ConfigurationError,
  ErrorCode,
  PlumeError,
  RenderingError,
  StateError,
  ValidationError,
  describeValue,
  isPlumeError,
} from "../src/index.js";

describe("errors", () => {
  it("every class has a stable code and is a PlumeError and an Error", () => {
    const cases: [PlumeError, string][] = [
      [new ValidationError("bad"), "PLUME_VALIDATION"],
      [new StateError("bad"), "PLUME_STATE"],
      [new ConfigurationError("bad"), "PLUME_CONFIGURATION"],
      [new ComponentError("bad"), "PLUME_COMPONENT"],
      [new RenderingError("bad"), "PLUME_RENDERING"],
    ];
    for (const [error, code] of cases) {
      expect(error.code).toBe(code);
      expect(error).toBeInstanceOf(PlumeError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
      expect(isPlumeError(error)).toBe(true);
    }
    expect(Object.values(ErrorCode)).toEqual(cases.map(([, code]) => code));
    expect(isPlumeError(new Error("x"))).toBe(false);
  });

  it("ValidationError.invalid names the parameter, the expected form and the received value", () => {
    const error = ValidationError.invalid("seed", "an integer in [0, 4294967295]", -1);
    expect(error.parameter).toBe("seed");
    expect(error.expected).toBe("an integer in [0, 4294967295]");
    expect(error.received).toBe(-1);
    expect(error.message).toBe("invalid seed; expected an integer in [0, 4294967295]; received -1");
    expect(error.toJSON()).toEqual({
      name: "ValidationError",
      code: "PLUME_VALIDATION",
      message: error.message,
      parameter: "seed",
      expected: "an integer in [0, 4294967295]",
    });
  });

  it("StateError reports the current and allowed states", () => {
    const error = new StateError("step() before reset()", { currentState: "CREATED", allowedStates: ["READY"] });
    expect(error.message).toBe("step() before reset() (state is CREATED); expected state READY");
    expect(error.currentState).toBe("CREATED");
    expect(error.allowedStates).toEqual(["READY"]);
  });

  it("ComponentError names the component and keeps the cause", () => {
    const cause = new TypeError("boom");
    const error = new ComponentError("failed", { component: "sensor", cause });
    expect(error.message).toBe("sensor: failed");
    expect(error.component).toBe("sensor");
    expect(error.cause).toBe(cause);
  });

  it("describeValue renders any value without throwing", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue("a")).toBe('"a"');
    expect(describeValue(1n)).toBe("1n");
    expect(describeValue(Number.NaN)).toBe("NaN");
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue(function named() {})).toBe("function named");
    expect(describeValue(new Float32Array(3))).toBe("Float32Array(3)");
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    expect(describeValue("x".repeat(200).split(""))).toMatch(/\.\.\.$/);
    expect(describeValue(cyclic)).toBe("[object Object]");
    expect(describeValue(Symbol("s"))).toBe("Symbol(s)");
  });
});

import { describe, expect, it } from "vitest";
import {
  DTYPES,
  ErrorCode,
  ValidationError,
  allocate,
  assertShape,
  dtypeInfo,
  dtypeOfTypedArray,
  isBigIntDType,
  isDType,
  isNDArray,
  ndarray,
  shapeSize,
  shapesEqual,
  toNested,
  toNumbers,
} from "../src/index.js";
import { expectPlumeError } from "./helpers.js";

describe("ndarray", () => {
  it("builds frozen arrays with the typed array of the dtype", () => {
    const a = ndarray("float32", [2, 3], [1, 2, 3, 4, 5, 6]);
    expect(a.data).toBeInstanceOf(Float32Array);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.shape)).toBe(true);
    expect(toNested(a)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    const data = new Int32Array(4);
    expect(ndarray("int32", [4], data).data).toBe(data);
    expect(ndarray("bool", [2], new Uint8Array(2)).dtype).toBe("bool");
    expect(ndarray("int64", [2], [1, 2]).data).toEqual(BigInt64Array.of(1n, 2n));
    expect(ndarray("uint8", []).data.length).toBe(1);
  });

  it("rejects bad dtypes, shapes and lengths", () => {
    expectPlumeError(() => ndarray("float16" as never, [1]), ValidationError, ErrorCode.VALIDATION, "dtype");
    expectPlumeError(() => ndarray("float32", [-1]), ValidationError, ErrorCode.VALIDATION, "shape");
    expectPlumeError(() => ndarray("float32", [3], [1, 2]), ValidationError, ErrorCode.VALIDATION, "data");
    expectPlumeError(() => assertShape([1.5], "box.shape"), ValidationError, ErrorCode.VALIDATION, "box.shape");
    expectPlumeError(() => allocate("float16" as never, 1), ValidationError, ErrorCode.VALIDATION, "dtype");
  });

  it("allocates, identifies and describes every dtype", () => {
    for (const dtype of DTYPES) {
      const data = allocate(dtype, 3);
      expect(data.length).toBe(3);
      expect(isDType(dtype)).toBe(true);
      expect(dtypeOfTypedArray(data)).toBe(dtype === "bool" ? "uint8" : dtype);
      expect(isBigIntDType(dtype)).toBe(dtype === "int64" || dtype === "uint64");
      expect(dtypeInfo(dtype).bits % 8).toBe(0);
    }
    expect(dtypeInfo("int64").max).toBe(2 ** 63);
    expect(dtypeInfo("uint64").max).toBe(2 ** 64);
    expect(isDType("float16")).toBe(false);
    expect(dtypeOfTypedArray([1, 2])).toBeUndefined();
  });

  it("shape helpers", () => {
    expect(shapeSize([])).toBe(1);
    expect(shapeSize([2, 3, 4])).toBe(24);
    expect(shapesEqual([2, 3], [2, 3])).toBe(true);
    expect(shapesEqual([2, 3], [3, 2])).toBe(false);
    expect(shapesEqual([2], [2, 1])).toBe(false);
  });

  it("isNDArray checks dtype, storage and length", () => {
    expect(isNDArray(ndarray("float32", [2]))).toBe(true);
    expect(isNDArray({ dtype: "float32", shape: [2], data: new Float64Array(2) })).toBe(false);
    expect(isNDArray({ dtype: "float32", shape: [3], data: new Float32Array(2) })).toBe(false);
    expect(isNDArray(null)).toBe(false);
  });

  it("toNumbers converts bigints and toNested returns a scalar for shape []", () => {
    expect(toNumbers(ndarray("uint64", [2], [3, 4]))).toEqual([3, 4]);
    expect(toNested(ndarray("float64", [], [2.5]))).toBe(2.5);
  });
});

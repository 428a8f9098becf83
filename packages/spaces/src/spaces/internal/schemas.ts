/** zod building blocks shared by the option schemas of the spaces. */
import { DTYPES, isNDArray, type DType, type IntDType, type NDArray } from "@plume/core-types";
import * as z from "zod";
import { Generator } from "../../random/index.js";
import { MAX_SEED } from "@plume/core-types";
import { INT_DTYPES } from "./dtype.js";

/** A number / bigint, a (nested) array of them, a typed array or an NDArray. */
export type NumericInput =
  | number
  | bigint
  | NDArray
  | ArrayLike<number>
  | ArrayLike<bigint>
  | readonly NumericInput[];

export const NumericInputSchema = z.custom<NumericInput>(
  (value) =>
    typeof value === "number" ||
    typeof value === "bigint" ||
    Array.isArray(value) ||
    isNDArray(value) ||
    (ArrayBuffer.isView(value) && !(value instanceof DataView)),
  { message: "expected a number, a (nested) array of numbers, a typed array or an NDArray" },
);

export const SeedOptionSchema = z.custom<number | Generator>(
  (value) =>
    value instanceof Generator ||
    (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_SEED),
  { message: `expected an integer in [0, ${MAX_SEED}] or a Generator` },
);

export const DTypeSchema = z.enum(DTYPES as unknown as [DType, ...DType[]]);

export const IntDTypeSchema = z.enum(INT_DTYPES as unknown as [IntDType, ...IntDType[]]);

export const ShapeSchema = z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).readonly();

export const SafeIntSchema = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** Python / NumPy style text for `toString()` (Gymnasium's `repr` of spaces). */
import type { Scalar } from "./dtype.js";

function shortestDigits(x: number, float32: boolean): string {
  if (!float32) return x.toExponential();
  for (let p = 1; p <= 9; p++) {
    const candidate = x.toExponential(p - 1);
    if (Math.fround(Number(candidate)) === x) return candidate;
  }
  return x.toExponential(8);
}

/** Python's `repr(float)` (NumPy's `str` of a float scalar; shortest float32 digits for float32). */
export function pyFloat(x: number, float32 = false): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const exp = shortestDigits(x, float32);
  const [mantissa = "0", expPart = "0"] = exp.split("e");
  const exponent = Number(expPart);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    let text: string;
    if (exponent < 0) {
      text = `0.${"0".repeat(-exponent - 1)}${digits}`;
    } else if (digits.length > exponent + 1) {
      text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
    } else {
      text = `${digits}${"0".repeat(exponent + 1 - digits.length)}.0`;
    }
    return sign + text;
  }
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = Math.abs(exponent).toString().padStart(2, "0");
  return `${sign}${m}e${exponent < 0 ? "-" : "+"}${e}`;
}

/** NumPy's `str` of one element of a dtype kind. */
export function npScalar(value: Scalar, kind: "f" | "i" | "u" | "b", float32 = false): string {
  if (kind === "b") return Number(value) !== 0 ? "True" : "False";
  if (kind === "f") return pyFloat(Number(value), float32);
  return String(value);
}

/** Python's tuple repr of a shape: `(3,)`, `(2, 2)`, `()`. */
export function pyShape(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
}

/**
 * NumPy's positional float formatting of one array: integer parts right-aligned, fractions
 * left-aligned, integral values as `1.`; undefined when a value needs scientific notation.
 */
function npFloatTexts(values: readonly Scalar[], float32: boolean): string[] | undefined {
  const parts: [string, string][] = [];
  const special: (string | undefined)[] = [];
  for (const v of values) {
    const x = Number(v);
    if (!Number.isFinite(x)) {
      special.push(Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf");
      parts.push(["", ""]);
      continue;
    }
    const text = pyFloat(x, float32);
    if (text.includes("e")) return undefined;
    const [int = "", frac = ""] = text.split(".");
    special.push(undefined);
    parts.push([int, frac === "0" ? "" : frac]);
  }
  const finite = parts.filter((_, i) => special[i] === undefined);
  let padLeft = Math.max(0, ...finite.map(([i]) => i.length));
  const padRight = Math.max(0, ...finite.map(([, f]) => f.length));
  const longestSpecial = Math.max(0, ...special.map((s) => s?.length ?? 0));
  if (padLeft + 1 + padRight < longestSpecial) padLeft = longestSpecial - 1 - padRight;
  const width = padLeft + 1 + padRight;
  return parts.map(([int, frac], i) => {
    const s = special[i];
    if (s !== undefined) return s.padStart(width);
    return `${int.padStart(padLeft)}.${frac.padEnd(padRight)}`;
  });
}

/** An approximation of NumPy's `str(array)`: nested brackets, elements aligned like NumPy. */
export function npArray(
  values: readonly Scalar[],
  shape: readonly number[],
  kind: "f" | "i" | "u" | "b",
  float32 = false,
): string {
  let texts: string[];
  if (kind === "f") {
    texts = npFloatTexts(values, float32) ?? values.map((v) => npScalar(v, kind, float32));
  } else {
    texts = values.map((v) => npScalar(v, kind, float32));
    const width = Math.max(0, ...texts.map((t) => t.length));
    texts = texts.map((t) => t.padStart(width));
  }
  if (shape.length === 0) return texts[0] ?? "";
  const build = (depth: number, offset: number): string => {
    const dim = shape[depth] ?? 0;
    if (depth === shape.length - 1) return `[${texts.slice(offset, offset + dim).join(" ")}]`;
    const stride = shape.slice(depth + 1).reduce((a, b) => a * b, 1);
    const rows = Array.from({ length: dim }, (_, i) => build(depth + 1, offset + i * stride));
    return `[${rows.join(`\n${" ".repeat(depth + 1)}`)}]`;
  };
  return build(0, 0);
}

/** Python's `repr(str)` for Dict keys: single quotes unless the key contains one. */
export function pyStr(value: string): string {
  if (value.includes("'") && !value.includes('"')) return `"${value}"`;
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/**
 * JSON written byte for byte as Python's `json` module writes it, which is what the reference's data-capture
 * files hold: floats as `repr` (`0.0`, `1e-05`, `1e+16`, `NaN`, `Infinity`), `", "` and `": "` separators,
 * optionally sorted keys (by code point, as Python sorts `str`), `ensure_ascii` escapes, and `indent`.
 *
 * JavaScript has one number type, so a value that Python holds as a float but that happens to be integral
 * (`12.0`) is marked with `pyFloat(12)`; any other number is written as an int when it is an integer and
 * as a float otherwise.
 */

/** A number Python holds as a `float` (written `12.0`, never `12`). */
export class PyFloat {
  constructor(readonly value: number) {}
  toJSON(): number {
    return this.value;
  }
}

/** Marks `value` as a Python float. */
export const pyFloat = (value: number): PyFloat => new PyFloat(value);

/**
 * `repr(float(x))`: the shortest digits that round-trip (the same digits JavaScript prints), laid out as
 * Python does: exponent form when the decimal exponent is below -4 or at least 16 (`1e-05`, `1e+16`, the
 * exponent signed with at least two digits), otherwise positional with `.0` added to integral values.
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  // toExponential() without a digit count gives exactly the shortest round-trip digits.
  const [mantissa, exp] = Math.abs(x).toExponential().split("e") as [string, string];
  const digits = mantissa.replace(".", "");
  const exponent = Number(exp);
  const sign = x < 0 ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    const head = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
    const abs = Math.abs(exponent);
    return `${sign}${head}e${exponent < 0 ? "-" : "+"}${abs < 10 ? `0${abs}` : abs}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const point = exponent + 1;
  if (digits.length <= point) return `${sign}${digits}${"0".repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const hex4 = (code: number) => code.toString(16).padStart(4, "0");

/** A JSON string literal as Python's `json.dumps` writes it (`ensureAscii`: every non-printable-ASCII character escaped). */
export function pyString(text: string, ensureAscii: boolean): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const ch = text[i] as string;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (code < 0x20 || (ensureAscii && code > 0x7e)) out += `\\u${hex4(code)}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Python's `str` order: by code point (JavaScript's default sort compares UTF-16 units, which differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i] as string).codePointAt(0)! - (y[i] as string).codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** How `pyDumps` writes. */
export interface PyDumpsOptions {
  /** `sort_keys=True`. Default false. */
  readonly sortKeys?: boolean;
  /** `ensure_ascii` (Python's default true). */
  readonly ensureAscii?: boolean;
  /** `indent=n`: one member or element per line. Default: everything on one line. */
  readonly indent?: number;
}

/** Values `pyDumps` can write. */
export type PyJson = null | boolean | number | string | PyFloat | readonly PyJson[] | { readonly [key: string]: PyJson | undefined };

function isIntegral(x: number): boolean {
  return Number.isInteger(x) && Math.abs(x) < 2 ** 63;
}

/** An integer as Python prints an `int` (all digits, never an exponent). */
function intText(x: number): string {
  if (Object.is(x, -0)) return "0";
  return Math.abs(x) >= 1e21 ? BigInt(x).toString() : String(x);
}

/**
 * `json.dumps(value, sort_keys=..., ensure_ascii=..., indent=...)` for plain data. Keys whose value is
 * `undefined` are left out (as `JSON.stringify` does).
 * @throws TypeError for a value Python's `json` could not write (a function, a bigint, a cycle).
 */
export function pyDumps(value: unknown, options: PyDumpsOptions = {}): string {
  const ensureAscii = options.ensureAscii ?? true;
  const indent = options.indent;
  const seen = new Set<object>();
  const write = (v: unknown, depth: number): string => {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (typeof v === "number") return isIntegral(v) ? intText(v) : pyFloatRepr(v);
    if (v instanceof PyFloat) return pyFloatRepr(v.value);
    if (typeof v === "string") return pyString(v, ensureAscii);
    if (typeof v !== "object") throw new TypeError(`Object of type ${typeof v} is not JSON serializable`);
    if (seen.has(v)) throw new TypeError("Circular reference detected");
    seen.add(v);
    const pad = indent === undefined ? "" : `\n${" ".repeat(indent * (depth + 1))}`;
    const close = indent === undefined ? "" : `\n${" ".repeat(indent * depth)}`;
    const separator = indent === undefined ? ", " : ",";
    let text: string;
    if (Array.isArray(v) || ArrayBuffer.isView(v)) {
      const items = Array.from(v as ArrayLike<unknown>, (item) => write(item, depth + 1));
      text = items.length === 0 ? "[]" : `[${pad}${items.join(`${separator}${pad}`)}${close}]`;
    } else {
      let keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
      if (options.sortKeys === true) keys = keys.sort(compareCodePoints);
      const members = keys.map((k) => `${pyString(k, ensureAscii)}: ${write((v as Record<string, unknown>)[k], depth + 1)}`);
      text = members.length === 0 ? "{}" : `{${pad}${members.join(`${separator}${pad}`)}${close}}`;
    }
    seen.delete(v);
    return text;
  };
  return write(value, 0);
}

/**
 * Parses one JSON text as Python's `json.loads` does: `JSON.parse`, plus the `NaN`, `Infinity` and
 * `-Infinity` tokens Python writes for non-finite floats.
 * @throws SyntaxError for text that is not JSON.
 */
export function pyLoads(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) throw error;
  }
  // Replace the bare tokens (outside strings) with markers, parse, then put the numbers back.
  const marker = "\u0000plume-nonfinite:";
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (inString) {
      out += ch;
      if (ch === "\\") out += text[++i] ?? "";
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      continue;
    }
    const rest = text.slice(i, i + 9);
    const token = rest.startsWith("-Infinity") ? "-Infinity" : rest.startsWith("Infinity") ? "Infinity" : rest.startsWith("NaN") ? "NaN" : undefined;
    if (token !== undefined) {
      out += JSON.stringify(marker + token);
      i += token.length - 1;
    } else out += ch;
  }
  return JSON.parse(out, (_key, v: unknown) =>
    typeof v === "string" && v.startsWith(marker) ? Number(v.slice(marker.length)) : v,
  );
}

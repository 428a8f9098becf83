/**
 * Gymnasium 1.4 + NumPy 1.24 reference samples: `space.seed(seed)` then six `space.sample()`
 * calls, reproduced exactly. Spaces are built by parsing the recorded Gymnasium `repr`.
 */
import { isNDArray, ndarray, toNumbers, type DType } from "@plume/core-types";
import { readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { Box, Dict, Discrete, MultiBinary, MultiDiscrete, Tuple, type Space } from "../src/index.js";

interface RecordedArray {
  readonly dtype: string;
  readonly shape: number[];
  readonly data: number[];
}

interface SpaceCase {
  readonly name: string;
  readonly space: string;
  readonly seed: number;
  readonly mask: RecordedArray | null;
  readonly samples: unknown[];
}

const fixture = readFixture("numpy-rng/vectors.json") as { spaces: SpaceCase[] };

/** A small recursive-descent parser for the Gymnasium reprs in the fixture. */
class ReprParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parse(): Space<unknown> {
    const space = this.space();
    this.skip();
    if (this.pos !== this.text.length) throw new Error(`trailing text in ${this.text} at ${this.pos}`);
    return space;
  }

  private skip(): void {
    while (this.text[this.pos] === " ") this.pos++;
  }

  private peek(): string {
    this.skip();
    return this.text[this.pos] ?? "";
  }

  private expect(token: string): void {
    this.skip();
    if (!this.text.startsWith(token, this.pos)) throw new Error(`expected ${token} at ${this.pos} in ${this.text}`);
    this.pos += token.length;
  }

  private word(): string {
    this.skip();
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos));
    if (!match) throw new Error(`expected a name at ${this.pos} in ${this.text}`);
    this.pos += match[0].length;
    return match[0];
  }

  private number(): number {
    this.skip();
    const match = /^-?(inf|\d+(\.\d*)?(e[-+]?\d+)?)/.exec(this.text.slice(this.pos));
    if (!match) throw new Error(`expected a number at ${this.pos} in ${this.text}`);
    this.pos += match[0].length;
    return match[0].endsWith("inf") ? (match[0].startsWith("-") ? -Infinity : Infinity) : Number(match[0]);
  }

  private string(): string {
    this.expect("'");
    const end = this.text.indexOf("'", this.pos);
    const value = this.text.slice(this.pos, end);
    this.pos = end + 1;
    return value;
  }

  private list<T>(open: string, close: string, item: () => T, separator = ","): T[] {
    this.expect(open);
    const items: T[] = [];
    while (this.peek() !== close) {
      items.push(item());
      if (this.peek() === separator) this.expect(separator);
    }
    this.expect(close);
    return items;
  }

  private space(): Space<unknown> {
    const name = this.word();
    switch (name) {
      case "Discrete": {
        this.expect("(");
        const n = this.number();
        let start = 0;
        if (this.peek() === ",") {
          this.expect(",");
          this.expect("start=");
          start = this.number();
        }
        this.expect(")");
        return new Discrete(n, { start });
      }
      case "Box": {
        this.expect("(");
        const low = this.number();
        this.expect(",");
        const high = this.number();
        this.expect(",");
        const shape = this.list("(", ")", () => this.number());
        this.expect(",");
        const dtype = this.word() as DType;
        this.expect(")");
        return new Box({ low, high, shape, dtype });
      }
      case "MultiDiscrete": {
        this.expect("(");
        const nvec = this.list("[", "]", () => this.number(), " ");
        this.expect(")");
        return new MultiDiscrete(nvec);
      }
      case "MultiBinary": {
        this.expect("(");
        const n = this.number();
        this.expect(")");
        return new MultiBinary(n);
      }
      case "Dict": {
        const entries = this.list("(", ")", () => {
          const key = this.string();
          this.expect(":");
          return [key, this.space()] as const;
        });
        return new Dict(entries);
      }
      case "Tuple":
        return new Tuple(this.list("(", ")", () => this.space()));
      default:
        throw new Error(`unknown space ${name}`);
    }
  }
}

function parseSpaceRepr(text: string): Space<unknown> {
  return new ReprParser(text).parse();
}

/** Plain JSON-like view of a sample: NDArrays as {dtype, shape, data} with int64 data as numbers. */
function plain(value: unknown): unknown {
  if (isNDArray(value)) return { dtype: value.dtype, shape: [...value.shape], data: toNumbers(value) };
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

describe("Gymnasium reference samples (numpy-rng/vectors.json `spaces`)", () => {
  it("covers every recorded case", () => {
    expect(fixture.spaces.length).toBeGreaterThanOrEqual(39);
  });

  for (const entry of fixture.spaces) {
    it(`${entry.name} seed ${entry.seed}: six samples match exactly`, () => {
      const space = parseSpaceRepr(entry.space);
      expect(String(space)).toBe(entry.space);
      space.seed(entry.seed);
      const mask = entry.mask === null ? undefined : ndarray(entry.mask.dtype as DType, entry.mask.shape, entry.mask.data);
      const samples = entry.samples.map(() => plain(space.sample(mask)));
      expect(samples).toEqual(entry.samples);
      for (const s of entry.samples) expect(s).toBeDefined();
    });

    it(`${entry.name} seed ${entry.seed}: samples are contained and reproducible`, () => {
      const a = parseSpaceRepr(entry.space);
      const b = parseSpaceRepr(entry.space);
      a.seed(entry.seed);
      b.seed(entry.seed);
      const mask = entry.mask === null ? undefined : ndarray(entry.mask.dtype as DType, entry.mask.shape, entry.mask.data);
      for (let i = 0; i < 6; i++) {
        const x = a.sample(mask);
        expect(a.contains(x)).toBe(true);
        expect(plain(b.sample(mask))).toEqual(plain(x));
      }
    });
  }
});

/** Broken ConcentrationFields, one per `field.*` check id (CHECKS.md §4 "catches"). */
import { Coordinates, GridSize, type ConcentrationField, type FieldMetadata } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { checkConcentrationField, roundHalfEven, type ConcentrationFieldOptions } from "../../src/index.js";
import { GAUSSIAN_PARAMS, GaussianPlume, MovieField, type GaussianParams } from "../reference/fields.js";
import type { FixtureTable } from "./harness.js";

interface Variant {
  /** The value at offset (dx, dy) from the source (default: the Gaussian). */
  value?: (dx: number, dy: number, sigma: number) => number;
  /** How a coordinate is rounded to a cell (default: half-to-even). */
  round?: (v: number) => number;
  /** What an off-grid cell gives: "zero" (default), "clamp" to the edge, or "raw" array reads. */
  offGrid?: "zero" | "clamp" | "raw";
  /** Expose fieldArray (default true), and how: "row-major" (default), "x-major", or "padded". */
  array?: false | "row-major" | "x-major" | "padded";
  /** Declare the Gaussian metadata (default true). */
  gaussian?: boolean;
  /** Source offset applied to the real peak (the metadata keeps the declared source). */
  shift?: number;
  /** Replaces sample entirely. */
  sample?: (self: VariantField, x: number, y: number) => number;
  reset?: (self: VariantField, seed?: number) => void;
}

/** A Gaussian-like field whose every aspect a fixture can break. */
class VariantField implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly values: Float32Array;
  readonly fieldArray?: Float32Array;
  state: Record<string, number> = {};
  constructor(
    readonly params: GaussianParams,
    readonly v: Variant,
  ) {
    this.gridSize = new GridSize(params.grid[0], params.grid[1]);
    this.sourceLocation = new Coordinates(params.source[0], params.source[1]);
    const { width, height } = this.gridSize;
    const value = v.value ?? ((dx, dy, s) => Math.exp(-(dx * dx + dy * dy) / (2 * s * s)));
    this.values = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) this.values[y * width + x] = value(x - params.source[0] - (v.shift ?? 0), y - params.source[1], params.sigma);
    }
    const layout = v.array ?? "row-major";
    if (layout === "row-major") this.fieldArray = this.values;
    else if (layout === "padded") {
      this.fieldArray = new Float32Array(width * height + 1);
      this.fieldArray.set(this.values);
    } else if (layout === "x-major") {
      this.fieldArray = new Float32Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) this.fieldArray[x * height + y] = this.values[y * width + x] as number;
    }
  }
  sample(x: number, y: number): number {
    if (this.v.sample !== undefined) return this.v.sample(this, x, y);
    const r = this.v.round ?? roundHalfEven;
    let cx = r(x);
    let cy = r(y);
    const { width, height } = this.gridSize;
    if (!(cx >= 0 && cx < width && cy >= 0 && cy < height)) {
      if ((this.v.offGrid ?? "zero") === "zero") return 0;
      if (this.v.offGrid === "clamp") {
        cx = Math.min(Math.max(cx, 0), width - 1);
        cy = Math.min(Math.max(cy, 0), height - 1);
      } else return this.values[cy * width + cx] as number;
    }
    return this.values[cy * width + cx] as number;
  }
  reset(seed?: number): void {
    this.v.reset?.(this, seed);
  }
  getMetadata(): FieldMetadata {
    return this.v.gaussian === false ? { type: "variant", parameters: {} } : { type: "variant", parameters: {}, source_location: this.sourceLocation.toJSON(), sigma: this.params.sigma };
  }
}

/** A plume whose centre drifts by seeded random steps; frames memoised by step and (the bug) kept across reset(seed). */
class MemoDriftField implements ConcentrationField {
  readonly gridSize = new GridSize(20, 14);
  #frames = new Map<number, Float32Array>();
  #offsets = [0];
  #rng = Generator.fromSeed(0);
  #step = 0;
  reset(seed?: number): void {
    this.#rng = Generator.fromSeed(seed ?? 0);
    this.#offsets = [0];
    this.#step = 0;
  }
  advanceToStep(step: number): void {
    this.#step = step;
  }
  #frame(step: number): Float32Array {
    let frame = this.#frames.get(step);
    if (frame === undefined) {
      while (this.#offsets.length <= step) this.#offsets.push((this.#offsets.at(-1) as number) + this.#rng.standardNormal());
      const c = 7 + (this.#offsets[step] as number);
      const { width, height } = this.gridSize;
      frame = new Float32Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) frame[y * width + x] = Math.exp(-((y - c) ** 2) / 8 - x / 40);
      this.#frames.set(step, frame);
    }
    return frame;
  }
  get fieldArray(): Float32Array {
    return this.#frame(this.#step);
  }
  sample(x: number, y: number): number {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.#frame(this.#step)[cy * this.gridSize.width + cx] as number;
  }
  getMetadata(): FieldMetadata {
    return { type: "memo_drift", parameters: {} };
  }
}

/** A lazily memoised sample whose memo key is `key(x, y, cx, cy)` (the bug: a key that does not name the cell). */
const memoSample =
  (key: (x: number, y: number, cx: number, cy: number) => string) =>
  (self: VariantField, x: number, y: number): number => {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    const { width, height } = self.gridSize;
    if (!(cx >= 0 && cx < width && cy >= 0 && cy < height)) return 0;
    const k = key(x, y, cx, cy);
    self.state[k] ??= self.values[cy * width + cx] as number;
    return self.state[k] as number;
  };

const run = (variant: Variant, options: ConcentrationFieldOptions = {}) => (extra: Record<string, unknown> = {}) =>
  checkConcentrationField((p) => new VariantField(p as GaussianParams, variant), { params: [...GAUSSIAN_PARAMS], ...options, ...extra });
const runWith = (create: (p: GaussianParams) => ConcentrationField, options: ConcentrationFieldOptions = {}) => (extra: Record<string, unknown> = {}) =>
  checkConcentrationField((p) => create(p as GaussianParams), { params: [...GAUSSIAN_PARAMS], ...options, ...extra });
const plain = { gaussian: false, array: false } as const;
const noGaussian = () => checkConcentrationField((p) => new VariantField(p as GaussianParams, { gaussian: false }), { params: [...GAUSSIAN_PARAMS] });

export const FIELD_FIXTURES: FixtureTable = {
  "field.protocol-shape": {
    what: "no reset()",
    run: runWith((p) => {
      const f = new GaussianPlume(p);
      return { gridSize: f.gridSize, fieldArray: f.fieldArray, sample: (x: number, y: number) => f.sample(x, y), getMetadata: () => f.getMetadata() } as unknown as ConcentrationField;
    }),
    alsoFails: ["field.reset-determinism"],
  },
  "field.finite": {
    what: "0/0 at the source",
    run: run({ ...plain, value: (dx, dy, s) => Math.exp(-(dx * dx + dy * dy) / (2 * s * s)) * ((dx * dx + dy * dy) / (dx * dx + dy * dy)) }),
  },
  "field.finite#ladder-crash": {
    what: "a fixed arena of 65,536 cells: construction throws a RangeError on larger grids the parameters accept (the size ladder)",
    run: runWith((p) => {
      if (p.grid[0] * p.grid[1] > 65_536) throw new RangeError("arena exhausted");
      return new GaussianPlume(p);
    }),
  },
  "field.non-negative": {
    what: "an offset that goes below 0",
    run: run({ ...plain, value: (dx, dy, s) => Math.exp(-(dx * dx + dy * dy) / (2 * s * s)) - 0.1 }),
  },
  "field.bounded": {
    what: "an unclipped sum of two sources peaking at 2",
    run: run({ ...plain, value: (dx, dy, s) => Math.exp(-(dx * dx + dy * dy) / (2 * s * s)) + Math.exp(-((dx - 1) ** 2 + dy * dy) / (2 * s * s)) }),
  },
  "field.determinism": {
    what: "flicker from Math.random",
    alsoFails: ["field.out-of-bounds-zero"],
    // eslint-disable-next-line no-restricted-properties -- a deliberately broken field: hidden Math.random
    run: run({ sample: (self, x, y) => self.values[Math.max(0, roundHalfEven(y)) * self.gridSize.width + Math.max(0, roundHalfEven(x))]! * (1 + 0 * Math.random()) || 0 }),
  },
  "field.construction-determinism": {
    what: "a random phase chosen at construction (re-derived only by reset(seed))",
    run: runWith((p) => {
      const phase = Generator.fromSeed().random();
      const state = { phase };
      const base = new GaussianPlume(p);
      return {
        gridSize: base.gridSize,
        sample: (x: number, y: number) => base.sample(x, y) * (0.5 + 0.5 * state.phase),
        reset: (seed?: number) => {
          state.phase = Generator.fromSeed(seed ?? 0).random();
        },
        getMetadata: () => ({ type: "phased", parameters: {} }),
      };
    }),
  },
  "field.reset-determinism": {
    what: "a stochastic field seeded from Date.now() on reset",
    run: runWith((p) => {
      const base = new GaussianPlume(p);
      const state = { scale: 1 };
      return {
        gridSize: base.gridSize,
        sample: (x: number, y: number) => base.sample(x, y) * state.scale,
        reset: () => {
          state.scale = 0.5 + (Date.now() % 2) / 4;
        },
        getMetadata: () => ({ type: "clocked", parameters: {} }),
      };
    }),
  },
  "field.purity": {
    what: "a lazy cache that writes the wrong cell (keyed by row)",
    alsoFails: ["field.history-independence"],
    run: run({ ...plain, sample: memoSample((_x, _y, _cx, cy) => `row${cy}`) }),
  },
  "field.out-of-bounds": {
    what: "fieldArray[y * w + x] read without a bounds check (NaN or a wrap into the next row)",
    alsoFails: ["field.out-of-bounds-zero"],
    run: run({ offGrid: "raw" }),
  },
  "field.out-of-bounds-zero": {
    what: "clamping to the nearest edge cell without declaring it",
    run: run({ offGrid: "clamp" }),
  },
  "field.array-shape": {
    what: "a fieldArray with one element too many",
    run: run({ array: "padded" }),
    ungated: () => checkConcentrationField((p) => new VariantField(p as GaussianParams, { array: false }), { params: [...GAUSSIAN_PARAMS] }),
  },
  "field.array-shape#cache-by-sigma": {
    what: "fields cached across instances by sigma alone (not the grid): a field on another grid gets the first grid's array",
    run: (extra = {}) => {
      const cache = new Map<number, Float32Array>();
      return checkConcentrationField(
        (p) => {
          const params = p as GaussianParams;
          const base = new GaussianPlume(params);
          const arr = cache.get(params.sigma) ?? base.fieldArray;
          cache.set(params.sigma, arr);
          return {
            gridSize: base.gridSize,
            sourceLocation: base.sourceLocation,
            fieldArray: arr,
            sample: (x: number, y: number) => {
              const cx = roundHalfEven(x);
              const cy = roundHalfEven(y);
              if (!(cx >= 0 && cx < base.gridSize.width && cy >= 0 && cy < base.gridSize.height)) return 0;
              return arr[cy * base.gridSize.width + cx] ?? 0;
            },
            reset: () => {},
            getMetadata: () => base.getMetadata(),
          };
        },
        { params: [...GAUSSIAN_PARAMS], ...extra },
      );
    },
    alsoFails: ["field.array-indexing", "field.gaussian.max-at-source", "field.gaussian.formula", "field.gaussian.monotone"],
  },
  "field.array-indexing": {
    what: "x-major storage (visible on non-square grids)",
    run: run({ array: "x-major" }),
    ungated: () => checkConcentrationField((p) => new VariantField(p as GaussianParams, { array: false }), { params: [...GAUSSIAN_PARAMS] }),
  },
  "field.array-indexing#uint16-rows": {
    what: "row offsets y * width kept in a Uint16Array (wrap past 65,536 cells: the size ladder's 257 x 258 and 300 x 300)",
    run: run({
      sample: (self, x, y) => {
        const cx = roundHalfEven(x);
        const cy = roundHalfEven(y);
        const { width, height } = self.gridSize;
        if (!(cx >= 0 && cx < width && cy >= 0 && cy < height)) return 0;
        return self.values[(Uint16Array.of(cy * width)[0] as number) + cx] as number;
      },
    }),
    alsoFails: ["field.gaussian.max-at-source", "field.gaussian.formula", "field.gaussian.monotone"],
  },
  "field.gaussian.monotone#uint16-d2": {
    what: "squared distances kept in a Uint16Array (wrap above 65,535: the field rises again 256 cells from the source)",
    run: run({ value: (dx, dy, s) => Math.exp(-(Uint16Array.of(dx * dx + dy * dy)[0] as number) / (2 * s * s)) }),
    alsoFails: ["field.gaussian.formula", "field.gaussian.max-at-source"],
  },
  "field.time-hook": {
    what: "advanceToStep incrementing a frame counter instead of setting it",
    alsoFails: ["field.time-long-run"],
    run: (extra = {}) =>
      checkConcentrationField(() => {
        const movie = new MovieField("wrap");
        let frame = 0;
        return {
          gridSize: movie.gridSize,
          get fieldArray() {
            movie.advanceToStep(frame);
            return movie.fieldArray;
          },
          advanceToStep: () => {
            frame += 1;
          },
          sample: (x: number, y: number) => {
            movie.advanceToStep(frame);
            return movie.sample(x, y);
          },
          reset: () => {
            frame = 0;
          },
          getMetadata: () => movie.getMetadata(),
        };
      }, extra),
    ungated: () => checkConcentrationField((p) => new GaussianPlume(p as GaussianParams), { params: [...GAUSSIAN_PARAMS] }),
  },
  "field.reset-idempotent": {
    what: "reset advancing a hidden episode counter",
    run: runWith((p) => {
      const base = new GaussianPlume(p);
      let episodes = 0;
      return {
        gridSize: base.gridSize,
        sample: (x: number, y: number) => base.sample(x, y) / (1 + episodes),
        reset: () => {
          episodes += 1;
        },
        getMetadata: () => ({ type: "episodic", parameters: {} }),
      };
    }),
    alsoFails: ["field.reset-determinism"],
    ungated: () =>
      checkConcentrationField((p) => {
        const base = new GaussianPlume(p as GaussianParams);
        return { gridSize: base.gridSize, sample: (x: number, y: number) => base.sample(x, y) } as unknown as ConcentrationField;
      }, { params: [...GAUSSIAN_PARAMS] }),
  },
  "field.gaussian.max-at-source": {
    what: "the source shifted by one cell",
    run: run({ shift: 1 }),
    alsoFails: ["field.gaussian.formula", "field.gaussian.monotone", "field.gaussian.symmetry", "field.gaussian.sigma-extremes", "field.gaussian.rounding"],
    ungated: noGaussian,
  },
  "field.gaussian.formula": {
    what: "σ² instead of 2σ²",
    run: run({ value: (dx, dy, s) => Math.exp(-(dx * dx + dy * dy) / (s * s)) }),
    alsoFails: ["field.gaussian.sigma-extremes"],
    ungated: noGaussian,
  },
  "field.gaussian.monotone": {
    what: "a ring-shaped ripple on the kernel",
    run: run({ value: (dx, dy, s) => Math.exp(-(dx * dx + dy * dy) / (2 * s * s)) * (0.8 + 0.2 * Math.cos(Math.hypot(dx, dy))) }),
    alsoFails: ["field.gaussian.formula", "field.gaussian.sigma-extremes"],
    ungated: noGaussian,
  },
  "field.gaussian.symmetry": {
    what: "an x offset off by one on one side",
    run: run({ value: (dx, dy, s) => Math.exp(-((dx < 0 ? dx - 1 : dx) ** 2 + dy * dy) / (2 * s * s)) }),
    alsoFails: ["field.gaussian.formula", "field.gaussian.sigma-extremes", "field.gaussian.monotone"],
    ungated: noGaussian,
  },
  "field.gaussian.sigma-extremes": {
    what: "σ treated as the variance",
    run: run({ value: (dx, dy, s) => Math.exp(-(dx * dx + dy * dy) / (2 * s)) }),
    alsoFails: ["field.gaussian.formula"],
    ungated: noGaussian,
  },
  "field.history-independence": {
    what: "a lazy memo keyed x + 1000 * y (cells (1000, y) and (0, y + 1) collide on grids wider than 1,000: the size ladder)",
    run: run({ ...plain, sample: memoSample((_x, _y, cx, cy) => String(cx + 1000 * cy)) }),
  },
  "field.history-independence#floor-key": {
    what: "a lazy memo keyed on the floored position while values are read at the rounded one",
    run: run({ ...plain, sample: memoSample((x, y) => `${Math.floor(x)},${Math.floor(y)}`) }),
    alsoFails: ["field.rounding-ties", "field.purity"],
  },
  "field.rounding-ties": {
    what: "Math.round (ties up) in a field that declares no Gaussian profile (field.gaussian.rounding cannot see it)",
    run: run({ ...plain, round: Math.round }),
  },
  "field.rounding-ties#floor": {
    what: "Math.floor: [h - 0.5, h) reads the last row instead of the off-grid value, and 2.7 reads cell 2",
    run: run({ ...plain, round: Math.floor }),
  },
  "field.time-long-run": {
    what: "a 6-frame movie indexed frames[step] with no wrap or clamp (throws from step 6 on)",
    run: (extra = {}) =>
      checkConcentrationField(() => {
        const movie = new MovieField("wrap");
        let frame: Float32Array | undefined = movie.frames[0];
        return {
          gridSize: movie.gridSize,
          get fieldArray() {
            return frame as Float32Array;
          },
          advanceToStep: (k: number) => {
            frame = movie.frames[k];
          },
          sample: (x: number, y: number) => {
            const cx = roundHalfEven(x);
            const cy = roundHalfEven(y);
            if (!(cx >= 0 && cx < movie.gridSize.width && cy >= 0 && cy < movie.gridSize.height)) return 0;
            return (frame as Float32Array)[cy * movie.gridSize.width + cx] as number;
          },
          reset: () => {
            frame = movie.frames[0];
          },
          getMetadata: () => movie.getMetadata(),
        };
      }, extra),
    ungated: () => checkConcentrationField((p) => new GaussianPlume(p as GaussianParams), { params: [...GAUSSIAN_PARAMS] }),
  },
  "field.time-long-run#int16-step": {
    what: "a looping movie whose frame index is kept in an Int16 (step * 2 wraps negative from step 16,384: frames[-k] is undefined)",
    run: (extra = {}) =>
      checkConcentrationField(() => {
        const movie = new MovieField("wrap");
        let frame = movie.frames[0] as Float32Array;
        const at = (x: number, y: number) => {
          const cx = roundHalfEven(x);
          const cy = roundHalfEven(y);
          if (!(cx >= 0 && cx < movie.gridSize.width && cy >= 0 && cy < movie.gridSize.height)) return 0;
          return frame[cy * movie.gridSize.width + cx] as number;
        };
        return {
          gridSize: movie.gridSize,
          get fieldArray() {
            return frame;
          },
          advanceToStep: (k: number) => {
            const half = (Int16Array.of(k * 2)[0] as number) / 2;
            frame = movie.frames[half % movie.nFrames] as Float32Array;
          },
          sample: (x: number, y: number) => at(x, y),
          reset: () => {
            frame = movie.frames[0] as Float32Array;
          },
          getMetadata: () => movie.getMetadata(),
        };
      }, extra),
  },
  "field.time-long-run#memo-across-resets": {
    what: "a seeded drifting plume whose frames are memoised by step and never cleared by reset(seed)",
    run: (extra = {}) => checkConcentrationField(() => new MemoDriftField(), extra),
    alsoFails: ["field.reset-determinism"],
  },
  "field.gaussian.rounding": {
    what: "Math.round (half-up) instead of half-to-even",
    alsoFails: ["field.rounding-ties"],
    run: run({ round: Math.round }),
    ungated: noGaussian,
  },
};

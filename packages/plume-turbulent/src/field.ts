/**
 * `TurbulentPlume`: the puff plume as an environment's `ConcentrationField`, and `TurbulentWind`: its wind as a
 * `VectorField`. Cell `(i, j)` of the grid is the point `origin + (i, j)·cellSize` (metres, y up with j); an
 * environment step is `stepsPerEnvStep` model steps.
 *
 * - `sample(x, y)` reads the nearest cell (ties half-to-even): the truncated point read-out there at
 *   `sampleHeight`, divided by `concentrationScale` and clipped to 1, as float32. It costs a few binned puffs,
 *   not a frame. `fieldArray` fills the whole grid by splatting the puffs (same values, bit for bit), once per
 *   state; `frame()` is pompy's pixel array for rendering at any resolution.
 * - `reset(seed)` seeds the simulation and runs the warm-up (`warmupSeconds` in coarse steps of `warmupDt`);
 *   `reset()` without a seed continues the running plume (the new episode starts where it is).
 * - `shareSimulation: true`: fields made with equal options are one simulation. A seeded reset joins it when it
 *   was just seeded and this field has not reset since (the other environments of one vector-env reset, whose
 *   seeds are then not used), else re-seeds it; every episode starts at the shared simulation's current time.
 * - `advanceToStep(k)` moves to `k · stepsPerEnvStep` model steps after the episode's start (sets, never
 *   increments; earlier steps replay from the episode's start).
 */
import { Coordinates, GridSize, parseWithSchema, type ConcentrationField, type FieldMetadata, type PointLike, type VectorField } from "@plume/core-types";
import type { PixelArrayOptions } from "./concentration.js";
import { driverFor, type SimulationDriver } from "./driver.js";
import { gridMapping, sourcePoint, TurbulentPlumeOptionsSchema, type ResolvedTurbulentOptions, type TurbulentPlumeOptions } from "./options.js";
import type { TurbulentSimulation } from "./simulation.js";

/** Python's `round` (half to even), as every Plume field reads fractional cells. */
function roundHalfEven(v: number): number {
  const r = Math.round(v);
  return Math.abs(v % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

function parse(options: TurbulentPlumeOptions | ResolvedTurbulentOptions | undefined, what: string): ResolvedTurbulentOptions {
  return parseWithSchema(TurbulentPlumeOptionsSchema, options ?? {}, { what });
}

/** Shared by the plume and the wind: options, grid mapping, driver, episode origin. */
abstract class TurbulentComponent {
  readonly options: ResolvedTurbulentOptions;
  readonly gridSize: GridSize;
  protected readonly driver: SimulationDriver;
  protected readonly x0: number;
  protected readonly y0: number;
  protected readonly h: number;
  #origin: number | undefined = undefined;
  #step = 0;
  #seed: number | undefined = undefined;

  protected constructor(options: ResolvedTurbulentOptions, withPuffs: boolean) {
    this.options = options;
    const g = gridMapping(options);
    this.gridSize = new GridSize(g.width, g.height);
    this.x0 = g.x0;
    this.y0 = g.y0;
    this.h = g.h;
    this.driver = driverFor(options, withPuffs);
  }

  /** The simulation (read-only use: its puffs, wind and counters). */
  get simulation(): TurbulentSimulation {
    this.#sync();
    return this.driver.sim;
  }

  /** The seed of the last seeded reset (undefined before one). */
  get lastSeed(): number | undefined {
    return this.#seed;
  }

  /** The environment step the field is at. */
  get currentStep(): number {
    return this.#step;
  }

  /** Seeded: seed and warm up (a shared simulation that was just seeded is joined). Unseeded: continue. */
  reset(seed?: number): void {
    const d = this.driver;
    if (seed !== undefined) {
      if (this.options.shareSimulation) d.seedOrJoin(this, seed);
      else d.seed(seed);
      this.#seed = seed;
    } else {
      d.ensureStarted();
      d.mark();
    }
    this.#origin = d.step;
    this.#step = 0;
  }

  /** Moves to environment step `step` of the episode (an integer >= 0). */
  advanceToStep(step: number): void {
    if (!Number.isSafeInteger(step) || step < 0) return;
    this.#step = step;
    this.#sync();
  }

  /** Brings the simulation to this component's step (shared drivers may have moved for another member). */
  protected sync(): void {
    this.#sync();
  }

  #sync(): void {
    const d = this.driver;
    if (this.#origin === undefined) {
      d.ensureStarted();
      this.#origin = d.step;
    }
    d.advanceTo(this.#origin + this.#step * this.options.stepsPerEnvStep);
  }

  /** The point (m) of cell `(i, j)`. */
  cellPoint(i: number, j: number): [number, number] {
    return [this.x0 + i * this.h, this.y0 + j * this.h];
  }
}

/** The turbulent puff plume over an environment grid (plugin `plume: { type: "turbulent" }`). */
export class TurbulentPlume extends TurbulentComponent implements ConcentrationField {
  readonly sourceLocation: Coordinates;
  #field: Float32Array | undefined = undefined;
  #fieldVersion = -1;
  #grid64: Float64Array | undefined = undefined;

  /** @throws ValidationError naming the bad option and what it accepts (ConfigurationError through the plugin). */
  constructor(options: TurbulentPlumeOptions = {}) {
    const parsed = parse(options, "turbulent plume options");
    super(parsed, true);
    const [sx, sy] = sourcePoint(parsed);
    const i = Math.min(this.gridSize.width - 1, Math.max(0, roundHalfEven((sx - this.x0) / this.h)));
    const j = Math.min(this.gridSize.height - 1, Math.max(0, roundHalfEven((sy - this.y0) / this.h)));
    this.sourceLocation = new Coordinates(i, j);
  }

  /**
   * The value at the nearest cell: `min(1, c / concentrationScale)` as float32, `c` the point read-out (Q/m³) at
   * the cell's point and `sampleHeight`. 0 off the grid and for non-finite coordinates. `t` is ignored (the field
   * is at the step `advanceToStep` set).
   */
  sample(x: number, y: number, _t?: number): number {
    if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) return 0;
    const i = roundHalfEven(x);
    const j = roundHalfEven(y);
    if (i < 0 || j < 0 || i >= this.gridSize.width || j >= this.gridSize.height) return 0;
    this.sync();
    const c = this.driver.pointIndex().query(this.x0 + i * this.h, this.y0 + j * this.h, this.options.sampleHeight);
    return this.#normalise(c);
  }

  #normalise(c: number): number {
    const v = c / this.options.concentrationScale;
    return Math.fround(v > 1 ? 1 : v);
  }

  /** The concentration (Q/m³, not normalised) at any point `(x, y, z)` in metres (truncated read-out). */
  concentrationAt(x: number, y: number, z: number = this.options.sampleHeight): number {
    this.sync();
    return this.driver.pointIndex().query(x, y, z);
  }

  /**
   * The grid as a row-major `Float32Array` `[height, width]` equal to `sample` at every cell; recomputed when the
   * plume moved. Callers must not write to it.
   */
  get fieldArray(): Float32Array {
    this.sync();
    const d = this.driver;
    const { width, height } = this.gridSize;
    if (this.#field === undefined || this.#fieldVersion !== d.sim.version) {
      const cells = width * height;
      const grid64 = (this.#grid64 ??= new Float64Array(cells));
      const field = (this.#field ??= new Float32Array(cells));
      d.pointIndex().fillGrid({ x0: this.x0, y0: this.y0, h: this.h, width, height, z: this.options.sampleHeight }, grid64);
      for (let k = 0; k < cells; k++) field[k] = this.#normalise(grid64[k] as number);
      this.#fieldVersion = d.sim.version;
    }
    return this.#field;
  }

  /**
   * pompy's pixel array (Q/m³) of the current puffs: row-major `[ny][nx]` float64. Default: the grid's extent
   * (cell centres ± half a cell) at 4 pixels per cell, at `sampleHeight`, kernel radius 3.
   */
  frame(options: Partial<PixelArrayOptions> = {}, out?: Float64Array): Float64Array {
    this.sync();
    const { width, height } = this.gridSize;
    const h = this.h;
    return this.driver.frame(
      {
        region: options.region ?? [this.x0 - h / 2, this.x0 + (width - 0.5) * h, this.y0 - h / 2, this.y0 + (height - 0.5) * h],
        nx: options.nx ?? width * 4,
        ny: options.ny ?? height * 4,
        z: options.z ?? this.options.sampleHeight,
        ...(options.kernelRadius !== undefined && { kernelRadius: options.kernelRadius }),
        ...(options.amount !== undefined && { amount: options.amount }),
      },
      out,
    );
  }

  /** The wind `(u, v)` (m/s) at cell coordinates `(x, y)` (fractional allowed), the wind that moves the puffs. */
  windAt(x: number, y: number): [number, number] {
    this.sync();
    return this.driver.sim.windAt(this.x0 + x * this.h, this.y0 + y * this.h);
  }

  getMetadata(): FieldMetadata {
    return metadata("turbulent_plume", this);
  }
}

/**
 * The turbulent plume's wind as a `VectorField` (plugin `wind: { type: "turbulent" }`): with the same options as
 * the plume it is exactly the wind that moves the puffs (the wind's random stream depends on the seed alone), at
 * the same steps. `sample(position)` takes cell coordinates (fractional allowed) and returns `(u, v)` in m/s,
 * x along the grid's x and y along its y; outside the wind region the nearest edge value.
 */
export class TurbulentWind extends TurbulentComponent implements VectorField {
  readonly #vel = new Float64Array(2);

  /** @throws ValidationError naming the bad option and what it accepts (ConfigurationError through the plugin). */
  constructor(options: TurbulentPlumeOptions = {}) {
    super(parse(options, "turbulent wind options"), false);
  }

  sample(position: PointLike): Float32Array {
    const out = new Float32Array(2);
    const x = Number(position?.x);
    const y = Number(position?.y);
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      out[0] = this.options.meanWind[0];
      out[1] = this.options.meanWind[1];
      return out;
    }
    this.sync();
    this.driver.sim.wind.velocityInto(this.x0 + x * this.h, this.y0 + y * this.h, this.#vel);
    out[0] = this.#vel[0] as number;
    out[1] = this.#vel[1] as number;
    return out;
  }

  getMetadata(): FieldMetadata {
    return metadata("turbulent_wind", this);
  }
}

function metadata(type: string, c: TurbulentPlume | TurbulentWind): FieldMetadata {
  const o = c.options;
  const source = c instanceof TurbulentPlume ? { source_location: c.sourceLocation.toTuple() } : {};
  return {
    type,
    parameters: {
      grid_size: c.gridSize.toTuple(),
      cell_size: c.cellPoint(1, 0)[0] - c.cellPoint(0, 0)[0],
      origin: c.cellPoint(0, 0),
      dt: o.dt,
      steps_per_env_step: o.stepsPerEnvStep,
      source: sourcePoint(o),
      release_rate: o.releaseRate,
      max_puffs: o.maxPuffs,
      mean_wind: [...o.meanWind],
      concentration_scale: o.concentrationScale,
      share_simulation: o.shareSimulation,
      warmup_seconds: o.warmupSeconds,
    },
    ...source,
    out_of_bounds_value: 0,
  };
}

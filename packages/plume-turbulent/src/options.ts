/**
 * Options of the turbulent plume and its wind, as one zod schema (the single source of truth for validation and
 * types). Physical parameters default to pompy's docs demo (`concentration_array_demo`, doc §7); the rest map the
 * simulation onto an environment's grid and steps. Errors name the field and what it accepts.
 */
import { Coordinates, GridSize, coordinatesDataSchema, gridSizeDataSchema } from "@plume/core-types";
import * as z from "zod";
import type { SimulationParameters } from "./simulation.js";

const finite = (what: string) => z.number({ error: what }).refine(Number.isFinite, { error: what });
const positive = (what: string) => finite(what).refine((v) => v > 0, { error: what });
const nonNegative = (what: string) => finite(what).refine((v) => v >= 0, { error: what });
const intAtLeast = (min: number, what: string) => z.int({ error: what }).min(min, { error: what });

const regionSchema = (what: string) =>
  z
    .tuple([finite(what), finite(what), finite(what), finite(what)], { error: `${what}: [x0, x1, y0, y1] in metres with x0 < x1 and y0 < y1` })
    .refine(([x0, x1, y0, y1]) => x0 < x1 && y0 < y1, { error: `${what}: [x0, x1, y0, y1] in metres with x0 < x1 and y0 < y1` });

const perNode = z.array(z.array(nonNegative("a finite number >= 0 (m²/s)")), { error: "a number >= 0, or one value per wind node ([nx][ny])" });
const diffusivityValue = z.union([nonNegative("a finite number >= 0 (m²/s)"), perNode], {
  error: "a number >= 0 (m²/s), or one value per wind node as nested arrays [nx][ny]",
});

/** Maximum puffs a simulation may hold (memory: 40 bytes a puff). */
export const MAX_PUFFS_LIMIT = 10_000_000;
/** Maximum cells of the environment grid (the dense field is float32). */
export const MAX_GRID_CELLS = 16_777_216;

/** Options of `TurbulentPlume` / `TurbulentWind` (config `plume: { type: "turbulent", options }`). */
export const TurbulentPlumeOptionsSchema = z
  .strictObject({
    /** Model time step (s). Default 0.01 (every pompy demo; the fixtures are valid only for it). */
    dt: positive("a number of seconds > 0").default(0.01),
    /** Wind region `[x0, x1, y0, y1]` (m). Default `[0, 100, -25, 25]`. */
    windRegion: regionSchema("windRegion").default([0, 100, -25, 25]),
    /** Wind nodes `[nx, ny]`, each an integer >= 4. Default `[21, 11]`. */
    windNodes: z
      .tuple([intAtLeast(4, "an integer >= 4"), intAtLeast(4, "an integer >= 4")], { error: "[nx, ny]: integers >= 4" })
      .refine(([a, b]) => a * b <= 1_000_000, { error: "[nx, ny] with nx·ny <= 1e6" })
      .default([21, 11]),
    /** Mean wind `[u, v]` (m/s). Default `[1, 0]`. */
    meanWind: z.tuple([finite("a finite number (m/s)"), finite("a finite number (m/s)")], { error: "[u, v] in m/s" }).default([1, 0]),
    /** Diffusivity (m²/s): one number for kx = ky, or `[kx, ky]`, each a number or per-node `[nx][ny]`. Default 20. */
    diffusivity: z.union([diffusivityValue, z.tuple([diffusivityValue, diffusivityValue])], {
      error: "a number >= 0 (m²/s), or [kx, ky] (numbers or per-node arrays)",
    }).default(20),
    /** Corner-noise gain G. Default 2. */
    noiseGain: nonNegative("a finite number >= 0").default(2),
    /** Corner-noise damping ratio ζ. Default 0.1. */
    noiseDamping: nonNegative("a finite number >= 0").default(0.1),
    /** Corner-noise bandwidth ω (rad/s). Default 0.2. */
    noiseBandwidth: nonNegative("a finite number >= 0 (rad/s)").default(0.2),
    /** Farrell et al.'s original noise update (amplitude depends on dt) instead of the SDE form. Default false. */
    originalNoiseUpdates: z.boolean({ error: "true or false" }).default(false),
    /** Plume region `[x0, x1, y0, y1]` (m) inside the wind region; puffs leaving it are removed. Default: the wind region. */
    plumeRegion: regionSchema("plumeRegion").optional(),
    /** Source `[x, y]` or `[x, y, z]` (m), inside the plume region. Default `[5, 0, 0]`. */
    source: z
      .union([z.tuple([finite("a finite number (m)"), finite("a finite number (m)")]), z.tuple([finite("a finite number (m)"), finite("a finite number (m)"), finite("a finite number (m)")])], {
        error: "[x, y] or [x, y, z] in metres",
      })
      .default([5, 0, 0]),
    /** Vertical dispersion of puffs. Default true. */
    verticalDispersion: z.boolean({ error: "true or false" }).default(true),
    /** Centre-line relative dispersion σ: a number, or `[σx, σy, σz]`. Default 2. */
    relativeDispersion: z
      .union([nonNegative("a finite number >= 0"), z.tuple([nonNegative("a finite number >= 0"), nonNegative("a finite number >= 0"), nonNegative("a finite number >= 0")])], {
        error: "a number >= 0, or [σx, σy, σz]",
      })
      .default(2),
    /** Initial puff radius R0 (m). Default 0.0316. */
    initialRadius: positive("a number of metres > 0").default(0.0316),
    /** Puff spread rate γ (m²/s). Default 0.001. */
    spreadRate: nonNegative("a finite number >= 0 (m²/s)").default(0.001),
    /** Release rate λ (puffs/s). Default 10. */
    releaseRate: nonNegative("a finite number >= 0 (puffs/s)").default(10),
    /** Puffs at the source at time 0. Default 10. */
    initialPuffs: z.int({ error: "an integer >= 0" }).min(0, { error: "an integer >= 0" }).default(10),
    /** Cap on the number of puffs. Default 1000. */
    maxPuffs: z.int({ error: `an integer from 1 to ${MAX_PUFFS_LIMIT}` }).min(1, { error: `an integer from 1 to ${MAX_PUFFS_LIMIT}` }).max(MAX_PUFFS_LIMIT, { error: `an integer from 1 to ${MAX_PUFFS_LIMIT}` }).default(1000),
    /** Odour per puff Q; concentrations are in Q per m³. Default 1. */
    puffAmount: positive("a finite number > 0").default(1),
    /**
     * The environment grid: `[width, height]`, `{ width, height }` or a `GridSize` (a config supplies its own).
     * Default: the plume region at `cellSize` (`floor(span / cellSize) + 1` cells each way).
     */
    gridSize: z
      .preprocess((v) => (v instanceof GridSize ? { width: v.width, height: v.height } : v), gridSizeDataSchema)
      .refine((g) => g.width * g.height <= MAX_GRID_CELLS, { error: `a grid with width·height <= ${MAX_GRID_CELLS}` })
      .optional(),
    /** Metres per cell. Default: 1 without `gridSize`; with it, the size that fits the plume region into the grid. */
    cellSize: positive("a number of metres > 0").optional(),
    /** Where cell (0, 0) is, `[x, y]` (m); cell (i, j) is at origin + (i, j)·cellSize. Default: the grid centred on the plume region. */
    origin: z.tuple([finite("a finite number (m)"), finite("a finite number (m)")], { error: "[x, y] in metres" }).optional(),
    /**
     * The source cell `[x, y]` (a config supplies its goal): the source's x, y become that cell's point (its z
     * stays `source[2]`). Default: none (`source` in metres).
     */
    sourceLocation: z.preprocess((v) => (v instanceof Coordinates ? { x: v.x, y: v.y } : v), coordinatesDataSchema).optional(),
    /** Height (m) at which the grid samples the plume. Default 0.01 (pompy's array demo plane). */
    sampleHeight: finite("a finite number (m)").default(0.01),
    /** Model steps per environment step. Default 50 (0.5 s at dt 0.01). */
    stepsPerEnvStep: z.int({ error: "an integer from 1 to 100000" }).min(1, { error: "an integer from 1 to 100000" }).max(100_000, { error: "an integer from 1 to 100000" }).default(50),
    /** Concentration (Q/m³) that maps to 1: a cell holds `min(1, c / concentrationScale)`. Default 1. */
    concentrationScale: positive("a finite number > 0 (Q/m³)").default(1),
    /** Point read-out truncation, in puff radii (error below exp(-cutoff²/2) of a puff's peak). Default 8. */
    pointCutoff: finite("a number from 1 to 40").refine((v) => v >= 1 && v <= 40, { error: "a number from 1 to 40" }).default(8),
    /** Warm-up after a seeded reset (simulated seconds). Default 100. */
    warmupSeconds: finite("a number of seconds from 0 to 100000").refine((v) => v >= 0 && v <= 100_000, { error: "a number of seconds from 0 to 100000" }).default(100),
    /** Time step of the warm-up (s, >= dt; rounded to a multiple of dt). Default 0.1. */
    warmupDt: positive("a number of seconds > 0").default(0.1),
    /** The seed used before the first seeded reset (integer in [0, 2^32 - 1]). Default 0. */
    seed: z.int({ error: "an integer in [0, 4294967295]" }).min(0, { error: "an integer in [0, 4294967295]" }).max(4294967295, { error: "an integer in [0, 4294967295]" }).default(0),
    /** Environments made with equal options share one simulation (vector envs) instead of each running its own. Default false. */
    shareSimulation: z.boolean({ error: "true or false" }).default(false),
  })
  .superRefine((o, ctx) => {
    const [wx0, wx1, wy0, wy1] = o.windRegion;
    const plume = o.plumeRegion ?? o.windRegion;
    const [px0, px1, py0, py1] = plume;
    if (px0 < wx0 || px1 > wx1 || py0 < wy0 || py1 > wy1) {
      ctx.addIssue({ code: "custom", path: ["plumeRegion"], message: `a rectangle inside the wind region [${o.windRegion.join(", ")}]`, input: o.plumeRegion });
    }
    const layout = gridMapping(o);
    const [sx, sy] = sourcePoint(o, layout);
    if (!(sx >= px0 && sx <= px1 && sy >= py0 && sy <= py1)) {
      const key = o.sourceLocation === undefined ? "source" : "sourceLocation";
      const cells = `cells whose point origin + (x, y)·cellSize lies in the plume region (x in [${px0}, ${px1}] m, y in [${py0}, ${py1}] m)`;
      ctx.addIssue({ code: "custom", path: [key], message: key === "source" ? `a point inside the plume region: x in [${px0}, ${px1}], y in [${py0}, ${py1}]` : cells, input: key === "source" ? o.source : o.sourceLocation });
    }
    if (o.initialPuffs > o.maxPuffs) {
      ctx.addIssue({ code: "custom", path: ["initialPuffs"], message: `an integer from 0 to maxPuffs (${o.maxPuffs})`, input: o.initialPuffs });
    }
    const [nx, ny] = o.windNodes;
    for (const [k, value] of diffusivities(o.diffusivity).entries()) {
      if (typeof value !== "number" && (value.length !== nx || value.some((row) => row.length !== ny))) {
        ctx.addIssue({ code: "custom", path: ["diffusivity"], message: `per-node ${k === 0 ? "kx" : "ky"} as ${nx} arrays of ${ny} numbers (windNodes)`, input: o.diffusivity });
      }
    }
    // Explicit Euler diffusion is stable for dt·(kx/Δx² + ky/Δy²) <= 1.
    const dx = (wx1 - wx0) / (nx - 1);
    const dy = (wy1 - wy0) / (ny - 1);
    const [kx, ky] = diffusivities(o.diffusivity).map((k) => (typeof k === "number" ? k : Math.max(0, ...k.flat()))) as [number, number];
    const limit = 1 / (kx / (dx * dx) + ky / (dy * dy));
    for (const key of ["dt", "warmupDt"] as const) {
      if (o[key] > limit) {
        ctx.addIssue({ code: "custom", path: [key], message: `a step <= ${limit.toPrecision(4)} s (explicit diffusion is unstable above dt·(kx/Δx² + ky/Δy²) = 1)`, input: o[key] });
      }
    }
    if (o.warmupDt < o.dt) {
      ctx.addIssue({ code: "custom", path: ["warmupDt"], message: `a number of seconds >= dt (${o.dt})`, input: o.warmupDt });
    }
    if (layout.width * layout.height > MAX_GRID_CELLS) {
      ctx.addIssue({ code: "custom", path: ["cellSize"], message: `a cell size giving at most ${MAX_GRID_CELLS} cells over the plume region (or set gridSize)`, input: o.cellSize });
    }
  });

export type TurbulentPlumeOptions = z.input<typeof TurbulentPlumeOptionsSchema>;
export type ResolvedTurbulentOptions = z.output<typeof TurbulentPlumeOptionsSchema>;

type Diffusivity = number | number[][];
function diffusivities(d: ResolvedTurbulentOptions["diffusivity"]): [Diffusivity, Diffusivity] {
  if (typeof d === "number") return [d, d];
  if (d.length === 2 && d.every((v) => typeof v === "number" || (Array.isArray(v) && Array.isArray(v[0])))) {
    // [kx, ky] — unless it is a per-node array of two rows (nx >= 4 rules that out).
    return d as [Diffusivity, Diffusivity];
  }
  return [d as number[][], d as number[][]];
}

/** The simulation parameters of resolved options. */
export function simulationParameters(o: ResolvedTurbulentOptions, withPuffs = true): SimulationParameters {
  const [kx, ky] = diffusivities(o.diffusivity);
  const sigma = typeof o.relativeDispersion === "number" ? ([o.relativeDispersion, o.relativeDispersion, o.relativeDispersion] as const) : o.relativeDispersion;
  return {
    dt: o.dt,
    withPuffs,
    wind: {
      region: o.windRegion,
      nx: o.windNodes[0],
      ny: o.windNodes[1],
      uAv: o.meanWind[0],
      vAv: o.meanWind[1],
      kx,
      ky,
      noiseGain: o.noiseGain,
      noiseDamping: o.noiseDamping,
      noiseBandwidth: o.noiseBandwidth,
      originalNoiseUpdates: o.originalNoiseUpdates,
    },
    puffs: {
      region: o.plumeRegion ?? o.windRegion,
      source: sourcePoint(o),
      zDispersion: o.verticalDispersion,
      sigma: [sigma[0], sigma[1], sigma[2]],
      initialRadius: o.initialRadius,
      spreadRate: o.spreadRate,
      releaseRate: o.releaseRate,
      initialPuffs: o.initialPuffs,
      maxPuffs: o.maxPuffs,
    },
  };
}

/** Where the grid lies: cell `(i, j)` is the point `(x0 + i·h, y0 + j·h)`; `width x height` cells. */
export interface GridLayout {
  readonly x0: number;
  readonly y0: number;
  readonly h: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The grid mapping of resolved options: without `gridSize`, the plume region at `cellSize` (default 1 m); with
 * it, `cellSize` defaults to the size that fits the plume region. The grid is centred on the plume region unless
 * `origin` is given.
 */
export function gridMapping(o: ResolvedTurbulentOptions): GridLayout {
  const [px0, px1, py0, py1] = o.plumeRegion ?? o.windRegion;
  const spanX = px1 - px0;
  const spanY = py1 - py0;
  let width: number;
  let height: number;
  let h: number;
  if (o.gridSize !== undefined) {
    ({ width, height } = o.gridSize);
    h = o.cellSize ?? Math.max(spanX / Math.max(1, width - 1), spanY / Math.max(1, height - 1));
  } else {
    h = o.cellSize ?? 1;
    width = Math.floor(spanX / h + 1e-9) + 1;
    height = Math.floor(spanY / h + 1e-9) + 1;
  }
  const [x0, y0] = o.origin ?? [(px0 + px1) / 2 - ((width - 1) * h) / 2, (py0 + py1) / 2 - ((height - 1) * h) / 2];
  return { x0, y0, h, width, height };
}

/** The source `(x, y, z)` in metres: `source`, or the point of `sourceLocation` at height `source[2]`. */
export function sourcePoint(o: ResolvedTurbulentOptions, layout: GridLayout = gridMapping(o)): [number, number, number] {
  const z = o.source[2] ?? 0;
  if (o.sourceLocation === undefined) return [o.source[0], o.source[1], z];
  return [layout.x0 + o.sourceLocation.x * layout.h, layout.y0 + o.sourceLocation.y * layout.h, z];
}

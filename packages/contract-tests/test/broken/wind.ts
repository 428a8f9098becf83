/** Broken VectorFields, one per `wind.*` check id (CHECKS.md §5 "catches"). */
import type { PointLike, VectorField } from "@plume/core-types";
import { Box, Generator } from "@plume/spaces";
import { checkVectorField, type VectorFieldOptions } from "../../src/index.js";
import { ConstantWindField } from "../reference/fields.js";
import type { FixtureTable } from "./harness.js";

const run = (create: () => VectorField, options: VectorFieldOptions = {}) => (extra: Record<string, unknown> = {}) => checkVectorField(create, { ...options, ...extra });
const constant = (vx: number, vy: number): VectorField => ({ sample: () => Float32Array.of(vx, vy) });

export const WIND_FIXTURES: FixtureTable = {
  "wind.history-independence": {
    what: "a gust on every 97th sample() call (the vector depends on the call count)",
    run: run(() => {
      let calls = 0;
      return { sample: () => Float32Array.of(++calls % 97 === 0 ? 2 : 0.5, 0) };
    }),
  },
  "wind.time-long-run": {
    what: "a recorded direction table of 256 steps indexed without wrap or clamp (NaN from step 256 on)",
    run: run(() => {
      const table = Array.from({ length: 256 }, (_, k) => (k * Math.PI) / 128);
      let angle = 0;
      return {
        sample: () => Float32Array.of(Math.cos(angle), Math.sin(angle)),
        advanceToStep: (k: number) => {
          angle = table[k] as number;
        },
      };
    }),
    alsoFails: ["wind.finite"],
    ungated: () => checkVectorField(() => new ConstantWindField(), { numRuns: 10 }),
  },
  "wind.protocol-shape": {
    what: "sample(x, y) with two numbers",
    run: run(() => ({ sample: ((_x: number, _y: number) => Float32Array.of(0.5, 0)) as unknown as (p: PointLike) => Float32Array })),
  },
  "wind.vector-shape": {
    what: "returning { vx, vy }",
    run: run(() => ({ sample: () => ({ vx: 0.5, vy: 0 }) as unknown as Float32Array })),
  },
  "wind.finite": {
    what: "a NaN direction at zero speed (x / |x| at x = 0)",
    run: run(() => ({ sample: (p: PointLike) => Float32Array.of(p.x / Math.abs(p.x), 0) })),
  },
  "wind.finite#map-4096": {
    what: "a recorded wind map 4,096 cells wide read without a bound below its far-away cutoff (NaN from x = 4,096: the size ladder's 10,000-wide grids)",
    run: run(() => {
      const map = Float32Array.from({ length: 4096 }, (_, x) => Math.sin(x / 50));
      return { sample: (p: PointLike) => (Math.abs(p.x) > 1e6 ? Float32Array.of(0, 0) : Float32Array.of(map[Math.abs(Math.round(p.x))] as number, 0.25)) };
    }),
  },
  "wind.determinism": {
    what: "gusts drawn from Math.random",
    // eslint-disable-next-line no-restricted-properties -- a deliberately broken field: hidden Math.random
    run: run(() => ({ sample: () => Float32Array.of(0.5 + 0.1 * Math.random(), 0) })),
  },
  "wind.returns-copy": {
    what: "returning the internal Float32Array",
    run: run(() => {
      const v = Float32Array.of(0.5, -0.25);
      return { sample: () => v };
    }),
  },
  "wind.purity": {
    what: "rounding (and tagging) the position in place",
    run: run(() => ({
      sample: (p: PointLike) => {
        Reflect.set(p, "x", Math.round(p.x));
        Reflect.set(p, "seen", true);
        return Float32Array.of(0.5, 0);
      },
    })),
  },
  "wind.reset-determinism": {
    what: "turbulence seeded at construction only",
    run: run(() => {
      const gust = Generator.fromSeed().random();
      return { sample: () => Float32Array.of(0.5 + 0.1 * gust, 0), reset: () => {} };
    }),
    ungated: () => checkVectorField(() => constant(0.5, 0)),
  },
  "wind.time-hook": {
    what: "advancing a counter instead of setting it",
    run: run(() => {
      let t = 0;
      return {
        sample: () => Float32Array.of(Math.cos(t), Math.sin(t)),
        advanceToStep: () => {
          t += 1;
        },
      };
    }),
    ungated: () => checkVectorField(() => new ConstantWindField()),
  },
  "wind.sensor-range": {
    what: "a speed-2 field feeding a [-1, 1] sensor",
    run: run(() => constant(2, 0), { sensorSpace: new Box({ low: -1, high: 1, shape: [2], dtype: "float32" }) }),
    ungated: () => checkVectorField(() => constant(2, 0)),
  },
};

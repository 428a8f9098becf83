// @sparse/plume-field-hotspots — odour hotspots (leaking pipes along a pipeline), evaluated lazily: a
// plant's grid is long and thin (a pipeline 4 km long at 1 m cells) and agents visit a few cells, so each
// visited cell is computed once and kept. The component is a plain object built by a closure.
// BUG (hidden history, sizes): the memo key packs the cell as (y << 10) | x, which assumes x < 1024. On a
// grid wider than 1024 cells, (1024 + x, y) and (x, y + 1) share a key, so a cell reads whatever its twin
// was computed as, depending on which of the two an agent visited first.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  size: z.strictObject({ width: z.int().min(1).max(50_000), height: z.int().min(1).max(50_000) }).default({ width: 512, height: 24 }),
  hotspots: z.array(z.strictObject({ x: z.int(), y: z.int(), strength: z.number().min(0).max(1) })).min(1).max(64).default([
    { x: 40, y: 12, strength: 1 },
    { x: 300, y: 6, strength: 0.6 },
  ]),
  spread: z.number().positive().max(1e4).default(5),
});

function makeHotspotField({ size, hotspots, spread }) {
  const memo = new Map();
  const gridSize = new GridSize(size.width, size.height);
  const strongest = hotspots.reduce((a, b) => (b.strength > a.strength ? b : a));
  const evaluate = (cx, cy) => {
    let c = 0;
    for (const h of hotspots) c = Math.max(c, h.strength * Math.exp(-((cx - h.x) ** 2 + (cy - h.y) ** 2) / (2 * spread * spread)));
    return Math.fround(c);
  };
  return {
    gridSize,
    sourceLocation: new Coordinates(strongest.x, strongest.y),
    sample(x, y) {
      const cx = roundHalfEven(x);
      const cy = roundHalfEven(y);
      if (cx < 0 || cy < 0 || cx >= gridSize.width || cy >= gridSize.height) return 0;
      const key = (cy << 10) | cx;
      if (!memo.has(key)) memo.set(key, evaluate(cx, cy));
      return memo.get(key);
    },
    reset() {},
    getMetadata() {
      return { type: "hotspot_field", parameters: { hotspots: hotspots.length, spread } };
    },
  };
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@sparse/plume-field-hotspots",
  options,
  create: (o) => makeHotspotField(o),
});

// @eddy/plume-wind-vortex — a Rankine-like vortex: tangential speed strength / r around a centre cell.
// BUG (float boundaries: the source cell): the velocity is (-dy, dx) * strength / r^2. At the centre
// cell itself r = 0 and both components are 0 * Infinity = NaN. The author clamped r only in the
// docs. Every other cell is finite.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  centre: z.tuple([z.number(), z.number()]).default([20, 12]),
  strength: z.number().min(-100).max(100).default(4),
});

class VortexWind {
  constructor({ centre, strength }) {
    this.centre = centre;
    this.strength = strength;
  }

  sample(position) {
    const dx = position.x - this.centre[0];
    const dy = position.y - this.centre[1];
    const r2 = dx * dx + dy * dy;
    const k = this.strength / r2;
    return Float32Array.of(-dy * k, dx * k);
  }

  getMetadata() {
    return { type: "vortex_wind", parameters: { centre: this.centre, strength: this.strength } };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@eddy/plume-wind-vortex",
  options,
  create: (o) => new VortexWind(o),
});

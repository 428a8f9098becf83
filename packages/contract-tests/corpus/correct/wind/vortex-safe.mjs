// @eddy/plume-wind-vortex-ok — a Rankine vortex: solid-body rotation inside the core radius, strength /
// r outside, so the centre cell is calm (0, 0) and speeds above 1 are normal. Correct: it must be
// accepted.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  centre: z.tuple([z.number(), z.number()]).default([20, 12]),
  strength: z.number().min(-100).max(100).default(6),
  core: z.number().positive().max(1000).default(2),
});

class RankineVortex {
  constructor({ centre, strength, core }) {
    this.centre = centre;
    this.strength = strength;
    this.core = core;
  }

  sample(position) {
    const dx = position.x - this.centre[0];
    const dy = position.y - this.centre[1];
    const r = Math.hypot(dx, dy);
    if (r === 0) return new Float32Array(2);
    // tangential speed: strength * r / core^2 inside the core, strength / r outside
    const speed = r < this.core ? (this.strength * r) / (this.core * this.core) : this.strength / r;
    return Float32Array.of((-dy / r) * speed, (dx / r) * speed);
  }

  getMetadata() {
    return { type: "rankine_vortex", parameters: { centre: this.centre, strength: this.strength, core: this.core } };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@eddy/plume-wind-vortex-ok",
  options,
  create: (o) => new RankineVortex(o),
});

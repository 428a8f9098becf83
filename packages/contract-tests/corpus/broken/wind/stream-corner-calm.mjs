// @cfd/plume-wind-corner-flow — potential flow into a corner (stream function psi = x * y, so the
// velocity is (x, -y) * strength), reported as direction times a capped speed.
// BUG (corners): the direction is the velocity divided by its own length. At the stagnation point — the
// grid corner (0, 0) — the length is 0 and the vector is [NaN, NaN]. Everywhere else it is finite.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  strength: z.number().positive().max(10).default(0.1),
  maxSpeed: z.number().positive().max(20).default(2),
});

class CornerFlowWind {
  constructor({ strength, maxSpeed }) {
    this.strength = strength;
    this.maxSpeed = maxSpeed;
  }

  sample(position) {
    const vx = this.strength * position.x;
    const vy = -this.strength * position.y;
    const length = Math.hypot(vx, vy);
    const speed = Math.min(this.maxSpeed, length);
    return Float32Array.of((vx / length) * speed, (vy / length) * speed);
  }

  getMetadata() {
    return { type: "corner_flow", parameters: { strength: this.strength, maxSpeed: this.maxSpeed } };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@cfd/plume-wind-corner-flow",
  options,
  create: (o) => new CornerFlowWind(o),
});

/**
 * `ConstantWindField`: the same wind vector everywhere, as the reference builds it: from a direction
 * and a speed `(speed·cos θ, −speed·sin θ)` (the reference's wind uses the opposite y sign to the action
 * model), or from an explicit vector. Stored as float32.
 */
import { libm, parseWithSchema, type FieldMetadata, type PointLike, type VectorField } from "@plume/core-types";
import * as z from "zod";
import { pyMod, radians } from "../internal/math.js";
import { finiteNumber } from "../internal/schemas.js";

/** Options of `ConstantWindField`. */
export const ConstantWindFieldOptionsSchema = z.strictObject({
  /** Direction in degrees (0 = +x); any finite number. Default 0. Ignored when `vector` is given. */
  directionDeg: finiteNumber("a finite number of degrees").default(0),
  /** Speed (vector length); any finite number. Default 1. Ignored when `vector` is given. */
  speed: finiteNumber("a finite number").default(1),
  /** An explicit `[vx, vy]` (finite numbers), used as is instead of `directionDeg`/`speed`. Default: none. */
  vector: z
    .tuple([finiteNumber("a finite number"), finiteNumber("a finite number")], { error: "[vx, vy] with finite numbers" })
    .optional(),
});
export type ConstantWindFieldOptions = z.input<typeof ConstantWindFieldOptionsSchema>;

/** A uniform, time-invariant wind. */
export class ConstantWindField implements VectorField {
  readonly #vx: number;
  readonly #vy: number;
  /** The direction the vector points in, degrees in [0, 360), measured as the reference does (`atan2(−vy, vx)`). */
  readonly directionDeg: number;
  /** The vector's length. */
  readonly speed: number;

  /** @throws ValidationError naming the bad option (`directionDeg`, `speed`, `vector.0`, or an unknown key). */
  constructor(options: ConstantWindFieldOptions = {}) {
    const parsed = parseWithSchema(ConstantWindFieldOptionsSchema, options ?? {}, { what: "ConstantWindField options" });
    let vx: number;
    let vy: number;
    if (parsed.vector !== undefined) {
      [vx, vy] = parsed.vector;
    } else {
      const theta = radians(parsed.directionDeg);
      // The reference's math.cos/math.sin are glibc's; libm reproduces them bit for bit.
      vx = parsed.speed * libm.cos(theta);
      vy = -parsed.speed * libm.sin(theta);
    }
    this.#vx = Math.fround(vx);
    this.#vy = Math.fround(vy);
    if (!Number.isFinite(this.#vx) || !Number.isFinite(this.#vy)) {
      parseWithSchema(z.never({ error: "a wind vector that is finite in float32" }), [vx, vy], {
        what: "ConstantWindField options",
        path: parsed.vector !== undefined ? "vector" : "speed",
      });
    }
    this.directionDeg = pyMod((Math.atan2(-this.#vy, this.#vx) * 180) / Math.PI, 360);
    this.speed = Math.hypot(this.#vx, this.#vy);
  }

  /** The wind vector `[vx, vy]` (float32 values). */
  get vector(): readonly [vx: number, vy: number] {
    return [this.#vx, this.#vy];
  }

  /** A new `Float32Array [vx, vy]`; the position is ignored (and never modified). */
  sample(_position?: PointLike): Float32Array {
    const out = new Float32Array(2);
    out[0] = this.#vx;
    out[1] = this.#vy;
    return out;
  }

  getMetadata(): FieldMetadata {
    return {
      type: "constant_wind",
      parameters: { vector: [this.#vx, this.#vy], direction_deg: this.directionDeg, speed: this.speed },
    };
  }
}

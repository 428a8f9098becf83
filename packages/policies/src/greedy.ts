/**
 * `GreedyGradientPolicy`: greedy gradient ascent on an antenna array. It needs an `AntennaeArraySensor`
 * observation (several odour readings around the agent), so it does NOT run on the default environment's
 * single concentration sensor: pair it with `GREEDY_SENSOR` (4 antennae at distance 1).
 */
import { ValidationError, parseWithSchema, type JsonObject, type SelectActionOptions } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";
import { BaselinePolicy, exploreOf, policySeedOption } from "./base.js";
import { nearestCardinal } from "./cardinal.js";
import { odorReadings } from "./observation.js";

/** The antenna angles the policy assumes by default: right, down, left and up of a heading of 0 degrees. */
export const DEFAULT_ANTENNA_ANGLES: readonly number[] = Object.freeze([0, 90, 180, 270]);

/**
 * The sensor the greedy policy is meant for, in config form (`{ type, options }` of `@plume/env`'s
 * `createEnvironmentFromConfig`): 4 antennae one cell away at 0, 90, 180 and 270 degrees.
 */
export const GREEDY_SENSOR = Object.freeze({
  type: "antennae",
  options: Object.freeze({ nSensors: 4, sensorDistance: 1, sensorAngles: Object.freeze([...DEFAULT_ANTENNA_ANGLES]) }),
});

/** Options of `GreedyGradientPolicy`. */
export const GreedyGradientPolicyOptionsSchema = z.strictObject({
  /**
   * The angle of each antenna relative to the agent's heading, in degrees, in observation order — the
   * `sensorAngles` of the `AntennaeArraySensor`. Default `[0, 90, 180, 270]`.
   */
  sensorAngles: z
    .array(z.number({ error: "a finite number of degrees" }), { error: "an array of angles in degrees" })
    .min(1, { error: "at least one antenna angle" })
    .max(4096, { error: "at most 4096 antenna angles" })
    .default([...DEFAULT_ANTENNA_ANGLES]),
  /**
   * The agent's heading in degrees. The cardinal action model never turns the agent, so it stays 0. Default 0.
   */
  heading: z.number({ error: "a finite number of degrees" }).default(0),
  /** The Dict key of the antenna part of a multi-modal observation. Default: the first of `odor`, `odour`, `concentration`, `antennae`. */
  odorKey: z.string({ error: "a Dict key" }).min(1, { error: "a Dict key" }).optional(),
  /** Seed of the policy's generator until the first `reset({ seed })`. Default 0. */
  seed: policySeedOption,
});
export type GreedyGradientPolicyOptions = z.input<typeof GreedyGradientPolicyOptionsSchema>;

/**
 * Moves towards the antenna with the highest reading. Antenna `i` reads the cell at
 * `(x + cos a, y - sin a)` with `a = heading + sensorAngles[i]` (the `AntennaeArraySensor`'s convention: the
 * antenna frame has the opposite y sign from the moves), so it maps to the cardinal move closest to
 * `(cos a, -sin a)`. Ties between the best antennae are broken with one `integers` draw when exploring (the
 * default) and by antenna order otherwise; a unique best draws nothing.
 */
export class GreedyGradientPolicy extends BaselinePolicy {
  readonly sensorAngles: readonly number[];
  readonly heading: number;
  readonly odorKey: string | undefined;
  /** The cardinal action of each antenna. */
  readonly antennaActions: readonly number[];
  readonly #space = new Discrete(4);

  /** @throws ValidationError naming the bad option. */
  constructor(options: GreedyGradientPolicyOptions = {}) {
    const parsed = parseWithSchema(GreedyGradientPolicyOptionsSchema, options ?? {}, { what: "GreedyGradientPolicy options" });
    super(parsed.seed);
    this.sensorAngles = Object.freeze(parsed.sensorAngles.map((a) => a + 0));
    this.heading = parsed.heading + 0;
    this.odorKey = parsed.odorKey;
    this.antennaActions = Object.freeze(
      this.sensorAngles.map((angle) => {
        const rad = ((this.heading + angle) * Math.PI) / 180;
        return nearestCardinal(Math.cos(rad), -Math.sin(rad));
      }),
    );
  }

  get actionSpace(): Discrete {
    return this.#space;
  }

  /**
   * The move towards the strongest antenna.
   * @throws ValidationError (`parameter` `"observation"`) when the observation does not have one reading per antenna.
   */
  selectAction(observation: unknown, options?: SelectActionOptions): number {
    const explore = exploreOf(options);
    const readings = odorReadings(observation, this.odorKey, "GreedyGradientPolicy");
    const n = this.sensorAngles.length;
    if (readings.length !== n) {
      throw ValidationError.invalid(
        "observation",
        `${n} antenna readings (an AntennaeArraySensor with ${n} sensors, e.g. { type: "antennae", options: { nSensors: 4, sensorDistance: 1 } })`,
        observation,
      );
    }
    let best = -Infinity;
    const ties: number[] = [];
    for (let i = 0; i < n; i++) {
      const v = Number(readings[i]);
      const value = Number.isNaN(v) ? -Infinity : v;
      if (value > best) {
        best = value;
        ties.length = 0;
        ties.push(i);
      } else if (value === best) {
        ties.push(i);
      }
    }
    const pick = ties.length > 1 && explore ? (ties[this.rng.integers(0, ties.length)] as number) : (ties[0] as number);
    return this.antennaActions[pick] as number;
  }

  protected clearMemory(): void {}

  protected get metadataType(): string {
    return "greedy_gradient";
  }

  protected parameters(): JsonObject {
    return {
      sensor_angles: [...this.sensorAngles],
      heading: this.heading,
      antenna_actions: [...this.antennaActions],
      ...(this.odorKey !== undefined && { odor_key: this.odorKey }),
    };
  }
}

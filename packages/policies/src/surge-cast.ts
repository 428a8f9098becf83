/**
 * `SurgeCastPolicy`: the moth's surge-and-cast search. Surge while the odour rises; when it stops rising, cast
 * sideways in a widening zigzag until it rises again. It needs one odour reading per step (so it runs on the
 * default environment) and uses the wind when the observation carries it.
 */
import { ValidationError, parseWithSchema, type JsonObject, type SelectActionOptions } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";
import { BaselinePolicy, exploreOf, policySeedOption } from "./base.js";
import { opposite, perpendicular, upwindCardinal } from "./cardinal.js";
import { odorReadings, windReading } from "./observation.js";

/** The action models the policy can drive. */
export const SURGE_CAST_ACTIONS = Object.freeze(["cardinal", "surge_cast"] as const);
export type SurgeCastPolicyActions = (typeof SURGE_CAST_ACTIONS)[number];

/** What starts a surge: a rise of the odour (default) or its detection. */
export const SURGE_CAST_TRIGGERS = Object.freeze(["rise", "detection"] as const);
export type SurgeCastTrigger = (typeof SURGE_CAST_TRIGGERS)[number];

/** Options of `SurgeCastPolicy`. */
export const SurgeCastPolicyOptionsSchema = z.strictObject({
  /**
   * `"cardinal"` (default): `Discrete(4)` UP/RIGHT/DOWN/LEFT of `DiscreteGridActions`, with the surge/cast logic
   * in the policy. `"surge_cast"`: `Discrete(2)` SURGE/CAST of `SurgeCastActions`, whose SURGE is the most
   * upwind cardinal move and whose CAST is one of the other three at random (the environment's wind and generator).
   */
  actions: z.enum(SURGE_CAST_ACTIONS, { error: `one of ${SURGE_CAST_ACTIONS.join(", ")}` }).default("cardinal"),
  /** The odour "rises" when it grew by more than this since the last step. A finite number >= 0. Default 0. */
  threshold: z.number({ error: "a finite number >= 0" }).min(0, { error: "a finite number >= 0" }).max(1e9, { error: "a finite number >= 0" }).default(0),
  /**
   * `"rise"` (default): surge while the odour rises (`dC > threshold`), the gradient rule that suits a smooth
   * plume. `"detection"`: the moth's rule for an intermittent plume — surge upwind while any reading of the odour
   * part is above `threshold` (a binary detection), cast crosswind in a widening zigzag while none is.
   */
  trigger: z.enum(SURGE_CAST_TRIGGERS, { error: `one of ${SURGE_CAST_TRIGGERS.join(", ")}` }).default("rise"),
  /** The longest cast leg, in steps; a cast that finds nothing by then gives up and surges again. Integer in [1, 1000]. Default 8. */
  maxCastLeg: z.int({ error: "an integer in [1, 1000]" }).min(1, { error: "an integer in [1, 1000]" }).max(1000, { error: "an integer in [1, 1000]" }).default(8),
  /** Read the wind from a Dict observation when it has a wind part. Default true. */
  useWind: z.boolean({ error: "a boolean" }).default(true),
  /** The Dict key of the odour part. Default: the first of `odor`, `odour`, `concentration`, `antennae`. */
  odorKey: z.string({ error: "a Dict key" }).min(1, { error: "a Dict key" }).optional(),
  /** The Dict key of the wind part. Default: the first of `wind`, `wind_vector`. */
  windKey: z.string({ error: "a Dict key" }).min(1, { error: "a Dict key" }).optional(),
  /** Which reading of the odour part to use. Default 0. */
  sensorIndex: z.int({ error: "an integer >= 0" }).min(0, { error: "an integer >= 0" }).max(4096, { error: "an integer in [0, 4096]" }).default(0),
  /** Seed of the policy's generator until the first `reset({ seed })`. Default 0. */
  seed: policySeedOption,
});
export type SurgeCastPolicyOptions = z.input<typeof SurgeCastPolicyOptionsSchema>;

/** What the last `"cardinal"` action of a `SurgeCastPolicy` was doing. */
export type SurgeCastMode = "surge" | "return" | "cast";

/**
 * Surge and cast over cardinal moves (`"cardinal"`, the default):
 *
 * - **Surge**: keep moving in the surge heading while the odour rises (`dC > threshold`). The first heading is
 *   upwind when the observation carries wind (a Dict with a `wind` part), else random.
 * - **Overshoot**: when a surge step makes the odour fall, step back once to the better cell, then cast. (When
 *   the step changed nothing — a wall — it casts at once.)
 * - **Cast**: zigzag perpendicular to the surge heading with legs of 1, 2, 3, ... steps, alternating sides (the
 *   first side random). As soon as a cast step makes the odour rise, surge in that step's direction.
 * - **Lost**: after a leg longer than `maxCastLeg`, surge upwind when there is wind, else back the way it came.
 *
 * With `"surge_cast"`: SURGE (0) on the first step and while the odour rises, CAST (1) otherwise; the
 * environment's `SurgeCastActions` turns them into moves using its wind field.
 *
 * Draws: `integers(0, 4)` for a random first heading and `integers(0, 2)` for the first side of each cast (with
 * `explore`; without it the clockwise side), none in `"surge_cast"` mode.
 */
export class SurgeCastPolicy extends BaselinePolicy {
  readonly actions: SurgeCastPolicyActions;
  readonly threshold: number;
  readonly trigger: SurgeCastTrigger;
  readonly maxCastLeg: number;
  readonly useWind: boolean;
  readonly odorKey: string | undefined;
  readonly windKey: string | undefined;
  readonly sensorIndex: number;
  readonly #space: Discrete;
  #previous: number | undefined = undefined;
  #mode: SurgeCastMode = "surge";
  #heading = 0;
  #lastMove = 0;
  #castSide = 0;
  #castLeg = 0;
  #castLeft = 0;

  /** @throws ValidationError naming the bad option. */
  constructor(options: SurgeCastPolicyOptions = {}) {
    const parsed = parseWithSchema(SurgeCastPolicyOptionsSchema, options ?? {}, { what: "SurgeCastPolicy options" });
    super(parsed.seed);
    this.actions = parsed.actions;
    this.threshold = parsed.threshold;
    this.trigger = parsed.trigger;
    this.maxCastLeg = parsed.maxCastLeg;
    this.useWind = parsed.useWind;
    this.odorKey = parsed.odorKey;
    this.windKey = parsed.windKey;
    this.sensorIndex = parsed.sensorIndex;
    this.#space = new Discrete(parsed.actions === "cardinal" ? 4 : 2);
  }

  get actionSpace(): Discrete {
    return this.#space;
  }

  /** `"surge"`, `"return"` (stepping back after an overshoot) or `"cast"`: what the last action was doing. */
  get mode(): SurgeCastMode {
    return this.#mode;
  }

  /**
   * The next action for `observation` (its odour reading and, for a Dict observation, its wind; only read).
   * @throws ValidationError (`parameter` `"observation"`) when the observation has no odour reading at `sensorIndex`.
   */
  selectAction(observation: unknown, options?: SelectActionOptions): number {
    const explore = exploreOf(options);
    const readings = odorReadings(observation, this.odorKey, "SurgeCastPolicy");
    if (this.sensorIndex >= readings.length) {
      throw ValidationError.invalid("observation", `at least ${this.sensorIndex + 1} odour readings (sensorIndex ${this.sensorIndex})`, observation);
    }
    const c = Number(readings[this.sensorIndex]);
    const previous = this.#previous;
    this.#previous = c;
    if (this.trigger === "detection") return this.#detectionAction(readings, observation, explore);
    const dc = previous === undefined ? Number.NaN : c - previous;
    const rising = dc > this.threshold;

    if (this.actions === "surge_cast") {
      this.#mode = previous === undefined || rising ? "surge" : "cast";
      return this.#mode === "surge" ? 0 : 1;
    }

    const wind = this.useWind ? windReading(observation, this.windKey) : undefined;
    const upwind = wind === undefined ? undefined : upwindCardinal(wind[0], wind[1]);
    let action: number;
    if (previous === undefined) {
      this.#mode = "surge";
      this.#heading = upwind ?? this.rng.integers(0, 4);
      action = this.#heading;
    } else if (this.#mode === "return") {
      // Back on the best cell of the last surge: cast from here, whatever the odour did.
      action = this.#startCast(explore);
    } else if (rising) {
      this.#mode = "surge";
      this.#heading = this.#lastMove;
      action = this.#heading;
    } else if (this.#mode === "surge") {
      if (dc < 0) {
        this.#mode = "return";
        action = opposite(this.#lastMove);
      } else {
        action = this.#startCast(explore);
      }
    } else {
      action = this.#continueCast(upwind);
    }
    this.#lastMove = action;
    return action;
  }

  /** `trigger: "detection"`: surge (upwind, else on) while a reading is above the threshold, else cast crosswind. */
  #detectionAction(readings: ArrayLike<number>, observation: unknown, explore: boolean): number {
    let detected = false;
    for (let i = 0; i < readings.length; i++) if (Number(readings[i]) > this.threshold) detected = true;
    if (this.actions === "surge_cast") {
      this.#mode = detected ? "surge" : "cast";
      return detected ? 0 : 1;
    }
    const wind = this.useWind ? windReading(observation, this.windKey) : undefined;
    const upwind = wind === undefined ? undefined : upwindCardinal(wind[0], wind[1]);
    let action: number;
    if (detected) {
      this.#mode = "surge";
      this.#heading = upwind ?? this.#heading;
      action = this.#heading;
    } else if (this.#mode !== "cast") {
      if (upwind !== undefined) this.#heading = upwind;
      action = this.#startCast(explore);
    } else {
      action = this.#continueCast(upwind);
    }
    this.#lastMove = action;
    return action;
  }

  #startCast(explore: boolean): number {
    this.#mode = "cast";
    this.#castSide = explore ? this.rng.integers(0, 2) : 0;
    this.#castLeg = 1;
    this.#castLeft = 1;
    return this.#castStep();
  }

  #continueCast(upwind: number | undefined): number {
    if (this.#castLeft === 0) {
      this.#castSide = 1 - this.#castSide;
      this.#castLeg += 1;
      this.#castLeft = this.#castLeg;
      if (this.#castLeg > this.maxCastLeg) {
        // Lost: surge upwind, or back the way it came.
        this.#mode = "surge";
        this.#heading = upwind ?? opposite(this.#heading);
        return this.#heading;
      }
    }
    return this.#castStep();
  }

  #castStep(): number {
    this.#castLeft -= 1;
    return perpendicular(this.#heading)[this.#castSide] as number;
  }

  protected clearMemory(): void {
    this.#previous = undefined;
    this.#mode = "surge";
    this.#heading = 0;
    this.#lastMove = 0;
    this.#castSide = 0;
    this.#castLeg = 0;
    this.#castLeft = 0;
  }

  protected get metadataType(): string {
    return "surge_cast";
  }

  protected parameters(): JsonObject {
    return {
      actions: this.actions,
      threshold: this.threshold,
      ...(this.trigger !== "rise" && { trigger: this.trigger }),
      max_cast_leg: this.maxCastLeg,
      use_wind: this.useWind,
      sensor_index: this.sensorIndex,
      ...(this.odorKey !== undefined && { odor_key: this.odorKey }),
      ...(this.windKey !== undefined && { wind_key: this.windKey }),
    };
  }

  protected override movementModel(): string {
    return this.actions === "cardinal" ? super.movementModel() : "surge: most upwind cardinal move; cast: one of the other three at random";
  }
}

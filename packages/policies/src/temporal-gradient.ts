/**
 * `TemporalGradientPolicy`: bacterial run-and-tumble chemotaxis on the change in concentration between two
 * consecutive observations. It needs one odour reading per step, so it runs on the default environment.
 */
import { ValidationError, parseWithSchema, type JsonObject, type SelectActionOptions } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";
import { BaselinePolicy, exploreOf, policySeedOption } from "./base.js";
import { opposite, perpendicular } from "./cardinal.js";
import { odorReadings } from "./observation.js";

/** The action models the policy can drive. */
export const TEMPORAL_GRADIENT_ACTIONS = Object.freeze(["cardinal", "run_tumble"] as const);
export type TemporalGradientActions = (typeof TEMPORAL_GRADIENT_ACTIONS)[number];

/** How a `"cardinal"` tumble picks the new heading. */
export const TUMBLE_MODES = Object.freeze(["reverse-flick", "uniform"] as const);
export type TumbleMode = (typeof TUMBLE_MODES)[number];

/** Options of `TemporalGradientPolicy`. */
export const TemporalGradientPolicyOptionsSchema = z.strictObject({
  /**
   * `"cardinal"` (default): `Discrete(4)` UP/RIGHT/DOWN/LEFT of `DiscreteGridActions`; the policy keeps a heading
   * and tumbles to one of the other three at random. `"run_tumble"`: `Discrete(2)` RUN/TUMBLE of
   * `OrientedRunTumbleActions`; the environment draws the new heading.
   */
  actions: z.enum(TEMPORAL_GRADIENT_ACTIONS, { error: `one of ${TEMPORAL_GRADIENT_ACTIONS.join(", ")}` }).default("cardinal"),
  /**
   * How a `"cardinal"` tumble picks the new heading. `"reverse-flick"` (default; the run-reverse-flick of marine
   * bacteria such as *Vibrio*): step back onto the better cell, then turn 90 degrees to a random side.
   * `"uniform"` (E. coli's tumble): a uniformly random one of the three other headings, from where it is.
   */
  tumble: z.enum(TUMBLE_MODES, { error: `one of ${TUMBLE_MODES.join(", ")}` }).default("reverse-flick"),
  /** Keep running while the concentration rose by more than this since the last step. A finite number >= 0. Default 0. */
  threshold: z.number({ error: "a finite number >= 0" }).min(0, { error: "a finite number >= 0" }).max(1e9, { error: "a finite number >= 0" }).default(0),
  /** With `explore` (the default), the probability of a uniformly random action instead. In [0, 1]. Default 0. */
  epsilon: z.number({ error: "a probability in [0, 1]" }).min(0, { error: "a probability in [0, 1]" }).max(1, { error: "a probability in [0, 1]" }).default(0),
  /** The Dict key of the odour part of a multi-modal observation. Default: the first of `odor`, `odour`, `concentration`, `antennae`. */
  odorKey: z.string({ error: "a Dict key" }).min(1, { error: "a Dict key" }).optional(),
  /** Which reading of the odour part to use (for an antenna array). Default 0. */
  sensorIndex: z.int({ error: "an integer >= 0" }).min(0, { error: "an integer >= 0" }).max(4096, { error: "an integer in [0, 4096]" }).default(0),
  /** Seed of the policy's generator until the first `reset({ seed })`. Default 0. */
  seed: policySeedOption,
});
export type TemporalGradientPolicyOptions = z.input<typeof TemporalGradientPolicyOptionsSchema>;

/**
 * Run-and-tumble on `dC = c(t) - c(t - 1)`, the change in concentration over the last step:
 *
 * - `"cardinal"` actions: the first action is a random heading; then the policy RUNs (keeps its heading) while
 *   `dC > threshold` and TUMBLEs otherwise. With `tumble: "reverse-flick"` (default) a tumble first steps back
 *   onto the cell it came from (the better one), then flicks 90 degrees to a random side and runs again; with
 *   `"uniform"` it turns to one of the three other headings at random. Walls read as `dC = 0`: the agent tumbles
 *   (without stepping back, as it did not move).
 * - `"run_tumble"` actions: RUN (0) while `dC > threshold` (and on the first step), TUMBLE (1) otherwise; the
 *   environment's `OrientedRunTumbleActions` draws the new heading.
 *
 * Why reverse-flick is the default: the default environment only ends an episode on the source cell itself. A
 * uniform tumble happens one cell past the best cell of a run, so the agent orbits the source and rarely steps
 * onto it (about 2% of 100 episodes, no better than random); stepping back first fixes that.
 *
 * Draws (`"cardinal"`): one `integers` for the first heading and one per tumble; none in `"run_tumble"` mode;
 * plus one `random()` per step when `epsilon > 0` and exploring.
 */
export class TemporalGradientPolicy extends BaselinePolicy {
  readonly actions: TemporalGradientActions;
  readonly tumble: TumbleMode;
  readonly threshold: number;
  readonly epsilon: number;
  readonly odorKey: string | undefined;
  readonly sensorIndex: number;
  readonly #space: Discrete;
  #previous: number | undefined = undefined;
  #heading = 0;
  /** True right after a reverse step: the next action is the flick. */
  #reversed = false;

  /** @throws ValidationError naming the bad option. */
  constructor(options: TemporalGradientPolicyOptions = {}) {
    const parsed = parseWithSchema(TemporalGradientPolicyOptionsSchema, options ?? {}, { what: "TemporalGradientPolicy options" });
    super(parsed.seed);
    this.actions = parsed.actions;
    this.tumble = parsed.tumble;
    this.threshold = parsed.threshold;
    this.epsilon = parsed.epsilon;
    this.odorKey = parsed.odorKey;
    this.sensorIndex = parsed.sensorIndex;
    this.#space = new Discrete(parsed.actions === "cardinal" ? 4 : 2);
  }

  get actionSpace(): Discrete {
    return this.#space;
  }

  /**
   * The next action for `observation` (its concentration reading; the observation is only read).
   * @throws ValidationError (`parameter` `"observation"`) when the observation has no odour reading at `sensorIndex`.
   */
  selectAction(observation: unknown, options?: SelectActionOptions): number {
    const explore = exploreOf(options);
    const readings = odorReadings(observation, this.odorKey, "TemporalGradientPolicy");
    if (this.sensorIndex >= readings.length) {
      throw ValidationError.invalid("observation", `at least ${this.sensorIndex + 1} odour readings (sensorIndex ${this.sensorIndex})`, observation);
    }
    const c = Number(readings[this.sensorIndex]);
    const previous = this.#previous;
    this.#previous = c;
    const dc = previous === undefined ? Number.NaN : c - previous;
    const rising = dc > this.threshold;
    const rng = this.rng;

    let action: number;
    if (this.actions === "run_tumble") {
      action = previous === undefined || rising ? 0 : 1;
    } else {
      if (previous === undefined) {
        this.#heading = rng.integers(0, 4);
      } else if (this.#reversed) {
        // Back on the better cell: flick 90 degrees to a random side.
        this.#reversed = false;
        this.#heading = perpendicular(this.#heading)[rng.integers(0, 2)] as number;
      } else if (!rising) {
        if (this.tumble === "reverse-flick" && dc < 0) {
          this.#reversed = true;
          this.#heading = opposite(this.#heading);
        } else {
          this.#heading = (this.#heading + 1 + rng.integers(0, 3)) % 4;
        }
      }
      action = this.#heading;
    }
    if (explore && this.epsilon > 0 && rng.random() < this.epsilon) {
      action = rng.integers(0, this.#space.n);
      if (this.actions === "cardinal") {
        this.#heading = action;
        this.#reversed = false;
      }
    }
    return action;
  }

  protected clearMemory(): void {
    this.#previous = undefined;
    this.#heading = 0;
    this.#reversed = false;
  }

  protected get metadataType(): string {
    return "temporal_gradient";
  }

  protected parameters(): JsonObject {
    return {
      actions: this.actions,
      tumble: this.tumble,
      threshold: this.threshold,
      epsilon: this.epsilon,
      sensor_index: this.sensorIndex,
      ...(this.odorKey !== undefined && { odor_key: this.odorKey }),
    };
  }

  protected override movementModel(): string {
    return this.actions === "cardinal" ? super.movementModel() : "run along the heading / tumble to a uniform(0, 360) heading, then run";
  }
}

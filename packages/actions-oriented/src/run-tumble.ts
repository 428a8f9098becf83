/**
 * `OrientedRunTumbleActions`: bacterial run-and-tumble (the reference's `OrientedRunTumbleActions`).
 * 0 RUN moves `stepSize` along the current heading; 1 TUMBLE draws a new heading `uniform(0, 360)` from the
 * environment's generator and then moves `stepSize` along it.
 */
import {
  parseWithSchema,
  roundHalfEven,
  type ActionMetadata,
  type ActionProcessor,
  type AgentBatch,
  type AgentState,
  type BatchActionProcessor,
  type BatchContext,
  type GridSize,
  type RandomGenerator,
  libm,
} from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";
import { DEG_TO_RAD, headingStepSizeSchema, invalidAction, stepAlongHeading, wrapDegrees } from "./heading.js";
import { assertRandomGenerator, missingBatchRng, missingRng } from "./rng.js";

/** The run-and-tumble actions by name. */
export const RunTumbleAction = Object.freeze({ RUN: 0, TUMBLE: 1 } as const);
export type RunTumbleAction = (typeof RunTumbleAction)[keyof typeof RunTumbleAction];

/** Action names in action order. */
export const RUN_TUMBLE_ACTION_NAMES: readonly string[] = Object.freeze(["RUN", "TUMBLE"]);

/** Options of `OrientedRunTumbleActions`. */
export const OrientedRunTumbleActionsOptionsSchema = z.strictObject({
  /** Cells moved per action along the (possibly new) heading, rounded per axis. Default 1. */
  stepSize: headingStepSizeSchema.default(1),
});
export type OrientedRunTumbleActionsOptions = z.input<typeof OrientedRunTumbleActionsOptionsSchema>;

/**
 * Run-and-tumble. `actionSpace` is `Discrete(2)`. Stochastic: every TUMBLE makes exactly one draw,
 * `rng.uniform(0, 360)`, from the generator injected with `setRng` (the environment's; it calls `setRng` on
 * every reset), so the same generator state and the same actions give the same trajectory. RUN draws nothing.
 */
export class OrientedRunTumbleActions implements ActionProcessor<number>, BatchActionProcessor {
  /** Cells moved per action. */
  readonly stepSize: number;
  readonly #space = new Discrete(2);
  #rng: RandomGenerator | undefined;

  /** @throws ValidationError (`parameter` `"stepSize"`, or the unknown key) for bad options. */
  constructor(options: OrientedRunTumbleActionsOptions = {}) {
    const { stepSize } = parseWithSchema(OrientedRunTumbleActionsOptionsSchema, options, {
      what: "OrientedRunTumbleActions options",
    });
    this.stepSize = stepSize;
  }

  /** `Discrete(2)`: the same instance on every read. */
  get actionSpace(): Discrete {
    return this.#space;
  }

  /** Uses `rng` (not a copy) for every later TUMBLE. @throws ValidationError (`parameter` `"rng"`) for a non-generator. */
  setRng(rng: RandomGenerator): void {
    assertRandomGenerator(rng);
    this.#rng = rng;
  }

  /**
   * The state after RUN or TUMBLE: a new `AgentState` (counters carried over). TUMBLE sets the orientation
   * to the drawn heading even when the move is blocked by a wall.
   * @throws ValidationError (`parameter` `"action"`) unless `action` is 0 or 1.
   * @throws StateError (`parameter` `"rng"`) for a TUMBLE before `setRng`.
   */
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw invalidAction(action, "0 (RUN) or 1 (TUMBLE)");
    let heading = currentState.orientation;
    if (action === RunTumbleAction.TUMBLE) {
      if (this.#rng === undefined) throw missingRng("OrientedRunTumbleActions", "a TUMBLE");
      heading = this.#rng.uniform(0, 360);
    }
    const position = stepAlongHeading(currentState.position, heading, this.stepSize, gridSize);
    return currentState.with({ position, orientation: heading });
  }

  /**
   * The batch form of `processAction` (the batch protocol of `@plume/core-types`), exactly as `processAction`
   * for each listed environment `i`: a TUMBLE draws its heading with `context.rngs[i].uniform(0, 360)` (one draw,
   * from environment `i`'s generator, the one `setRng` receives on the object path; RUN draws nothing), then
   * the agent moves `stepSize` along the heading (rounded ties to even, clamped per axis) and `orientation[i]`
   * becomes the heading. Actions must already be valid; nothing is allocated.
   */
  processActionBatch(
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    const step = this.stepSize;
    const rngs = context.rngs;
    const xs = agents.x;
    const ys = agents.y;
    const headings = agents.orientation;
    const maxX = context.gridWidth - 1;
    const maxY = context.gridHeight - 1;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      let heading = headings[i] as number;
      if (actions[i] === RunTumbleAction.TUMBLE) {
        const rng = rngs[i];
        if (rng === undefined) throw missingBatchRng("OrientedRunTumbleActions", "a TUMBLE", i);
        heading = rng.uniform(0, 360);
      }
      // stepAlongHeading, inline
      const rad = heading * DEG_TO_RAD;
      const x = roundHalfEven((xs[i] as number) + step * libm.cos(rad));
      const y = roundHalfEven((ys[i] as number) + step * libm.sin(rad));
      xs[i] = x < 0 ? 0 : x > maxX ? maxX : x;
      ys[i] = y < 0 ? 0 : y > maxY ? maxY : y;
      headings[i] = wrapDegrees(heading);
    }
  }

  /** `actionSpace.contains(action)`: 0 or 1. Never throws. */
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }

  getMetadata(): ActionMetadata {
    return {
      type: "oriented_run_tumble",
      modality: "run_tumble",
      parameters: { step_size: this.stepSize, n_actions: 2, action_names: [...RUN_TUMBLE_ACTION_NAMES] },
      movement_model: "run along the heading / tumble to a uniform(0, 360) heading, then run",
      orientation_dependent: true,
      stochastic: true,
    };
  }
}

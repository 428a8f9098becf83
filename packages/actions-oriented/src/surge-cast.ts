/**
 * `SurgeCastActions`: semantic anemotaxis over the four cardinal moves (the reference's
 * `SemanticAnemotaxisActionWrapper`, as an action processor rather than an env wrapper). 0 SURGE takes the
 * cardinal move that points most upwind; 1 CAST takes one of the other three, drawn from the environment's
 * generator. The chosen cardinal action (0 UP, 1 RIGHT, 2 DOWN, 3 LEFT) is then applied by the base processor.
 */
import {
  Coordinates,
  ValidationError,
  hasActionBatch,
  parseWithSchema,
  type ActionMetadata,
  type ActionProcessor,
  type AgentBatch,
  type AgentState,
  type BatchActionProcessor,
  type BatchContext,
  type GridSize,
  type PointLike,
  type RandomGenerator,
  type VectorField,
} from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";
import { invalidAction } from "./heading.js";
import { assertRandomGenerator, missingBatchRng, missingRng } from "./rng.js";

/** The semantic actions by name. */
export const SurgeCastAction = Object.freeze({ SURGE: 0, CAST: 1 } as const);
export type SurgeCastAction = (typeof SurgeCastAction)[keyof typeof SurgeCastAction];

/** Action names in action order. */
export const SURGE_CAST_ACTION_NAMES: readonly string[] = Object.freeze(["SURGE", "CAST"]);

/** The cardinal primitives the semantic actions map to: 0 UP (0, +1), 1 RIGHT, 2 DOWN, 3 LEFT. */
const PRIMITIVE_VECTORS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];
/** `PRIMITIVE_VECTORS` as per-axis tables, for the batch path. */
const PRIMITIVE_X = Float64Array.from(PRIMITIVE_VECTORS, (v) => v[0]);
const PRIMITIVE_Y = Float64Array.from(PRIMITIVE_VECTORS, (v) => v[1]);
const UP = 0;
const CAST = 1;
/** The reference treats an upwind vector shorter than this as "no wind" (and surges UP). */
const MIN_WIND_MAGNITUDE = 1e-8;

function isCardinalProcessor(value: unknown): value is ActionProcessor<number> {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Partial<ActionProcessor<number>>;
  const space = candidate.actionSpace;
  return (
    typeof candidate.processAction === "function" &&
    typeof candidate.validateAction === "function" &&
    space !== null &&
    typeof space === "object" &&
    typeof space.contains === "function" &&
    [0, 1, 2, 3].every((a) => space.contains(a)) &&
    !space.contains(-1) &&
    !space.contains(4)
  );
}

/**
 * The cardinal action that points most upwind for the float32 wind `(wx, wy)`: with `u = -wind`, the primitive
 * with the largest float32 `v . u` (the first on ties); UP when `|u| < 1e-8`. Shared by both paths.
 */
function upwindOf(wx: number, wy: number): number {
  const fround = Math.fround;
  const ux = fround(-wx);
  const uy = fround(-wy);
  const magnitude = fround(Math.sqrt(fround(fround(ux * ux) + fround(uy * uy))));
  if (magnitude < MIN_WIND_MAGNITUDE) return UP;
  let best = 0;
  let bestScore = -Infinity;
  for (let index = 0; index < 4; index++) {
    const score = fround((PRIMITIVE_X[index] as number) * ux + (PRIMITIVE_Y[index] as number) * uy);
    if (score > bestScore) {
      bestScore = score;
      best = index;
    }
  }
  return best;
}

function isVectorField(value: unknown): value is VectorField {
  return value !== null && typeof value === "object" && typeof (value as VectorField).sample === "function";
}

/** Options of `SurgeCastActions`. */
export const SurgeCastActionsOptionsSchema = z
  .strictObject({
    /** Cells per cardinal move of the built-in base (positive integer, default 1). Not allowed together with `base`. */
    stepSize: z
      .int({ error: "a positive integer (cells per move)" })
      .min(1, { error: "a positive integer (cells per move)" })
      .max(Number.MAX_SAFE_INTEGER, { error: "a positive integer (cells per move)" })
      .optional(),
    /** The cardinal processor that applies the chosen move: any `ActionProcessor` over `Discrete(4)` (0 UP, 1 RIGHT, 2 DOWN, 3 LEFT). Default: the built-in cardinal moves of `stepSize` cells. */
    base: z
      .custom<ActionProcessor<number>>(isCardinalProcessor, {
        error: "an ActionProcessor whose actionSpace is Discrete(4) (UP, RIGHT, DOWN, LEFT), e.g. DiscreteGridActions",
      })
      .optional(),
    /** The wind to read; without one (and until `setWindField`) SURGE is UP. Default: none. */
    windField: z.custom<VectorField>(isVectorField, { error: "a VectorField (an object with sample(position))" }).optional(),
  })
  .superRefine((options, ctx) => {
    if (options.base !== undefined && options.stepSize !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["stepSize"],
        message: "no stepSize when a base processor is given (the base decides the step)",
        input: options.stepSize,
      });
    }
  });
export type SurgeCastActionsOptions = z.input<typeof SurgeCastActionsOptionsSchema>;

/**
 * Surge upwind / cast crosswind over cardinal moves. `actionSpace` is `Discrete(2)`.
 *
 * - The wind is `windField.sample(currentState.position)` read as float32; a missing field, a sample that is
 *   not two finite numbers, or a sample that throws counts as no wind (as in the reference).
 * - SURGE: with `u = -wind`, the primitive with the largest `v . u` over UP (0, 1), RIGHT (1, 0), DOWN (0, -1),
 *   LEFT (-1, 0) (the first on ties); UP when `|u| < 1e-8`.
 * - CAST: the three other primitives in action order, one picked with `rng.integers(0, 3)` from the generator
 *   injected with `setRng` (one draw per CAST; SURGE draws nothing).
 */
export class SurgeCastActions implements ActionProcessor<number> {
  /** Cells per move of the built-in cardinal base (undefined when a custom `base` is used). */
  readonly stepSize: number | undefined;
  readonly #space = new Discrete(2);
  readonly #base: ActionProcessor<number> | undefined;
  /** `#base` when it has `processActionBatch` (the batch path then delegates the moves to it). */
  readonly #batchBase: BatchActionProcessor | undefined;
  #windField: VectorField | undefined;
  #rng: RandomGenerator | undefined;
  /** The point handed to the wind field by the batch path (reused: no allocation per environment). */
  readonly #point = { x: 0, y: 0 };
  /** The batch path's cardinal actions for a custom base, one per environment (allocated once per batch size). */
  #primitives: Float64Array | undefined;

  /**
   * The batch form of `processAction` (the batch protocol of `@plume/core-types`). Present with the built-in
   * cardinal base, and with a custom `base` that has `processActionBatch` itself (which then applies the chosen
   * moves); absent otherwise. For each listed environment `i`, exactly as `processAction`: the wind is this
   * processor's own wind field (`windField`, the one `processAction` reads) sampled at `(x[i], y[i])`; a CAST
   * draws `context.rngs[i].integers(0, 3)` (one draw from environment `i`'s generator; SURGE draws nothing).
   * Actions must already be valid; nothing is allocated per call.
   */
  declare readonly processActionBatch?: BatchActionProcessor["processActionBatch"];

  /** @throws ValidationError naming the bad option (`"stepSize"`, `"base"`, `"windField"`, or an unknown key). */
  constructor(options: SurgeCastActionsOptions = {}) {
    const parsed = parseWithSchema(SurgeCastActionsOptionsSchema, options, { what: "SurgeCastActions options" });
    this.#base = parsed.base;
    this.stepSize = parsed.base === undefined ? (parsed.stepSize ?? 1) : undefined;
    this.#windField = parsed.windField;
    const base = parsed.base;
    this.#batchBase = hasActionBatch(base) ? base : undefined;
    if (base === undefined || this.#batchBase !== undefined) {
      const batch: BatchActionProcessor["processActionBatch"] = (actions, agents, context, indices, count) =>
        this.#processActionBatch(actions, agents, context, indices, count);
      Object.defineProperty(this, "processActionBatch", {
        value: batch,
        enumerable: false,
        writable: false,
        configurable: false,
      });
    }
  }

  /** `Discrete(2)`: the same instance on every read. */
  get actionSpace(): Discrete {
    return this.#space;
  }

  /** The wind field read by SURGE (`undefined` = no wind). */
  get windField(): VectorField | undefined {
    return this.#windField;
  }

  /** Replaces the wind field (`undefined` removes it). @throws ValidationError (`parameter` `"windField"`). */
  setWindField(windField: VectorField | undefined): void {
    if (windField !== undefined && !isVectorField(windField)) {
      throw ValidationError.invalid("windField", "a VectorField (an object with sample(position)) or undefined", windField);
    }
    this.#windField = windField;
  }

  /**
   * Uses `rng` (not a copy) for every later CAST, and forwards it to the base processor when that has `setRng`.
   * @throws ValidationError (`parameter` `"rng"`) for a non-generator.
   */
  setRng(rng: RandomGenerator): void {
    assertRandomGenerator(rng);
    this.#rng = rng;
    this.#base?.setRng?.(rng);
  }

  /** The cardinal action that points most upwind at `position` (0 UP, 1 RIGHT, 2 DOWN, 3 LEFT). Draws nothing. */
  upwindAction(position: PointLike): number {
    const wind = this.#sampleWind(position);
    return upwindOf(wind[0], wind[1]);
  }

  /**
   * The cardinal action for semantic `action` at `currentState`'s position. A CAST draws from the generator.
   * @throws ValidationError (`parameter` `"action"`) unless `action` is 0 or 1.
   * @throws StateError (`parameter` `"rng"`) for a CAST before `setRng`.
   */
  primitiveAction(action: number, currentState: AgentState): number {
    if (!this.validateAction(action)) throw invalidAction(action, "0 (SURGE) or 1 (CAST)");
    const upwind = this.upwindAction(currentState.position);
    if (action === SurgeCastAction.SURGE) return upwind;
    if (this.#rng === undefined) throw missingRng("SurgeCastActions", "a CAST");
    const candidates = [0, 1, 2, 3].filter((a) => a !== upwind);
    return candidates[this.#rng.integers(0, candidates.length)] as number;
  }

  /**
   * The state after the chosen cardinal move (a new `AgentState`; counters carried over).
   * @throws ValidationError (`parameter` `"action"`) unless `action` is 0 or 1.
   * @throws StateError (`parameter` `"rng"`) for a CAST before `setRng`.
   */
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    const primitive = this.primitiveAction(action, currentState);
    if (this.#base !== undefined) return this.#base.processAction(primitive, currentState, gridSize);
    const s = this.stepSize as number;
    const [vx, vy] = PRIMITIVE_VECTORS[primitive] as readonly [number, number];
    const { x, y } = currentState.position;
    return currentState.withPosition(
      new Coordinates(
        Math.max(0, Math.min(x + vx * s, gridSize.width - 1)),
        Math.max(0, Math.min(y + vy * s, gridSize.height - 1)),
      ),
    );
  }

  /** `actionSpace.contains(action)`: 0 or 1. Never throws. */
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }

  getMetadata(): ActionMetadata {
    const base = this.#base?.getMetadata();
    return {
      type: "surge_cast",
      modality: "semantic_anemotaxis",
      parameters: {
        n_actions: 2,
        action_names: [...SURGE_CAST_ACTION_NAMES],
        primitive_actions: ["UP", "RIGHT", "DOWN", "LEFT"],
        ...(this.stepSize !== undefined && { step_size: this.stepSize }),
        ...(base !== undefined && { base: base.type }),
        wind: this.#windField !== undefined,
      },
      movement_model: "surge: most upwind cardinal move; cast: one of the other three at random",
      orientation_dependent: base?.orientation_dependent ?? false,
      stochastic: true,
    };
  }

  #processActionBatch(
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    const field = this.#windField;
    const point = this.#point;
    const rngs = context.rngs;
    const base = this.#batchBase;
    const fround = Math.fround;
    const xs = agents.x;
    const ys = agents.y;
    let primitives = this.#primitives;
    if (base !== undefined && (primitives === undefined || primitives.length !== agents.size)) {
      primitives = new Float64Array(agents.size);
      this.#primitives = primitives;
    }
    const s = this.stepSize ?? 1;
    const maxX = context.gridWidth - 1;
    const maxY = context.gridHeight - 1;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const x = xs[i] as number;
      const y = ys[i] as number;
      // #sampleWind, inline: no wind for a missing field or a sample that is not two finite numbers or throws
      let wx = 0;
      let wy = 0;
      if (field !== undefined) {
        point.x = x;
        point.y = y;
        try {
          const raw = field.sample(point) as ArrayLike<number> | undefined;
          if (raw !== undefined && raw !== null && raw.length === 2) {
            const vx = fround(Number(raw[0]));
            const vy = fround(Number(raw[1]));
            if (Number.isFinite(vx) && Number.isFinite(vy)) {
              wx = vx;
              wy = vy;
            }
          }
        } catch {
          // no wind, as on the object path
        }
      }
      const upwind = upwindOf(wx, wy);
      let primitive = upwind;
      if (actions[i] === CAST) {
        const rng = rngs[i];
        if (rng === undefined) throw missingBatchRng("SurgeCastActions", "a CAST", i);
        // the three other actions in order: [0, 1, 2, 3] without `upwind`, indexed by the draw
        const draw = rng.integers(0, 3);
        primitive = draw < upwind ? draw : draw + 1;
      }
      if (primitives !== undefined) {
        primitives[i] = primitive;
      } else {
        const nx = x + (PRIMITIVE_X[primitive] as number) * s;
        const ny = y + (PRIMITIVE_Y[primitive] as number) * s;
        xs[i] = nx < 0 ? 0 : nx > maxX ? maxX : nx;
        ys[i] = ny < 0 ? 0 : ny > maxY ? maxY : ny;
      }
    }
    if (base !== undefined && primitives !== undefined) {
      base.processActionBatch(primitives, agents, context, indices, count);
    }
  }

  #sampleWind(position: PointLike): readonly [number, number] {
    const field = this.#windField;
    if (field === undefined) return [0, 0];
    try {
      const raw = field.sample(position) as ArrayLike<number> | undefined;
      if (raw === undefined || raw === null || raw.length !== 2) return [0, 0];
      const vx = Math.fround(Number(raw[0]));
      const vy = Math.fround(Number(raw[1]));
      return Number.isFinite(vx) && Number.isFinite(vy) ? [vx, vy] : [0, 0];
    } catch {
      return [0, 0];
    }
  }
}

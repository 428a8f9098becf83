/**
 * `PlumeSearchEnv`: seed 001's environment. Same dynamics as `PlumeEnv` (same start draws, rewards,
 * termination, info), observed as the Dict
 * `{ agent_position: int32[2], concentration_field: float32[H, W], source_location: int32[2] }`.
 */
import {
  GridSize,
  StateError,
  ValidationError,
  ndarray,
  parseWithSchema,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
  type ReadonlyFloat32Array,
} from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import * as z from "zod";
import { GaussianPlume, denseFieldOf, forgetGaussianField } from "../plume/gaussian.js";
import { assertWithinMemoryBudget } from "../memory-budget.js";
import { PLUME_ENV_DEFAULTS, PlumeEnv, PlumeEnvOptionsSchema, type PlumeEnvOptions } from "./plume-env.js";

/** How the full-field observation is made: `"copy"` (a fresh clipped copy per observation) or `"shared"`. */
export const FIELD_OBSERVATION_MODES = Object.freeze(["copy", "shared"] as const);
/** `"copy"` or `"shared"`: see `PlumeSearchEnv`. */
export type FieldObservationMode = (typeof FIELD_OBSERVATION_MODES)[number];

/** The `fieldObservation` option: `"copy"` or `"shared"`. */
export const fieldObservationSchema = z.enum(FIELD_OBSERVATION_MODES, {
  error: `one of ${FIELD_OBSERVATION_MODES.map((m) => JSON.stringify(m)).join(", ")}`,
});

/** One observation of `PlumeSearchEnv`. */
export interface PlumeSearchObservation {
  /** `[x, y]` of the agent. */
  readonly agent_position: NDArray<"int32">;
  /** The whole concentration field, shape `[height, width]`, values in [0, 1]. */
  readonly concentration_field: NDArray<"float32">;
  /** `[x, y]` of the source (the goal). */
  readonly source_location: NDArray<"int32">;
}

/** A float32 `NDArray` whose data must not be written (the shared field). */
export interface ReadonlyFloat32NDArray {
  readonly dtype: "float32";
  readonly shape: readonly number[];
  readonly data: ReadonlyFloat32Array;
}

/**
 * An observation of `PlumeSearchEnv` with `fieldObservation: "shared"`: `concentration_field.data` is the
 * plume's own field (the same array on every step and reset), typed read-only.
 */
export interface SharedPlumeSearchObservation extends Omit<PlumeSearchObservation, "concentration_field"> {
  /** The whole concentration field, shape `[height, width]`, values in [0, 1]: shared, read-only. */
  readonly concentration_field: ReadonlyFloat32NDArray;
}

/** The observation type of a field observation mode. */
export type PlumeSearchObservationOf<Mode extends FieldObservationMode> = Mode extends "shared"
  ? SharedPlumeSearchObservation
  : PlumeSearchObservation;

type SearchSpace = Dict<{
  agent_position: Box<"int32">;
  concentration_field: Box<"float32">;
  source_location: Box<"int32">;
}>;

/** Options of `PlumeSearchObservationModel`. */
export const PlumeSearchObservationModelOptionsSchema = z.strictObject({
  /** `"copy"` (default) or `"shared"`: see `PlumeSearchEnv`. */
  fieldObservation: fieldObservationSchema.optional(),
});
/** What `new PlumeSearchObservationModel(gridSize, options)` accepts. */
export interface PlumeSearchObservationModelOptions<Mode extends FieldObservationMode = FieldObservationMode> {
  readonly fieldObservation?: Mode | undefined;
}

/**
 * A checksum of a field's bits: four lane sums over the int32 view (a change of any single element
 * changes its lane's sum) and a running mix of them (order-sensitive), computed in one pass.
 */
type FieldChecksum = readonly [number, number, number, number, number];

function checksum(field: Float32Array): FieldChecksum {
  const bits = new Int32Array(field.buffer, field.byteOffset, field.length);
  const n = bits.length;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let mix = 0;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    a = (a + (bits[i] as number)) | 0;
    b = (b + (bits[i + 1] as number)) | 0;
    c = (c + (bits[i + 2] as number)) | 0;
    d = (d + (bits[i + 3] as number)) | 0;
    mix = (mix + (a ^ (b << 7)) + (c ^ (d << 13))) | 0;
  }
  for (; i < n; i++) a = (a + (bits[i] as number)) | 0;
  return [a, b, c, d, mix];
}

function sameChecksum(x: FieldChecksum, y: FieldChecksum): boolean {
  return x[0] === y[0] && x[1] === y[1] && x[2] === y[2] && x[3] === y[3] && x[4] === y[4];
}

/** Clips `field` into [0, 1] (NaN becomes 0), as the reference's `np.clip` copy does. */
function clipInto(out: Float32Array, field: ArrayLike<number>): Float32Array {
  for (let i = 0; i < out.length; i++) {
    const v = field[i] as number;
    out[i] = v > 1 ? 1 : v >= 0 ? v : 0;
  }
  return out;
}

/** Whether every element of `field` is already in [0, 1] (NaN is not). */
function withinUnitInterval(field: Float32Array): boolean {
  for (let i = 0; i < field.length; i++) {
    const v = field[i] as number;
    if (!(v >= 0 && v <= 1)) return false;
  }
  return true;
}

/** The shared view of one static field. */
interface SharedField {
  /** The plume's field. */
  readonly source: Float32Array;
  /** What observations expose: `source` itself, or its clipped copy made once when it leaves [0, 1]. */
  readonly view: NDArray<"float32">;
  /** Checksums taken when the field was first shared. */
  readonly sourceChecksum: FieldChecksum;
  /** The clipped copy's (undefined when `view.data` is `source`). */
  readonly copyChecksum: FieldChecksum | undefined;
}

// One shared view per field, whichever env or model asks first: 1024 envs over one plume field check its
// range, checksum it (and clip it, if needed) once, not 1024 times. Weak: dropped with the field.
const sharedFields = new WeakMap<Float32Array, SharedField>();

function sharedFieldOf(field: Float32Array, width: number, height: number): SharedField {
  const known = sharedFields.get(field);
  if (known !== undefined) {
    const [h, w] = known.view.shape;
    // (A model over another grid of the same size reads the same data with its own shape.)
    return h === height && w === width ? known : { ...known, view: ndarray("float32", [height, width], known.view.data) };
  }
  const inRange = withinUnitInterval(field);
  const data = inRange ? field : clipInto(new Float32Array(field.length), field);
  const shared: SharedField = {
    source: field,
    view: ndarray("float32", [height, width], data),
    sourceChecksum: checksum(field),
    copyChecksum: inRange ? undefined : checksum(data),
  };
  sharedFields.set(field, shared);
  return shared;
}

/**
 * The observation model behind `PlumeSearchEnv`: reads `agent_state`, `plume_field`, `goal_location`
 * and `grid_size`.
 *
 * - `fieldObservation: "copy"` (default): every `concentration_field` is a fresh copy of the field
 *   clipped to [0, 1] (no buffer is shared between observations).
 * - `fieldObservation: "shared"`: for a static field — the env's plume is a `GaussianPlume` and
 *   `plume_field` is its `fieldArray` — `concentration_field.data` is that array itself (or, if it is not
 *   already within [0, 1], one clipped copy made once per field), the same array on every observation.
 *   It is read-only: `reset()` verifies a checksum taken when the field was first shared and throws
 *   `StateError` (parameter `concentration_field`) if it was modified. For any other field the model
 *   copies, as in `"copy"` mode.
 */
export class PlumeSearchObservationModel<Mode extends FieldObservationMode = "copy">
  implements ObservationModel<PlumeSearchObservationOf<Mode>>
{
  readonly #grid: GridSize;
  readonly #space: SearchSpace;
  readonly #mode: Mode;
  #shared: SharedField | undefined;

  /** @throws ValidationError naming a bad option (`fieldObservation`, or an unknown key). */
  constructor(gridSize: GridSize, options: PlumeSearchObservationModelOptions<Mode> = {}) {
    const parsed = parseWithSchema(PlumeSearchObservationModelOptionsSchema, options ?? {}, {
      what: "PlumeSearchObservationModel options",
    });
    this.#grid = gridSize;
    this.#mode = (parsed.fieldObservation ?? "copy") as Mode;
    const { width, height } = gridSize;
    const position = () => new Box({ low: [0, 0], high: [width - 1, height - 1], shape: [2], dtype: "int32" });
    this.#space = new Dict({
      agent_position: position(),
      concentration_field: new Box({ low: 0, high: 1, shape: [height, width], dtype: "float32" }),
      source_location: position(),
    });
  }

  /** `Dict(agent_position: Box(0, [W-1, H-1], (2,), int32), concentration_field: Box(0, 1, (H, W), float32), source_location: ...)`. */
  get observationSpace(): SearchSpace {
    return this.#space;
  }

  /** `"copy"` or `"shared"`. */
  get fieldObservation(): Mode {
    return this.#mode;
  }

  /**
   * In `"shared"` mode, prepares the shared view of `plume`'s static field now (range check, the clipped
   * copy when needed, the checksum) instead of on the first observation. Does nothing in `"copy"` mode.
   */
  shareField(plume: GaussianPlume): void {
    if (this.#mode === "shared") this.#sharedView(denseFieldOf(plume) as Float32Array);
  }

  getObservation(envState: EnvState): PlumeSearchObservationOf<Mode> {
    const { width, height } = this.#grid;
    const field = envState.plume_field;
    const plume = envState.concentration_field;
    const concentration =
      this.#mode === "shared" && plume instanceof GaussianPlume && field === denseFieldOf(plume) && field.length === width * height
        ? this.#sharedView(field)
        : ndarray("float32", [height, width], clipInto(new Float32Array(width * height), field));
    const agent = envState.agent_state.position;
    const goal = envState.goal_location;
    return {
      agent_position: ndarray("int32", [2], Int32Array.of(agent.x, agent.y)),
      concentration_field: concentration,
      source_location: ndarray("int32", [2], Int32Array.of(goal.x, goal.y)),
    } as PlumeSearchObservationOf<Mode>;
  }

  /**
   * In `"shared"` mode, verifies that the shared field (and the plume field it came from) still has the
   * checksum taken when it was first shared.
   * @throws StateError (`parameter` `"concentration_field"`) if it was modified. The modified field is also
   * dropped from `GaussianPlume`'s cache, so plumes created afterwards compute a correct one.
   */
  reset(): void {
    const shared = this.#shared;
    if (shared === undefined) return;
    const sourceChanged = !sameChecksum(checksum(shared.source), shared.sourceChecksum);
    const copyChanged = shared.copyChecksum !== undefined && !sameChecksum(checksum(shared.view.data), shared.copyChecksum);
    if (!sourceChanged && !copyChanged) return;
    forgetGaussianField(shared.source);
    throw new StateError(
      'the shared concentration_field was modified: with fieldObservation "shared" every observation exposes the plume\'s field ' +
        'itself, which must never be written (copy its data before changing it, or use fieldObservation "copy")',
      {
        parameter: "concentration_field",
        expected: "the field unchanged since it was first observed",
        received: `a modified ${sourceChanged ? "plume field" : "clipped field"} (checksum mismatch)`,
      },
    );
  }

  getMetadata(): ObservationMetadata {
    return {
      type: "plume_search_observation",
      modality: "composite",
      parameters: { grid_size: this.#grid.toTuple(), field_observation: this.#mode },
      required_state_keys: ["agent_state", "plume_field", "goal_location", "grid_size"],
    };
  }

  /** The shared `concentration_field` of the static field `field` (made and checksummed once per field). */
  #sharedView(field: Float32Array): NDArray<"float32"> {
    const current = this.#shared;
    if (current !== undefined && current.source === field) return current.view;
    const shared = sharedFieldOf(field, this.#grid.width, this.#grid.height);
    this.#shared = shared;
    return shared.view;
  }
}

/** A plume's `gridSize` as a `GridSize`, or undefined when it has none (PlumeEnv then rejects or defaults). */
function plumeGrid(value: unknown): GridSize | undefined {
  const { width, height } = (value ?? {}) as { width?: unknown; height?: unknown };
  if (typeof width !== "number" || typeof height !== "number") return undefined;
  try {
    return new GridSize(width, height);
  } catch {
    return undefined;
  }
}

/** Options of `PlumeSearchEnv`: those of `PlumeEnv` without `sensor` (the observation is fixed), plus `fieldObservation`. */
export const PlumeSearchEnvOptionsSchema = PlumeEnvOptionsSchema.omit({ sensor: true }).extend({
  /**
   * `"copy"` (default): every observation holds a fresh clipped copy of the field. `"shared"`: every
   * observation holds the plume's own field, read-only (a `GaussianPlume` is required).
   */
  fieldObservation: fieldObservationSchema.optional(),
});
export type PlumeSearchEnvOptions<Act = number, Mode extends FieldObservationMode = FieldObservationMode> = Omit<
  PlumeEnvOptions<PlumeSearchObservation, Act>,
  "sensor"
> & {
  readonly fieldObservation?: Mode | undefined;
};

/**
 * Seed 001's `PlumeSearchEnv`: `Discrete(4)` actions by default and the Dict observation.
 *
 * ```ts
 * const env = new PlumeSearchEnv({ gridSize: [32, 32] });
 * const [obs] = env.reset({ seed: 42 });
 * obs.agent_position.data; // Int32Array [x, y]
 * ```
 *
 * **`fieldObservation`** decides how `concentration_field` is made:
 *
 * - `"copy"` (default, the reference's behaviour): every observation holds a fresh copy of the field,
 *   clipped to [0, 1]. Costs `width * height` floats per step (16 MB per step on a 2048x2048 grid).
 * - `"shared"`: every observation's `concentration_field.data` is the plume's `fieldArray` itself — the
 *   same array on every step and reset, and shared with every `GaussianPlume` of the same grid, source
 *   and sigma (so with every env built from them). Nothing is copied per step. Requires a static field:
 *   the plume must be a `GaussianPlume` (the default). The field is checked once, when the env is built:
 *   if it is not already within [0, 1], one clipped copy is made then and shared instead.
 *
 * In `"shared"` mode the data is **read-only**. JavaScript cannot freeze typed arrays, so this is
 * enforced in two ways: the type (`SharedPlumeSearchObservation`, whose `concentration_field.data` is a
 * `ReadonlyFloat32Array`), and tampering detection: a checksum of the field is taken once, when it is
 * first shared, and verified on every `reset`; if the field was modified, `reset` throws `StateError`
 * with `parameter` `"concentration_field"` (and the modified field is dropped from the plume cache, so
 * plumes created afterwards are correct; plumes and envs already holding it are not repaired). The check
 * reads the whole field once per reset (a few milliseconds at 2048x2048), not per step. Copy the data
 * (`Float32Array.from(obs.concentration_field.data)`) before changing it.
 */
export class PlumeSearchEnv<Act = number, Mode extends FieldObservationMode = "copy"> extends PlumeEnv<
  PlumeSearchObservationOf<Mode>,
  Act
> {
  /**
   * @throws ValidationError naming the bad option (a `sensor` option is rejected: the observation is fixed;
   * `fieldObservation` must be `"copy"` or `"shared"`, and `"shared"` needs a `GaussianPlume`).
   */
  constructor(options: PlumeSearchEnvOptions<Act, Mode> = {}) {
    const parsed: z.output<typeof PlumeSearchEnvOptionsSchema> = parseWithSchema(PlumeSearchEnvOptionsSchema, options ?? {}, {
      what: "PlumeSearchEnv options",
    });
    const mode = parsed.fieldObservation ?? "copy";
    if (mode === "shared" && parsed.plume !== undefined && !(parsed.plume instanceof GaussianPlume)) {
      throw ValidationError.invalid(
        "fieldObservation",
        `"copy" for a plume that is not a GaussianPlume ("shared" needs a static GaussianPlume field)`,
        mode,
      );
    }
    // The grid as PlumeEnv resolves it: `gridSize`, else the injected plume's grid, else the default.
    const grid = parsed.gridSize ?? plumeGrid(parsed.plume?.gridSize) ?? new GridSize(...PLUME_ENV_DEFAULTS.gridSize);
    // The float32 field and, in copy mode, the fresh copy in each observation (the reset's, the step's and the
    // one a caller still holds); in shared mode at most one clipped copy.
    const cells = grid.width * grid.height;
    assertWithinMemoryBudget(4 * cells * (mode === "shared" ? 2 : 4), `a ${grid.width}x${grid.height} PlumeSearchEnv (fieldObservation "${mode}")`, "gridSize", [grid.width, grid.height]);
    const sensor = new PlumeSearchObservationModel<Mode>(grid, { fieldObservation: mode as Mode });
    const { fieldObservation: _mode, ...rest } = (options ?? {}) as PlumeSearchEnvOptions<Act, Mode>;
    super({ ...(rest as PlumeEnvOptions<PlumeSearchObservationOf<Mode>, Act>), sensor });
    if (this.plume instanceof GaussianPlume) sensor.shareField(this.plume);
  }

  override toString(): string {
    return super.toString().replace(/^PlumeEnv/, "PlumeSearchEnv");
  }
}

/**
 * Component metadata: plain JSON objects (no functions, typed arrays, class instances, NaN, Infinity,
 * bigint or cycles), so that they survive `JSON.parse(JSON.stringify(m))` unchanged. Keys keep the
 * contract's snake_case spelling. Omit a key rather than setting it to `undefined`.
 */
import type { CoordinatesData } from "./coordinates.js";

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | readonly JsonValue[] | JsonObject;
/** A JSON object. `undefined` is allowed only so that optional keys type-check; JSON drops such keys. */
export interface JsonObject {
  readonly [key: string]: JsonValue | undefined;
}

/** What every component's `getMetadata()` returns. */
export interface ComponentMetadata extends JsonObject {
  /** The component type, e.g. `"concentration_sensor"` or `"discrete_grid"`. */
  readonly type: string;
  /** The component's configuration. */
  readonly parameters?: JsonObject;
}

/** `ObservationModel.getMetadata()`. */
export interface ObservationMetadata extends ComponentMetadata {
  /** Sensory modality: `"olfactory"`, `"mechanosensory"`, `"composite"`, ... */
  readonly modality?: string;
  /** The env-state keys the sensor reads; it must work on a state holding only these keys. */
  readonly required_state_keys?: readonly string[];
  /** Keys read when present; the observation stays valid when any of them is absent. */
  readonly optional_state_keys?: readonly string[];
}

/** `ActionProcessor.getMetadata()`. */
export interface ActionMetadata extends ComponentMetadata {
  /** Description of the movement semantics, e.g. `"cardinal_directions"`. */
  readonly movement_model?: string;
  readonly modality?: string;
  /** True when `processAction` may change `orientation`. */
  readonly orientation_dependent?: boolean;
}

/** `RewardFunction.getMetadata()`. */
export interface RewardMetadata extends ComponentMetadata {
  /** Inclusive bounds that every reward lies in. */
  readonly reward_range?: readonly [low: number, high: number];
  /** Goal cell and radius: the goal reward is given exactly when `distance(next, goal) <= goal_radius`. */
  readonly goal_position?: CoordinatesData;
  readonly goal_radius?: number;
  /** True when the reward depends on earlier calls; such a function must offer `reset()`. */
  readonly stateful?: boolean;
}

/** `ConcentrationField.getMetadata()` / `VectorField.getMetadata()`. */
export interface FieldMetadata extends ComponentMetadata {
  /** The source cell (Gaussian plumes). */
  readonly source_location?: CoordinatesData;
  /** Gaussian dispersion (Gaussian plumes). */
  readonly sigma?: number;
  /** The value `sample` returns off the grid; 0 when omitted. */
  readonly out_of_bounds_value?: number;
}

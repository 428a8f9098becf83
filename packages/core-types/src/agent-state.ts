/**
 * `AgentState`: the agent's position, heading and episode counters, as an immutable value.
 * Field names keep the contract's spelling (`step_count`, `total_reward`, `goal_reached`) so that the
 * JSON form round-trips with the Python reference. Every "change" returns a new instance.
 */
import * as z from "zod";
import { Coordinates, coordinatesDataSchema, type CoordinatesData, type CoordinatesInput } from "./coordinates.js";
import { normalizeOrientation } from "./orientation.js";
import { parseWithSchema } from "./validation.js";

/** Constructor input. Omitted (or `undefined`) fields take their defaults: 0, 0, 0, false. */
export interface AgentStateInit {
  /** A `Coordinates`, `[x, y]` or `{ x, y }` with integer members. */
  readonly position: Coordinates | CoordinatesInput;
  /** Heading in degrees (0 = +x, 90 = +y); any finite value, normalised into [0, 360). */
  readonly orientation?: number | undefined;
  /** Steps taken in the episode: a non-negative integer. */
  readonly step_count?: number | undefined;
  /** Reward accumulated in the episode: any finite number (step penalties make it negative). */
  readonly total_reward?: number | undefined;
  /** Whether the goal was reached in this episode. */
  readonly goal_reached?: boolean | undefined;
}

/** The JSON form (`toJSON`), keyed as the reference's `AgentState.to_dict()` plus `orientation`. */
export interface AgentStateData {
  readonly position: CoordinatesData;
  readonly orientation: number;
  readonly step_count: number;
  readonly total_reward: number;
  readonly goal_reached: boolean;
}

const nonNegativeInteger = "a non-negative integer";

/**
 * Schema of the plain-data form of an agent state (`AgentStateData`, or an `AgentStateInit` with plain
 * position). Fills defaults; rejects unknown keys. The output holds `position` as `{ x, y }` and the
 * orientation as given (the constructor normalises it).
 */
export const agentStateDataSchema = z.strictObject({
  position: coordinatesDataSchema,
  orientation: z.number({ error: "a finite number of degrees" }).default(0),
  step_count: z
    .int({ error: nonNegativeInteger })
    .min(0, { error: nonNegativeInteger })
    .default(0),
  total_reward: z.number({ error: "a finite number" }).default(0),
  goal_reached: z.boolean({ error: "a boolean" }).default(false),
});

/** Schema that parses the plain-data form into an `AgentState`. */
export const agentStateSchema = agentStateDataSchema.transform((d) => new AgentState(d));

const INIT_KEYS: ReadonlySet<string> = new Set(["position", "orientation", "step_count", "total_reward", "goal_reached"]);

function hasOnlyInitKeys(value: object): boolean {
  for (const key in value) if (!INIT_KEYS.has(key)) return false;
  return true;
}

/**
 * The fast check for the common case (a `Coordinates` position and valid primitives). It accepts a
 * subset of what `agentStateDataSchema` accepts, so anything else takes the schema path.
 */
function isCanonical(init: AgentStateInit): boolean {
  if (init === null || typeof init !== "object" || !hasOnlyInitKeys(init)) return false;
  const { position, orientation, step_count, total_reward, goal_reached } = init;
  return (
    position instanceof Coordinates &&
    (orientation === undefined || (typeof orientation === "number" && Number.isFinite(orientation))) &&
    (step_count === undefined || (Number.isSafeInteger(step_count) && step_count >= 0)) &&
    (total_reward === undefined || (typeof total_reward === "number" && Number.isFinite(total_reward))) &&
    (goal_reached === undefined || typeof goal_reached === "boolean")
  );
}

/** The agent's state. Immutable: every `with*` method returns a new instance. */
export class AgentState {
  /** Grid position. */
  readonly position: Coordinates;
  /** Heading in degrees, in [0, 360): 0 = +x, 90 = +y. */
  readonly orientation: number;
  /** Steps taken in the current episode (>= 0). */
  readonly step_count: number;
  /** Reward accumulated in the current episode (finite; may be negative). */
  readonly total_reward: number;
  /** Whether the goal has been reached in the current episode. */
  readonly goal_reached: boolean;

  /**
   * @throws ValidationError naming the bad field (`position.x`, `orientation`, `step_count`, `total_reward`,
   * `goal_reached`, or an unknown key) and the allowed values.
   */
  constructor(init: AgentStateInit) {
    if (isCanonical(init)) {
      this.position = init.position as Coordinates;
      this.orientation = normalizeOrientation(init.orientation ?? 0);
      this.step_count = init.step_count ?? 0;
      this.total_reward = init.total_reward ?? 0;
      this.goal_reached = init.goal_reached ?? false;
    } else {
      const data = parseWithSchema(agentStateDataSchema, init, { what: "AgentState" });
      this.position = new Coordinates(data.position.x, data.position.y);
      this.orientation = normalizeOrientation(data.orientation);
      this.step_count = data.step_count;
      this.total_reward = data.total_reward;
      this.goal_reached = data.goal_reached;
    }
    Object.freeze(this);
  }

  /** Parses the plain-data form (e.g. from JSON). @throws ValidationError naming the bad field. */
  static fromJSON(data: unknown, path?: string): AgentState {
    if (data instanceof AgentState) return data;
    return new AgentState(
      parseWithSchema(agentStateDataSchema, data, { what: "AgentState", ...(path !== undefined && { path }) }),
    );
  }

  /** A new state with the given fields replaced; fields that are absent or `undefined` are kept. */
  with(changes: Partial<AgentStateInit>): AgentState {
    // An unknown key goes to the constructor as is, which rejects it by name.
    if (!hasOnlyInitKeys(changes)) return new AgentState({ ...this.toInit(), ...changes });
    return new AgentState({
      position: changes.position ?? this.position,
      orientation: changes.orientation ?? this.orientation,
      step_count: changes.step_count ?? this.step_count,
      total_reward: changes.total_reward ?? this.total_reward,
      goal_reached: changes.goal_reached ?? this.goal_reached,
    });
  }

  /** A new state at `position` (everything else kept). */
  withPosition(position: Coordinates | CoordinatesInput): AgentState {
    return this.with({ position });
  }

  /** A new state facing `degrees` (normalised into [0, 360)). */
  withOrientation(degrees: number): AgentState {
    return this.with({ orientation: degrees });
  }

  /** A new state with `step_count + 1`. */
  withStepIncremented(): AgentState {
    return this.with({ step_count: this.step_count + 1 });
  }

  /** A new state with `total_reward + reward`. */
  withRewardAdded(reward: number): AgentState {
    return this.with({ total_reward: this.total_reward + reward });
  }

  /** A new state with `goal_reached: true` (idempotent). */
  withGoalReached(): AgentState {
    return this.with({ goal_reached: true });
  }

  /** Value equality: same position, orientation, counters and flag. */
  equals(other: unknown): boolean {
    if (!(other instanceof AgentState)) return false;
    return (
      this.position.equals(other.position) &&
      this.orientation === other.orientation &&
      this.step_count === other.step_count &&
      this.total_reward === other.total_reward &&
      this.goal_reached === other.goal_reached
    );
  }

  /** The fields as a constructor input (`new AgentState(s.toInit())` equals `s`). */
  toInit(): Required<AgentStateInit> & { readonly position: Coordinates } {
    return {
      position: this.position,
      orientation: this.orientation,
      step_count: this.step_count,
      total_reward: this.total_reward,
      goal_reached: this.goal_reached,
    };
  }

  /** The JSON form: `{ position: [x, y], orientation, step_count, total_reward, goal_reached }`. */
  toJSON(): AgentStateData {
    return {
      position: this.position.toJSON(),
      orientation: this.orientation,
      step_count: this.step_count,
      total_reward: this.total_reward,
      goal_reached: this.goal_reached,
    };
  }

  toString(): string {
    return (
      `AgentState(position=(${this.position.x}, ${this.position.y}), orientation=${this.orientation}, ` +
      `step_count=${this.step_count}, total_reward=${this.total_reward}, goal_reached=${this.goal_reached})`
    );
  }
}

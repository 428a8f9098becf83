/**
 * Spy components for the component-env checks: the kit's stubs wrapped so that every call is logged
 * in order, with its arguments. `checkEnv` builds a component env with them through the factory's
 * `components` option.
 */
import {
  GridSize,
  type ActionProcessor,
  type AgentState,
  type ConcentrationField,
  type EnvState,
  type NDArray,
  type ObservationModel,
  type PlumeFieldInput,
  type PointLike,
  type RandomGenerator,
  type RewardFunction,
  type VectorField,
} from "@plume/core-types";
import { KitCardinalActions, KitConcentrationSensor, KitConstantWind, KitGaussianField } from "../kit.js";

/** The components an env factory receives with `{ components }` (any subset; keys as `PLUGIN_KINDS`). */
export interface EnvComponents {
  readonly sensor?: ObservationModel<unknown>;
  readonly action?: ActionProcessor<unknown>;
  readonly reward?: RewardFunction<unknown>;
  readonly plume?: ConcentrationField;
  readonly wind?: VectorField;
}

/** What `checkEnv` passes to the env factory. Factories may ignore hints they do not support. */
export interface EnvFactoryOptions {
  /** Build the env with this render mode (one of `metadata.render_modes`). */
  readonly renderMode?: string | null;
  /** A small `max_steps`, so that lifecycle checks can reach truncation quickly. */
  readonly maxSteps?: number;
  /** Components to build the env from (component envs only: declare `capabilities.componentEnv`). */
  readonly components?: EnvComponents;
  /** Extra options (e.g. from `reference[].factoryOptions`). */
  readonly [key: string]: unknown;
}

export interface SpyCall {
  readonly name: string;
  readonly args: readonly unknown[];
  readonly result?: unknown;
}

export class SpyLog {
  readonly calls: SpyCall[] = [];
  record(name: string, args: readonly unknown[], result?: unknown): void {
    this.calls.push({ name, args, result });
  }
  clear(): void {
    this.calls.length = 0;
  }
  named(name: string): SpyCall[] {
    return this.calls.filter((c) => c.name === name);
  }
}

export const SPY_GRID = new GridSize(32, 24);
export const SPY_SOURCE = { x: 20, y: 12 } as const;

export class SpySensor extends KitConcentrationSensor {
  constructor(readonly log: SpyLog) {
    super();
  }
  override getObservation(envState: EnvState): NDArray<"float32"> {
    const result = super.getObservation(envState);
    this.log.record("observe", [envState], result);
    return result;
  }
}

export class SpyActions extends KitCardinalActions {
  constructor(
    readonly log: SpyLog,
    readonly rejectZero = false,
  ) {
    super();
  }
  override validateAction(action: unknown): action is number {
    const ok = this.rejectZero && action === 0 ? false : super.validateAction(action);
    this.log.record("validate", [action], ok);
    return ok;
  }
  override processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    const result = super.processAction(action, currentState, gridSize);
    this.log.record("process", [action, currentState, gridSize], result);
    return result;
  }
  setRng(rng: RandomGenerator): void {
    this.log.record("setRng", [rng]);
  }
}

export class SpyReward implements RewardFunction<unknown> {
  constructor(readonly log: SpyLog) {}
  computeReward(prevState: AgentState, action: unknown, nextState: AgentState, plumeField: PlumeFieldInput): number {
    this.log.record("reward", [prevState, action, nextState, plumeField], 0);
    return 0;
  }
  getMetadata() {
    return { type: "spy_reward", parameters: {}, reward_range: [0, 0] as const };
  }
}

export class SpyPlume extends KitGaussianField {
  constructor(readonly log: SpyLog) {
    super(SPY_GRID, SPY_SOURCE, 4);
  }
  override reset(seed?: number): void {
    this.log.record("plume.reset", [seed]);
  }
  advanceToStep(step: number): void {
    this.log.record("plume.advanceToStep", [step]);
  }
}

export class SpyWind extends KitConstantWind {
  constructor(readonly log: SpyLog) {
    super(0.25, -0.5);
  }
  override reset(seed?: number): void {
    this.log.record("wind.reset", [seed]);
  }
  advanceToStep(step: number): void {
    this.log.record("wind.advanceToStep", [step]);
  }
  override sample(position: PointLike): Float32Array {
    return super.sample(position);
  }
}

/** A full set of spy components sharing one log. */
export function spyComponents(options: { rejectZero?: boolean } = {}): { log: SpyLog; components: Required<EnvComponents> & { sensor: SpySensor; action: SpyActions; reward: SpyReward; plume: SpyPlume; wind: SpyWind } } {
  const log = new SpyLog();
  return {
    log,
    components: {
      sensor: new SpySensor(log),
      action: new SpyActions(log, options.rejectZero ?? false),
      reward: new SpyReward(log),
      plume: new SpyPlume(log),
      wind: new SpyWind(log),
    },
  };
}

/**
 * `SimulationDriver`: a `TurbulentSimulation` as environments use it: seeded resets start it with the warm-up,
 * environment steps map to model steps from an origin, and asking for an earlier step replays from the last
 * mark (so `advanceToStep` sets the step, never increments it). With `shareSimulation` every field made with
 * equal options uses one driver (module-level registry of weak references).
 */
import { pixelArray, PuffIndex, type PixelArrayOptions } from "./concentration.js";
import { simulationParameters, type ResolvedTurbulentOptions } from "./options.js";
import { TurbulentSimulation, type SimulationSnapshot } from "./simulation.js";

export class SimulationDriver {
  readonly sim: TurbulentSimulation;
  readonly options: ResolvedTurbulentOptions;
  readonly index: PuffIndex;
  #started = false;
  #seed = 0;
  /** State at the last seeding (after the warm-up) or unseeded reset; replays start here. */
  #mark: SimulationSnapshot | undefined = undefined;
  /** `sim.version` right after the last seeding (members joining a shared driver compare against it). */
  #seededVersion = -1;
  #indexVersion = -1;
  /** Members that reset since the last seeding (shared drivers: who already joined this round). */
  #round = new WeakSet<object>();

  constructor(options: ResolvedTurbulentOptions, withPuffs: boolean) {
    this.options = options;
    this.sim = new TurbulentSimulation(simulationParameters(options, withPuffs), options.seed);
    this.index = new PuffIndex(options.plumeRegion ?? options.windRegion, options.pointCutoff, options.puffAmount);
  }

  /** The seed of the last seeding. */
  get lastSeed(): number {
    return this.#seed;
  }

  /** Seeds (generators from `seed`), warms up, and marks the result (nothing to do when just seeded with it). */
  seed(seed: number): void {
    if (this.justSeeded && this.#seed === seed) return;
    const o = this.options;
    this.sim.seed(seed);
    this.sim.warmUp(o.warmupSeconds, o.warmupDt);
    this.#seed = seed;
    this.#started = true;
    this.#mark = this.sim.snapshot();
    this.#seededVersion = this.sim.version;
    this.#round = new WeakSet();
  }

  /**
   * A member's seeded reset of a shared driver: joins the simulation when it was just seeded and this member has
   * not reset since (the other environments of one vector reset), else seeds it (a new round).
   */
  seedOrJoin(member: object, seed: number): void {
    if (!(this.justSeeded && !this.#round.has(member))) {
      this.#started = false;
      this.seed(seed);
    }
    this.#round.add(member);
  }

  /** Starts with the options' seed if nothing has yet. */
  ensureStarted(): void {
    if (!this.#started) this.seed(this.options.seed);
  }

  /** True when the driver was seeded and has not moved since (a shared member may join instead of re-seeding). */
  get justSeeded(): boolean {
    return this.#started && this.sim.version === this.#seededVersion;
  }

  /** Marks the current state as a replay point (an unseeded reset continues from here). */
  mark(): void {
    this.ensureStarted();
    if (this.#mark === undefined || this.#mark.step !== this.sim.stepIndex) this.#mark = this.sim.snapshot();
  }

  /** The current model step (after starting). */
  get step(): number {
    this.ensureStarted();
    return this.sim.stepIndex;
  }

  /** Moves the simulation to model step `target` (forward by stepping; backward by replaying). */
  advanceTo(target: number): void {
    this.ensureStarted();
    const sim = this.sim;
    if (target < sim.stepIndex) {
      const mark = this.#mark;
      if (mark !== undefined && mark.step <= target) sim.restore(mark);
      else {
        this.#started = false;
        this.seed(this.#seed);
        if (target < sim.stepIndex) throw new RangeError(`model step ${target} is before the warm-up ended (${sim.stepIndex})`);
      }
    }
    sim.run(target - sim.stepIndex);
  }

  /** The point index of the current puffs (rebuilt when they changed). */
  pointIndex(): PuffIndex {
    this.ensureStarted();
    if (this.#indexVersion !== this.sim.version) {
      this.index.build(this.sim);
      this.#indexVersion = this.sim.version;
    }
    return this.index;
  }

  /** pompy's pixel array of the current puffs. */
  frame(options: PixelArrayOptions, out?: Float64Array): Float64Array {
    this.ensureStarted();
    return pixelArray(this.sim, { amount: this.options.puffAmount, ...options }, out);
  }
}

// ---------------------------------------------------------------- shared drivers

const shared = new Map<string, WeakRef<SimulationDriver>>();
const registry = new FinalizationRegistry<string>((key) => {
  if (shared.get(key)?.deref() === undefined) shared.delete(key);
});

/** The driver for `options`: a new one, or with `shareSimulation` the live one made with equal options. */
export function driverFor(options: ResolvedTurbulentOptions, withPuffs: boolean): SimulationDriver {
  if (!options.shareSimulation) return new SimulationDriver(options, withPuffs);
  const key = `${withPuffs ? "plume" : "wind"}:${JSON.stringify(options)}`;
  const live = shared.get(key)?.deref();
  if (live !== undefined) return live;
  const driver = new SimulationDriver(options, withPuffs);
  shared.set(key, new WeakRef(driver));
  registry.register(driver, key, driver);
  return driver;
}

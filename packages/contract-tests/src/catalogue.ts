/**
 * The catalogue of contract checks (CHECKS.md, shipped with the package): every check the kit performs, under
 * a stable id `<area>.<name>`. Ids are never renamed or reused.
 */

/** The areas, one per protocol (plus spaces, environments and the kit's own oracles). */
export const CHECK_AREAS = Object.freeze(["obs", "act", "rew", "field", "wind", "space", "env", "pol", "core"] as const);
export type CheckArea = (typeof CHECK_AREAS)[number];

/** `E`: a violation fails the suite. `W`: a violation is a warning, which fails only with `strict: true`. */
export type Severity = "E" | "W";

/** One row of the catalogue. */
export interface CheckInfo {
  readonly id: string;
  readonly area: CheckArea;
  readonly severity: Severity;
  /** Gated (`E?`/`W?`): runs only when its gate holds; otherwise reported as skipped with the reason. */
  readonly gated: boolean;
  /** What the check verifies, in one line. */
  readonly title: string;
}

type Row = readonly [id: string, sev: "E" | "W" | "E?" | "W?", title: string];

const ROWS: readonly Row[] = [
  // 1. ObservationModel
  ["obs.protocol-shape", "E", "observationSpace is an accessor; getObservation and getMetadata are functions"],
  ["obs.space-valid", "E", "the observation space is a valid Space whose seeded samples it contains, whose contains() admits nothing its dtype, shape and bounds exclude, and whose seeded sampling replays (two fresh instances alike, no Math.random)"],
  ["obs.space-stable", "E", "every read of observationSpace returns the identical object"],
  ["obs.space-unchanged", "E", "the space's descriptor never changes across getObservation calls"],
  ["obs.space-containment", "E", "every observation is contained in observationSpace"],
  ["obs.shape-consistency", "E", "observations have the space's structure: Box shape, Dict keys, Tuple length"],
  ["obs.dtype-consistency", "E", "every Box leaf is a typed array of the space's dtype"],
  ["obs.finite", "E", "no ±Infinity in any observation leaf"],
  ["obs.realistic-states", "E", "valid observations (contained, shaped, typed, finite) on what long episodes supply: step counts past 32,767 and 65,535 up to 2^31 − 1, ladder grids, plumes without fieldArray, winds above 1"],
  ["obs.determinism", "E", "the same env state gives an identical observation, with no hidden randomness"],
  ["obs.history-independence", "E", "one instance over a long varied sequence gives what a fresh instance gives on each state (after reset() when stateful)"],
  ["obs.batch-agrees", "E?", "fillObservationBatch equals getObservation per listed environment, bit for bit, on non-contiguous index sets"],
  ["obs.rng-only", "E?", "all randomness comes from envState.rng (seeded alike -> equal, different seeds -> differ)"],
  ["obs.rng-undeclared", "E?", "the very same env_state object (generator included) gives the same observation unless randomness is declared"],
  ["obs.purity", "E", "getObservation leaves the env state and everything in it unchanged"],
  ["obs.no-aliasing", "E", "an observation returned earlier keeps its values after later calls"],
  ["obs.edge-positions", "E", "agents on every corner and edge (1x1, 1xN, Nx1, non-square grids, and the size ladder up to 10,000 cells wide) get valid observations"],
  ["obs.required-keys", "E?", "required_state_keys is a string array and a state holding only those keys works"],
  ["obs.optional-absent", "E?", "with any optional_state_keys entry absent the observation is still valid"],
  ["obs.metadata-type", "E", "getMetadata() returns a plain object with a string type"],
  ["obs.metadata-fields", "W", "metadata has modality, parameters and required_state_keys"],
  ["obs.metadata-json", "W", "metadata survives a JSON round trip unchanged"],
  // 2. ActionProcessor
  ["act.protocol-shape", "E", "actionSpace is an accessor; processAction, validateAction and getMetadata are functions"],
  ["act.space-valid", "E", "the action space is a valid Space whose seeded samples it contains"],
  ["act.space-stable", "E", "every read of actionSpace returns the identical object"],
  ["act.boundary-safety", "E", "for every grid, in-bounds state and valid action the result stays inside the grid"],
  ["act.corner-edge", "E", "from every corner and edge midpoint every action stays in bounds"],
  ["act.result-valid", "E", "the result is an AgentState with integer x, y, finite orientation and the input's field set"],
  ["act.new-instance", "E", "the result is a new instance sharing no mutable sub-object with the input"],
  ["act.purity", "E", "currentState, grid and array actions are left unchanged"],
  ["act.preserves-fields", "W", "step_count, total_reward and goal_reached are carried over"],
  ["act.batch-agrees", "E?", "processActionBatch equals processAction per listed environment, bit for bit (generator draws included)"],
  ["act.determinism", "E", "the same (action, state, grid) gives an identical result, with no hidden randomness"],
  ["act.history-independence", "E", "one instance over 2,500 varied inputs (grids up to 10,000 wide, step counts past 1,000) gives what a fresh instance gives on each"],
  ["act.rng-hook", "E?", "with setRng, randomness comes only from the injected generator"],
  ["act.accepts-valid", "E", "processAction does not throw for any member of actionSpace"],
  ["act.validate-total", "E", "validateAction returns a boolean and never throws, for any input"],
  ["act.validate-accepts-samples", "E", "validateAction returns true for every sample of actionSpace"],
  ["act.validate-matches-contains", "E", "validateAction(x) === actionSpace.contains(x) for members and foreign values"],
  ["act.orientation-declared", "E?", "orientation changes only when the metadata declares orientation_dependent: true"],
  ["act.heading-convention", "E?", "[a move depends on the heading] moves turn with the heading counterclockwise from +x (0° = +x, 90° = +y), and a Discrete processor has a move along +x at 0°"],
  ["act.invalid-throws", "E", "processAction on a non-member throws and never returns a state"],
  ["act.invalid-error-typed", "W", "that error is a ValidationError naming `action`"],
  ["act.metadata-type", "E", "getMetadata() returns a plain object with a string type"],
  ["act.metadata-fields", "W", "metadata has parameters, movement_model (or modality) and orientation_dependent"],
  ["act.metadata-json", "W", "metadata survives a JSON round trip unchanged"],
  // 3. RewardFunction
  ["rew.protocol-shape", "E", "computeReward and getMetadata are functions"],
  ["rew.arity", "W", "computeReward declares 4 parameters (prev, action, next, field)"],
  ["rew.numeric-scalar", "E", "the reward is a primitive number"],
  ["rew.finite", "E", "the reward is finite for every transition"],
  ["rew.determinism", "E", "the same inputs give the same reward, with no hidden randomness"],
  ["rew.order-independence", "E", "a reward does not depend on earlier calls (unless declared stateful with reset)"],
  ["rew.batch-agrees", "E?", "computeRewardBatch equals computeReward per listed environment, bit for bit"],
  ["rew.purity", "E", "prev, next, array actions and the field are left unchanged"],
  ["rew.accepts-box-action", "E", "Box actions of dimension 2 and 3 give finite rewards"],
  ["rew.accepts-field-object", "E", "a ConcentrationField object passed as plumeField works"],
  ["rew.accepts-field-array", "W", "a raw Float32Array field works"],
  ["rew.metadata-type", "E", "getMetadata() returns a plain object with a string type"],
  ["rew.metadata-json", "E", "metadata survives a JSON round trip unchanged"],
  ["rew.declared-range", "E?", "every reward lies in the declared reward_range"],
  ["rew.goal-boundary", "E?", "the goal reward is given exactly when dist(next, goal) <= goal_radius"],
  ["rew.goal-transitions", "E?", "[declared goal] transitions onto, from and at the goal and exactly at its radius give finite numbers inside any declared reward_range"],
  // 4. ConcentrationField
  ["field.protocol-shape", "E", "sample and reset are functions; optional members have the right kind"],
  ["field.finite", "E", "sample returns a finite primitive number at every in-grid cell"],
  ["field.non-negative", "E", "every sample and fieldArray element is >= 0"],
  ["field.bounded", "E", "every sample and fieldArray element is <= 1"],
  ["field.determinism", "E", "repeated samples are identical, with no hidden randomness"],
  ["field.construction-determinism", "E", "two instances built with the same parameters are identical"],
  ["field.reset-determinism", "E", "after reset(seed) the field matches another instance reset the same way"],
  ["field.purity", "E", "sampling never changes later results and fieldArray is unchanged"],
  ["field.out-of-bounds", "E", "an off-grid sample is a finite number in [0, 1] without throwing"],
  ["field.out-of-bounds-zero", "E", "an off-grid sample is 0 (or the declared out_of_bounds_value)"],
  ["field.array-shape", "E?", "fieldArray is a Float32Array of width*height elements"],
  ["field.array-indexing", "E?", "fieldArray[y * width + x] === sample(x, y) at every cell"],
  ["field.time-hook", "E?", "advanceToStep sets (never increments) and is reproducible; reset returns to step 0"],
  ["field.reset-idempotent", "E?", "two consecutive resets with the same seed equal one"],
  ["field.gaussian.max-at-source", "E?", "the source cell holds the field maximum"],
  ["field.gaussian.formula", "E?", "value = exp(-d^2 / (2 sigma^2)) with a peak of 1"],
  ["field.gaussian.monotone", "E?", "a strictly farther cell is never higher"],
  ["field.gaussian.symmetry", "E?", "cells mirrored around the source are equal"],
  ["field.gaussian.sigma-extremes", "E?", "small sigma is sharp, large sigma is flat"],
  ["field.gaussian.rounding", "E?", "fractional positions sample the nearest cell, ties half-to-even"],
  ["field.history-independence", "E", "one instance over a long varied sequence of positions (colliding memo keys, fractions) gives what a fresh instance gives, on the size ladder too"],
  ["field.rounding-ties", "E", "every fractional position reads the cell it rounds to half-to-even (.5 ties, [size - 0.5, size), -0.5)"],
  ["field.time-long-run", "E?", "through thousands of steps and past declared frames the field stays finite in [0, 1], revisited steps agree, and reset(seed) after a long run equals a fresh reset"],
  // 5. WindField / VectorField
  ["wind.protocol-shape", "E", "sample(position) is a function; optional reset/advanceToStep are functions"],
  ["wind.vector-shape", "E", "sample returns a Float32Array of length 2"],
  ["wind.finite", "E", "both components are finite on and off the grid"],
  ["wind.determinism", "E", "the same position gives equal vectors, with no hidden randomness"],
  ["wind.returns-copy", "E", "writing into a returned vector does not change later samples"],
  ["wind.purity", "E", "the position argument is unchanged"],
  ["wind.reset-determinism", "E?", "the same reset seed gives the same samples"],
  ["wind.time-hook", "E?", "advanceToStep is idempotent for equal steps and reproducible"],
  ["wind.history-independence", "E", "one instance over 600 varied positions gives what a fresh instance gives at each"],
  ["wind.time-long-run", "E?", "vectors stay finite through thousands of steps and past declared frames, and a reset replays a fresh field"],
  ["wind.sensor-range", "W?", "vectors lie inside the paired sensor's bounded space"],
  // 6. Spaces
  ["space.protocol-shape", "E", "the Space API members are present"],
  ["space.sample-contained", "E", "every seeded sample is contained"],
  ["space.contains-total", "E", "contains returns a boolean and never throws, for any value"],
  ["space.seed-reproducible", "E", "equal spaces seeded alike give equal streams; different seeds differ"],
  ["space.seed-replay", "E", "feeding seed()'s return value back replays the same samples"],
  ["space.seed-generator-shared", "E", "a generator passed at construction is used as is"],
  ["space.seed-invalid", "E", "invalid seeds throw a typed error"],
  ["space.numpy-parity", "E?", "seeded samples equal the recorded NumPy/Gymnasium vectors"],
  ["space.json-roundtrip", "E", "samples survive toJsonable -> JSON -> fromJsonable exactly"],
  ["space.equality", "E", "equals is reflexive and tells distinct spaces apart"],
  ["space.serialize-roundtrip", "E", "a space rebuilt from its descriptor equals the original and replays samples"],
  ["space.repr", "W", "toString() is meaningful"],
  ["space.sample-distribution", "E", "seeded samples follow the expected distribution (chi-square / KS)"],
  ["space.sample-mask", "E", "masks are honoured and malformed masks throw"],
  ["space.sample-probability", "E", "probability vectors are honoured and malformed ones throw"],
  ["space.flatdim", "E?", "flatdim matches Gymnasium's rule for the space type"],
  ["space.flatten-space", "E?", "flattenSpace is a Box of shape [flatdim]"],
  ["space.flatten-sample", "E?", "flatten(sample) is a 1-D vector of length flatdim inside flattenSpace"],
  ["space.flatten-roundtrip", "E?", "unflatten(flatten(s)) equals s"],
  ["space.dtype-shape-equiv", "E?", "dtype/shape-equivalent spaces round-trip through a shared batch buffer"],
  ["space.box.definition", "E", "Box construction rules (shapes, dtypes, bounds)"],
  ["space.box.contains", "E", "Box membership: typed array, shape, safe cast, inclusive bounds"],
  ["space.box.bounds-flags", "E", "boundedBelow/boundedAbove/isBounded reflect infinities"],
  ["space.discrete.definition", "E", "Discrete: positive integer n, integer start, shape []"],
  ["space.discrete.contains", "E", "Discrete membership: integers in [start, start + n)"],
  ["space.multidiscrete", "E", "MultiDiscrete definition, membership and indexing"],
  ["space.multibinary", "E", "MultiBinary definition and membership"],
  ["space.text", "E", "Text definition, charset order and membership"],
  ["space.tuple", "E", "Tuple definition, membership and seeding"],
  ["space.dict", "E", "Dict definition, key order, membership and seeding"],
  ["space.sequence", "E", "Sequence membership and length masks"],
  ["space.graph", "E", "Graph membership (nodes, edges, edge links)"],
  ["space.oneof", "E", "OneOf membership and seeding"],
  // 7. Environment
  ["env.is-env", "E", "reset, step, close and render are functions; spaces and metadata exist"],
  ["env.unwrapped", "W", "env.unwrapped === env"],
  ["env.action-space-present", "E", "actionSpace is defined"],
  ["env.observation-space-present", "E", "observationSpace is defined"],
  ["env.space-definition", "E", "both spaces pass Gymnasium's passive definition checks"],
  ["env.spaces-honest", "E", "both spaces' contains() admit nothing their dtype, shape and bounds exclude, and seeded sampling replays (twice, and on a second fresh env) without Math.random"],
  ["env.space-bounds-warnings", "W", "no Box with equal low and high (or low > high)"],
  ["env.space-limits", "W", "no infinite Box bounds; Box actions are symmetric and normalised"],
  ["env.spaces-stable", "E", "both spaces are the same objects before and after reset, step and close"],
  ["env.spaces-from-components", "E?", "env spaces are the components' spaces"],
  ["env.metadata", "E", "metadata is a plain object; renderMode and render_fps are consistent"],
  ["env.metadata-warnings", "W", "render_modes is a string array; render_fps is given when modes exist"],
  ["env.no-seed-method", "W", "no callable seed() method (seed through reset)"],
  ["env.reset-return", "E", "reset() returns [obs in space, plain info object]"],
  ["env.reset-seed-accepted", "E", "reset({ seed }) is accepted"],
  ["env.reset-rng-created", "E", "after a seeded reset the env's generator exists"],
  ["env.reset-seed-rng-reproducible", "E", "the generator state after reset(123) is the same every time"],
  ["env.reset-seed-rng-sensitive", "E", "different seeds give different generator states"],
  ["env.reset-seed-obs", "E", "seeded resets reproduce observations"],
  ["env.reset-seed-obs-exact", "W", "seeded resets reproduce observations exactly, not just approximately"],
  ["env.reset-options", "E", "reset({ options: {} }) is accepted"],
  ["env.reset-seed-with-options", "E", "reset({ seed, options: {} }) on a used env starts the episode reset({ seed }) starts on a fresh one (seeds 0, 7, 2^32 − 1)"],
  ["env.reset-seed-validation", "E", "bad seeds throw ValidationError naming seed and change nothing"],
  ["env.reset-info-seed", "E?", "info.seed echoes the seed of a seeded reset"],
  ["env.cross-instance-determinism", "E", "two instances reset with the same seed agree exactly"],
  ["env.unseeded-continuation", "E", "two envs seeded alike and then reset without a seed stay identical (an unseeded reset continues the stream); it reads no clock, Math.random or crypto"],
  ["env.step-return", "E", "step() returns a 5-element array"],
  ["env.step-flags-boolean", "E", "terminated and truncated are booleans"],
  ["env.reward-number", "E", "the reward is a primitive finite number"],
  ["env.info-object", "E", "the step info is a plain object"],
  ["env.obs-in-space", "E", "every observation from reset and step is contained"],
  ["env.obs-structure", "E", "Tuple/Dict observations have the space's length/keys"],
  ["env.obs-structure-types", "E", "observation leaves have the space's primitive types and dtypes"],
  ["env.obs-finite", "E?", "no NaN or ±Infinity in any observation leaf"],
  ["env.valid-actions-accepted", "E", "every valid action steps without throwing"],
  ["env.invalid-action-rejected", "E?", "invalid actions throw ValidationError and change nothing"],
  ["env.action-validation-delegated", "E?", "the env consults the processor's validateAction"],
  ["env.step-determinism", "E", "reset(seed) + the same action reproduces the step"],
  ["env.step-determinism-exact", "W", "that step is reproduced exactly, not just approximately"],
  ["env.no-immediate-truncation", "E", "truncated is false on the first step"],
  ["env.trajectory-determinism", "E", "same seed and actions give identical trajectories on fresh envs"],
  ["env.episode-independence", "E", "reset(seed) after earlier episodes reproduces a fresh env's trajectory"],
  ["env.no-global-state", "E", "interleaved instances behave as if run alone"],
  ["env.type-stability", "E", "observation structure, info keys and reward type stay the same"],
  ["env.render-no-side-effect", "E?", "rendering leaves the trajectory unchanged"],
  ["env.step-count", "E?", "info.step_count is 0 after reset and +1 per step"],
  ["env.total-reward", "E?", "info.total_reward is the running sum of rewards"],
  ["env.info-keys", "E?", "step info has step_count, total_reward and goal_reached with the right types"],
  ["env.info-keys-reference", "W?", "the reference's common info keys are present"],
  ["env.termination-flags", "E?", "terminated <=> goal reached; truncated <=> step_count >= max_steps"],
  ["env.agent-in-bounds", "E?", "the agent position is always inside the grid"],
  ["env.goal-rollout", "E?", "[declared goal, or gridSize to sweep for one; Discrete actions] a walk steered onto the goal: finite rewards, boolean flags, observations contained, the info keys on the terminating step; with a declared goal and max_steps equal to the walk, the last step is both terminated and truncated; with no declared goal, a serpentine sweep finds the cell whose entry terminates, and entering it again from each other neighbour terminates on that very step"],
  ["env.corner-rollout", "E?", "[gridSize, Discrete actions] walks steered to each corner and edge midpoint, pushing against the walls there: the agent stays on the grid and every step invariant holds"],
  ["env.truncation-at-limit", "E?", "[max_steps known, Discrete actions] a walk away from the goal truncates exactly at the env's own max_steps, with every step invariant holding up to it"],
  ["env.reference-parity", "E?", "recorded reference episodes replay exactly"],
  ["env.env-state-keys", "E?", "the sensor receives exactly the documented env-state keys"],
  ["env.post-step-observation", "E?", "the sensor sees the post-action state and step count"],
  ["env.step-data-flow", "E?", "validate -> process -> advance -> reward(prev, action, next, field) -> observe"],
  ["env.hooks-called", "E?", "reset and step call the components' optional hooks"],
  ["env.components-swappable", "E?", "the env works with each kit stub component"],
  ["env.render-return", "E", "render() returns what the render mode promises"],
  ["env.render-state-agreement", "E?", "[rgb_array and gridSize] frames are [k·height, k·width, 3] for one integer scale k"],
  ["env.render-all-modes", "E", "every declared render mode can be built, reset and rendered"],
  ["env.close-idempotent", "E", "close() twice never throws"],
  ["env.lifecycle.step-before-reset", "E", "step before reset throws StateError"],
  ["env.lifecycle.reset-ready", "E", "reset from every open state succeeds and allows step"],
  ["env.lifecycle.step-after-done", "E?", "step after terminated/truncated throws StateError until reset"],
  ["env.lifecycle.closed-rejects", "E", "after close, reset and step throw StateError"],
  ["env.lifecycle.close-any-state", "E", "close succeeds from every state"],
  ["env.lifecycle.errors-typed", "E", "lifecycle violations throw StateError and change nothing"],
  ["env.lifecycle.model", "E", "random command sequences follow the lifecycle state table"],
  // 8. Policy
  ["pol.protocol-shape", "E", "actionSpace is an accessor; reset and selectAction are callable"],
  ["pol.space-valid", "E", "the action space passes the definition checks"],
  ["pol.space-stable", "E", "every read of actionSpace returns the identical object"],
  ["pol.seed-determinism", "E", "reset({ seed }) + the same observations reproduce the actions (edge seeds 0, 1, 2^32 − 1 always; no clock)"],
  ["pol.cross-instance", "E", "two instances seeded alike select the same actions, even after a third instance made many calls, and again after both reset() without a seed (no clock)"],
  ["pol.action-in-space", "E", "every selected action is contained, with and without explore, plateaus of equal readings (0, 1, the bounds) included"],
  ["pol.long-run", "E", "one instance through 5,000 selectAction calls (long plateaus of zeros, the bounds, samples) without a reset keeps every action in the space"],
  ["pol.reset-clears-memory", "E", "after an episode, reset() without a seed behaves as a fresh policy reset alike, given the same generator state (memory cleared, generator continued)"],
  ["pol.rng-hook", "E?", "[setRng exists] after setRng(rng) every draw comes from rng: instances reset with different seeds and given alike-seeded generators select the same actions"],
  ["pol.obs-purity", "E", "selectAction leaves the observation unchanged"],
  ["pol.composite-obs", "E?", "Dict/Tuple observations are accepted"],
  ["pol.env-compat", "E?", "the policy's action space fits the paired env and a rollout steps cleanly"],
  ["pol.env-semantics", "W?", "the policy's movement_model matches the paired env"],
  // 9. Core oracles
  ["core.grid-contains", "E", "grid bounds are half-open"],
  ["core.grid-validation", "E", "grid sizes validate and report cells and centre"],
  ["core.coordinates", "E", "coordinates accept integers and compare by value"],
  ["core.distance", "E", "Euclidean distance is a metric"],
  ["core.seeded-rng", "E", "seeded generators reproduce NumPy's streams"],
  ["core.movement-vectors", "E", "the 4 cardinal vectors have length 1, UP = +y"],
  ["core.agent-counters", "E", "AgentState counters are exact and instances independent"],
  ["core.config-frozen", "E", "config objects are frozen and accept valid values"],
];

function areaOf(id: string): CheckArea {
  const area = id.slice(0, id.indexOf(".")) as CheckArea;
  if (!(CHECK_AREAS as readonly string[]).includes(area)) throw new Error(`bad check id ${id}`);
  return area;
}

/** Every check, in catalogue order. */
export const CHECKS: readonly CheckInfo[] = Object.freeze(
  ROWS.map(([id, sev, title]) =>
    Object.freeze({ id, area: areaOf(id), severity: sev[0] as Severity, gated: sev.endsWith("?"), title }),
  ),
);

const BY_ID: ReadonlyMap<string, CheckInfo> = new Map(CHECKS.map((c) => [c.id, c]));

/** Every check id, in catalogue order. */
export const CHECK_IDS: readonly string[] = Object.freeze(CHECKS.map((c) => c.id));

/** The catalogue row of `id`, or undefined for an unknown id. */
export function checkInfo(id: string): CheckInfo | undefined {
  return BY_ID.get(id);
}

/** The checks of one area, in catalogue order. */
export function checksOfArea(area: CheckArea): readonly CheckInfo[] {
  return CHECKS.filter((c) => c.area === area);
}

// Continuous velocity control: (vx, vy) in [-1, 1]^2, scaled by maxSpeed and rounded to whole cells.
// Run: node examples/continuous.mjs
import { AgentState, GridSize, ValidationError, ndarray } from "@plume/core-types";
import { ContinuousActions, plugin } from "@plume/actions-continuous";

const grid = new GridSize(16, 12);
const actions = new ContinuousActions({ maxSpeed: 3 });
const velocity = (vx, vy) => ndarray("float32", [2], new Float32Array([vx, vy]));

console.log(`action space ${actions.actionSpace}, maxSpeed ${actions.maxSpeed}`);
let state = new AgentState({ position: [8, 6], orientation: 90 });
for (const [vx, vy] of [
  [1, 0],
  [0.5, 0.5], // 1.5 cells rounds half to even: 2
  [-1 / 6, 1], // 0.5 cells rounds to 0 (float32 product, as NumPy 2)
  [1, 1], // clamped at the right wall
]) {
  const [dx, dy] = actions.displacement(velocity(vx, vy));
  state = actions.processAction(velocity(vx, vy), state, grid);
  console.log(`  v=(${vx.toFixed(3)}, ${vy.toFixed(3)}) -> d=(${dx}, ${dy}) -> ${state.position}`);
}
console.log(`orientation is untouched: ${state.orientation}`);

// A random policy: sample the action space with a seed.
actions.actionSpace.seed(42);
const sampled = actions.actionSpace.sample();
console.log(`sampled action [${Array.from(sampled.data, (x) => x.toFixed(3))}] is valid: ${actions.validateAction(sampled)}`);

// NaN, infinities and out-of-range velocities are not actions.
for (const bad of [velocity(Number.NaN, 0), velocity(0, Infinity), velocity(1.5, 0)]) {
  try {
    actions.processAction(bad, state, grid);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.log(`rejected [${Array.from(bad.data)}]: ${error.name} parameter=${error.parameter}`);
  }
}

// Configs name it "continuous"; options are validated by the zod schema.
console.log(`plugin "${plugin.name}" -> maxSpeed ${plugin.create({ maxSpeed: 1.5 }).maxSpeed}`);
try {
  plugin.create({ maxSpeed: 0 }, { path: "action.options" });
} catch (error) {
  console.log(`${error.name} parameter=${error.parameter}`);
}

// Heading-based movement: forward/turn control, run-and-tumble, and surge/cast in a constant wind.
// Run: node examples/oriented.mjs
import { AgentState, GridSize, StateError } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import {
  OrientedAction,
  OrientedGridActions,
  OrientedRunTumbleActions,
  RunTumbleAction,
  SurgeCastAction,
  SurgeCastActions,
  plugins,
} from "@plume/actions-oriented";

const grid = new GridSize(32, 24);
const show = (s) => `${s.position} heading ${s.orientation.toFixed(2)}`;

// 1. FORWARD / TURN_LEFT / TURN_RIGHT: 0 degrees is +x, 90 degrees is +y; moves are rounded half to even.
const oriented = new OrientedGridActions({ stepSize: 3 });
let state = new AgentState({ position: [4, 4] });
for (const name of ["FORWARD", "TURN_LEFT", "FORWARD", "TURN_RIGHT", "TURN_RIGHT", "FORWARD"]) {
  state = oriented.processAction(OrientedAction[name], state, grid);
  console.log(`  ${name.padEnd(10)} -> ${show(state)}`);
}

// 2. Run-and-tumble: a TUMBLE draws uniform(0, 360) from the environment's generator (injected with setRng).
const runTumble = new OrientedRunTumbleActions({ stepSize: 2 });
try {
  runTumble.processAction(RunTumbleAction.TUMBLE, state, grid);
} catch (error) {
  if (!(error instanceof StateError)) throw error;
  console.log(`before setRng: ${error.name} parameter=${error.parameter}`);
}
const trajectory = (seed) => {
  runTumble.setRng(Generator.fromSeed(seed));
  let s = new AgentState({ position: [16, 12] });
  for (const action of [1, 0, 0, 1, 0, 1]) s = runTumble.processAction(action, s, grid);
  return show(s);
};
console.log(`run-and-tumble, seed 9:  ${trajectory(9)}`);
console.log(`run-and-tumble, seed 9:  ${trajectory(9)} (same generator state, same trajectory)`);
console.log(`run-and-tumble, seed 10: ${trajectory(10)}`);

// 3. Surge/cast over the cardinal moves. The wind follows the reference's convention:
//    direction d, speed v -> (v cos d, -v sin d). SURGE goes most upwind; CAST picks one of the other three.
const theta = (30 * Math.PI) / 180;
const wind = { sample: () => Float32Array.of(0.8 * Math.cos(theta), -0.8 * Math.sin(theta)) };
const surgeCast = new SurgeCastActions({ windField: wind });
surgeCast.setRng(Generator.fromSeed(5));
let agent = new AgentState({ position: [20, 10] });
console.log(`wind (${Array.from(wind.sample(), (x) => x.toFixed(3))}): upwind move is ${["UP", "RIGHT", "DOWN", "LEFT"][surgeCast.upwindAction(agent.position)]}`);
for (const name of ["SURGE", "SURGE", "CAST", "CAST", "SURGE"]) {
  agent = surgeCast.processAction(SurgeCastAction[name], agent, grid);
  console.log(`  ${name.padEnd(5)} -> ${agent.position}`);
}

console.log(`plugins: ${plugins.map((p) => p.name).join(", ")}`);

// Cardinal and eight-direction grid movement, as a Plume environment applies it each step.
// Run: node examples/discrete.mjs
import { AgentState, ConfigurationError, GridSize, ValidationError } from "@plume/core-types";
import {
  CardinalAction,
  DiscreteGridActions,
  EightDirectionAction,
  EightDirectionActions,
  plugin,
} from "@plume/actions-discrete";

const grid = new GridSize(8, 6);
let state = new AgentState({ position: [1, 1], step_count: 3 });

// 1. Four cardinal moves of 2 cells; UP is +y, and each axis is clamped into the grid.
const cardinal = new DiscreteGridActions({ stepSize: 2 });
console.log(`action space ${cardinal.actionSpace}; start ${state.position}`);
for (const name of ["UP", "UP", "UP", "RIGHT", "DOWN", "LEFT", "LEFT"]) {
  state = cardinal.processAction(CardinalAction[name], state, grid);
  console.log(`  ${name.padEnd(5)} -> ${state.position}`);
}
console.log(`counters carried over: step_count=${state.step_count}`);

// 2. Eight directions plus STAY; a diagonal into a wall slides along it.
const eight = new EightDirectionActions();
const corner = new AgentState({ position: [7, 2] });
for (const name of ["NE", "SE", "STAY"]) {
  const next = eight.processAction(EightDirectionAction[name], corner, grid);
  console.log(`  ${name.padEnd(4)} from ${corner.position} -> ${next.position} (new instance: ${next !== corner})`);
}

// 3. The plugin descriptor validates config options; bad options and actions throw typed errors.
const fromConfig = plugin.create({ stepSize: 3 }, { path: "action.options" });
console.log(`plugin "${plugin.name}" built ${fromConfig.constructor.name} with stepSize ${fromConfig.stepSize}`);
for (const attempt of [
  () => plugin.create({ stepSize: 0 }, { path: "action.options" }),
  () => new EightDirectionActions({ stepSize: -1 }),
  () => cardinal.processAction(4, state, grid),
]) {
  try {
    attempt();
  } catch (error) {
    if (!(error instanceof ConfigurationError || error instanceof ValidationError)) throw error;
    console.log(`${error.name} parameter=${error.parameter}`);
  }
}

// The core types of Plume in one page: geometry, an immutable agent state, typed errors, and a plugin.
// Run: node examples/basics.mjs
import {
  AgentState,
  ConfigurationError,
  Coordinates,
  GridSize,
  ValidationError,
  definePlugin,
  isPlugin,
} from "@plume/core-types";
import { z } from "zod";

// 1. Geometry: (x, y) integer cells; bounds are half-open; arrays are row-major [y][x].
const grid = new GridSize(40, 30);
const source = grid.center(); // (floor(40 / 2), floor(30 / 2)), exactly as the Python reference
console.log(`grid ${grid} has ${grid.totalCells()} cells, centre ${source}`);
console.log(`contains (39, 29)? ${grid.contains({ x: 39, y: 29 })}; contains (40, 0)? ${grid.contains({ x: 40, y: 0 })}`);
console.log(`clamp (45, -3) -> ${grid.clamp({ x: 45, y: -3 })}; cell (3, 2) is flat index ${grid.cellIndex({ x: 3, y: 2 })}`);

// 2. An immutable agent state: every change returns a new instance; JSON keeps the reference's keys.
const start = new AgentState({ position: [2, 3], orientation: -90 });
const next = start.withPosition(start.position.offset(0, 1)).withStepIncremented();
console.log(`start ${start}`);
console.log(`next  ${JSON.stringify(next)}  (start unchanged: ${start.step_count === 0}, frozen: ${Object.isFrozen(next)})`);
console.log(`distance to source: ${next.position.distanceTo(source).toFixed(4)}`);
console.log(`JSON round trip equal: ${AgentState.fromJSON(JSON.parse(JSON.stringify(next))).equals(next)}`);

// 3. A movement model written against the ActionProcessor protocol (structural: no base class needed).
const MOVES = [
  [0, 1], // UP is +y
  [1, 0],
  [0, -1],
  [-1, 0],
];
function cardinalActions(stepSize) {
  return {
    actionSpace: { n: 4 }, // a real plugin uses Discrete(4) from @plume/spaces
    validateAction: (action) => Number.isInteger(action) && action >= 0 && action < 4,
    processAction(action, state, gridSize) {
      if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
      const [dx, dy] = MOVES[action];
      const { x, y } = state.position;
      return state.withPosition(gridSize.clamp({ x: x + dx * stepSize, y: y + dy * stepSize }));
    },
    getMetadata: () => ({ type: "cardinal", parameters: { step_size: stepSize }, movement_model: "cardinal_directions" }),
  };
}

// 4. A plugin: options are validated by the zod schema before create() runs; errors name the config path.
const plugin = definePlugin({
  kind: "action",
  name: "cardinal",
  options: z.object({ stepSize: z.int().positive().default(1) }),
  create: ({ stepSize }) => cardinalActions(stepSize),
});
const actions = plugin.create({ stepSize: 2 });
let state = new AgentState({ position: new Coordinates(0, 0) });
for (const action of [3, 2, 0, 1, 1]) state = actions.processAction(action, state, grid);
console.log(`isPlugin: ${isPlugin(plugin, "action")}; steps of 2: LEFT, DOWN, UP, RIGHT, RIGHT from (0, 0) -> ${state.position}`);

// 5. Typed errors with stable codes and the offending parameter.
for (const attempt of [
  () => new GridSize(0, 10),
  () => new AgentState({ position: [1.5, 2] }),
  () => actions.processAction(7, state, grid),
  () => plugin.create({ stepSize: -2 }, { path: "action.options" }),
]) {
  try {
    attempt();
  } catch (error) {
    if (!(error instanceof ValidationError || error instanceof ConfigurationError)) throw error;
    console.log(`${error.name} ${error.code} parameter=${error.parameter}: ${error.message}`);
  }
}

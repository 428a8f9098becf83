// An obstacle-aware sensor, written as a third-party Plume plugin: it reads the odour at the agent and
// the four neighbouring cells of an obstacle map that the environment supplies as the env-state key
// `obstacle_map` (an env-state extension). It declares every key it reads in `required_state_keys`, so
// an environment without the map refuses it at reset, and the contract kit checks it with the map given
// as `stateExtensions` (the `contract` export below).
//
// The map is data: `{ rows: ["..#..", ...] }`, one string per grid row y (row 0 first), `#` for an
// obstacle, so a config file can hold it in its `state` section. Walls are information for the sensor
// only: they do not stop the agent (an action model would need the map to do that).
import { ValidationError, definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { z } from "zod";

/** The keys this sensor reads. */
export const REQUIRED_STATE_KEYS = Object.freeze(["agent_state", "plume_field", "grid_size", "obstacle_map"]);

/** The neighbours in the order of the observation: up (+y), right (+x), down (-y), left (-x), as the 4 discrete moves. */
const NEIGHBOURS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** The schema of the `obstacle_map` state value. */
export const ObstacleMapSchema = z.strictObject({
  rows: z.array(z.string().regex(/^[.#]+$/, { error: 'a row of "." (free) and "#" (obstacle)' })).min(1, { error: "at least one row" }),
});

/** Parsed maps, by map object (the state value is frozen data, so it is parsed once). */
const parsed = new WeakMap();

/** The map as `Uint8Array` cells (1 = obstacle), checked against the grid. */
function cellsOf(map, grid) {
  let cells = parsed.get(map);
  if (cells === undefined) {
    const { rows } = ObstacleMapSchema.parse(map);
    const width = rows[0].length;
    if (rows.some((row) => row.length !== width)) throw ValidationError.invalid("obstacle_map.rows", "rows of equal length", rows.map((r) => r.length));
    cells = { width, height: rows.length, data: Uint8Array.from(rows.join(""), (c) => (c === "#" ? 1 : 0)) };
    parsed.set(map, cells);
  }
  if (cells.width !== grid.width || cells.height !== grid.height) {
    throw ValidationError.invalid("obstacle_map", `a map of the grid's size (${grid.width}x${grid.height})`, `${cells.width}x${cells.height}`);
  }
  return cells;
}

/** Observation: `[odour at the agent, obstacle up, right, down, left]`, float32 in [0, 1]; off the grid counts as an obstacle. */
export class ObstacleSensor {
  #space = new Box({ low: 0, high: 1, shape: [5], dtype: "float32" });

  get observationSpace() {
    return this.#space;
  }

  getObservation(state) {
    const grid = state.grid_size;
    const { x, y } = state.agent_state.position;
    const cells = cellsOf(state.obstacle_map, grid);
    const out = new Float32Array(5);
    out[0] = Math.min(1, Math.max(0, state.plume_field[y * grid.width + x]));
    NEIGHBOURS.forEach(([dx, dy], k) => {
      const nx = x + dx;
      const ny = y + dy;
      const inside = nx >= 0 && ny >= 0 && nx < grid.width && ny < grid.height;
      out[k + 1] = inside ? cells.data[ny * grid.width + nx] : 1;
    });
    return ndarray("float32", [5], out);
  }

  getMetadata() {
    return { type: "obstacle_sensor", modality: "olfactory+tactile", parameters: {}, required_state_keys: [...REQUIRED_STATE_KEYS] };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@acme/plume-obstacle-sensor",
  options: z.strictObject({}),
  create: () => new ObstacleSensor(),
});

/**
 * A map for any grid, for checks and examples: a wall along every third column, with a gap in every
 * other row.
 */
export function demoObstacleMap(width, height) {
  return Object.freeze({
    rows: Object.freeze(Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (x % 3 === 2 && y % 2 === 0 ? "#" : ".")).join(""))),
  });
}

/** The env-state extension an environment (or the kit) is given: the demo map sized to the state's grid. */
export const demoObstacles = Object.freeze({
  key: "obstacle_map",
  value: (state) => demoObstacleMap(state.grid_size.width, state.grid_size.height),
});

/** Options for the contract kit (`plume-contract check`, `checkPlugin`): the environment's extension. */
export const contract = { stateExtensions: [demoObstacles] };

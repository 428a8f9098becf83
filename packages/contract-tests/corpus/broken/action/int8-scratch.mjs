// @embedded/plume-action-eight — 8 directions + stay, written for a microcontroller port: the move is
// computed in a preallocated Int8Array scratch buffer to avoid allocations in the hot loop.
// BUG (sizes): the clamped target position is stored in the Int8Array before the AgentState is built.
// Coordinates >= 128 wrap to negative numbers, so on any grid wider or taller than 128 cells an agent
// near the far edge is moved to x = -128..-1 — outside the grid. Every grid up to 128x128 works.
import { AgentState, Coordinates, ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const DX = Int8Array.of(0, 1, 1, 1, 0, -1, -1, -1, 0);
const DY = Int8Array.of(1, 1, 0, -1, -1, -1, 0, 1, 0);

class EightDirectionActions {
  #space = new Discrete(9);
  #scratch = new Int8Array(2);

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 8]", action);
    const nx = state.position.x + DX[action];
    const ny = state.position.y + DY[action];
    this.#scratch[0] = nx < 0 ? 0 : nx >= grid.width ? grid.width - 1 : nx;
    this.#scratch[1] = ny < 0 ? 0 : ny >= grid.height ? grid.height - 1 : ny;
    return new AgentState({ ...state.toInit(), position: new Coordinates(this.#scratch[0], this.#scratch[1]) });
  }

  getMetadata() {
    return {
      type: "eight_direction_embedded",
      parameters: { n_actions: 9 },
      movement_model: "eight_directions_and_stay",
      orientation_dependent: false,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@embedded/plume-action-eight",
  options: z.strictObject({}),
  create: () => new EightDirectionActions(),
});

// @urgency/plume-action-sprint — cardinal moves; late in a long episode the agent "sprints" (moves
// `sprint` cells per step) to cover more ground before truncation.
// BUG (realistic inputs): the sprint branch, taken only once step_count passes 1000, forgets the
// upper clamp (the author copied the lower clamp only). Episodes of PlumeEnv's default length never get
// there; an env configured with maxSteps 5000 walks the agent off the grid.
import { ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  sprint: z.int().min(2).max(8).default(3),
  sprintAfter: z.int().min(1).max(1_000_000).default(1000),
});

const DIRS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

class SprintActions {
  #space = new Discrete(4);

  constructor({ sprint, sprintAfter }) {
    this.sprint = sprint;
    this.sprintAfter = sprintAfter;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const [dx, dy] = DIRS[action];
    const { x, y } = state.position;
    if (state.step_count > this.sprintAfter) {
      return state.withPosition([Math.max(0, x + dx * this.sprint), Math.max(0, y + dy * this.sprint)]);
    }
    return state.withPosition([Math.min(grid.width - 1, Math.max(0, x + dx)), Math.min(grid.height - 1, Math.max(0, y + dy))]);
  }

  getMetadata() {
    return {
      type: "sprint_cardinal",
      parameters: { sprint: this.sprint, sprintAfter: this.sprintAfter },
      movement_model: "cardinal_directions",
      orientation_dependent: false,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@urgency/plume-action-sprint",
  options,
  create: (o) => new SprintActions(o),
});

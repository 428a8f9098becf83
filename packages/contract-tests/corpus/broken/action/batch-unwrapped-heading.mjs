// @vecsim/plume-action-turn — oriented surge/turn control (FORWARD, TURN_LEFT, TURN_RIGHT by `turn`
// degrees) with a batch path for vector envs.
// BUG (batch protocol): the object path goes through AgentState, which normalises the heading into
// [0, 360); the batch path writes `orientation - turn` straight into the batch, so a right turn from 0°
// stores -90 instead of 270. The next FORWARD still moves the same way, but observations that report
// the heading and the batch/single equivalence break for those environments.
import { AgentState, Coordinates, ValidationError, definePlugin, roundHalfEven } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  turn: z.number().gt(0).lt(360).default(90),
});

const step = (deg) => {
  const rad = (deg * Math.PI) / 180;
  return [roundHalfEven(Math.cos(rad)), roundHalfEven(Math.sin(rad))];
};

class TurnActions {
  #space = new Discrete(3);

  constructor({ turn }) {
    this.turn = turn;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "0 (forward), 1 (left) or 2 (right)", action);
    if (action === 1) return state.withOrientation(state.orientation + this.turn);
    if (action === 2) return state.withOrientation(state.orientation - this.turn);
    const [dx, dy] = step(state.orientation);
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + dx));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + dy));
    return new AgentState({ ...state.toInit(), position: new Coordinates(x, y) });
  }

  processActionBatch(actions, agents, context, indices, count) {
    for (let k = 0; k < count; k++) {
      const i = indices[k];
      const a = actions[i];
      if (a === 1) agents.orientation[i] = (agents.orientation[i] + this.turn) % 360;
      else if (a === 2) agents.orientation[i] = agents.orientation[i] - this.turn;
      else {
        const [dx, dy] = step(agents.orientation[i]);
        agents.x[i] = Math.min(context.gridWidth - 1, Math.max(0, agents.x[i] + dx));
        agents.y[i] = Math.min(context.gridHeight - 1, Math.max(0, agents.y[i] + dy));
      }
    }
  }

  getMetadata() {
    return { type: "surge_turn", parameters: { turn: this.turn }, movement_model: "forward_turn", orientation_dependent: true };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@vecsim/plume-action-turn",
  options,
  create: (o) => new TurnActions(o),
});

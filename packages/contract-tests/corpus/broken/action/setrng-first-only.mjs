// @chemotaxis/plume-action-run-tumble — RUN (forward one cell) or TUMBLE (new random heading), with
// the heading drawn from the generator the env injects through setRng().
// BUG (independent judgement): setRng keeps the first generator it is ever given ("the env's generator
// is the same object for the whole run"). But the env re-creates its generator on every seeded reset
// and injects the new one; this processor keeps drawing from the stale generator, so reset({ seed: 7 })
// does not reproduce the episode. A fresh instance behaves, so one-shot checks pass.
import { ValidationError, definePlugin, roundHalfEven } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

class RunTumbleActions {
  #space = new Discrete(2);
  #rng;

  get actionSpace() {
    return this.#space;
  }

  setRng(rng) {
    this.#rng ??= rng;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "0 (run) or 1 (tumble)", action);
    if (action === 1) {
      if (this.#rng === undefined) throw ValidationError.invalid("rng", "a generator injected with setRng before a TUMBLE", undefined);
      return state.withOrientation(this.#rng.uniform(0, 360));
    }
    const rad = (state.orientation * Math.PI) / 180;
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + roundHalfEven(Math.cos(rad))));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + roundHalfEven(Math.sin(rad))));
    return state.withPosition([x, y]);
  }

  getMetadata() {
    return { type: "run_tumble", parameters: {}, movement_model: "run_and_tumble", orientation_dependent: true };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@chemotaxis/plume-action-run-tumble",
  options: z.strictObject({}),
  create: () => new RunTumbleActions(),
});

export const contract = { capabilities: { usesRng: true } };

// @normalise/plume-reward-relative — reward = concentration at the new cell relative to the plume's
// peak, so plumes of any strength give rewards in [0, 1].
// BUG (realistic inputs / hidden history): the peak is found by scanning the field once and cached in
// the instance ("the plume does not change during training"). A different field later — another env
// sharing the reward, a movie plume's next frame, a new plume after reset — is normalised by the old
// peak, and rewards exceed the declared range [0, 1] when the new field is stronger.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({});

class RelativeConcentrationReward {
  #peak;

  #scanPeak(field) {
    const g = field.gridSize;
    if (g === undefined) return 1;
    let peak = 0;
    for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) peak = Math.max(peak, field.sample(x, y));
    return peak > 0 ? peak : 1;
  }

  computeReward(prev, action, next, field) {
    if (field instanceof Float32Array) return 0;
    this.#peak ??= this.#scanPeak(field);
    return Math.max(0, field.sample(next.position.x, next.position.y)) / this.#peak;
  }

  getMetadata() {
    return { type: "relative_concentration", parameters: {}, reward_range: [0, 1] };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@normalise/plume-reward-relative",
  options,
  create: () => new RelativeConcentrationReward(),
});

// @bayes/plume-reward-odds — rewards the change in the odds c / (1 - c) of the concentration, "the
// evidence an ideal observer gains", scaled by `gain`; reading the field through its public sample().
// BUG (float boundaries: readings of exactly 1): at the source, and anywhere a plume reaches exactly 1
// (several sources, a saturated plateau), 1 - c = 0 and the odds are Infinity, so a step onto the source
// gives +Infinity and a step along a plateau of 1 gives NaN. Gaussian fields reach 1 only on the source
// cell itself, which random transitions rarely land on.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  gain: z.number().positive().max(10).default(0.01),
});

function odds(field, p) {
  if (field instanceof Float32Array) return 0;
  const c = field.sample(p.x, p.y);
  return c / (1 - c);
}

class OddsGainReward {
  constructor({ gain }) {
    this.gain = gain;
  }

  computeReward(prevState, _action, nextState, plumeField) {
    return this.gain * (odds(plumeField, nextState.position) - odds(plumeField, prevState.position));
  }

  getMetadata() {
    return { type: "odds_gain", parameters: { gain: this.gain } };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@bayes/plume-reward-odds",
  options,
  create: (o) => new OddsGainReward(o),
});

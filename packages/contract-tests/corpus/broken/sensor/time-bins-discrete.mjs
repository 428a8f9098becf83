// @chrono/plume-sensor-time-bins — "how long have I been searching?" as a log-scale time bin, for tabular
// agents that key their Q-table on (odour present, time bin). Bin k covers steps [2^k - 1, 2^(k+1) - 1).
// BUG (time): the author sized the Discrete space for "episodes of at most 65,535 steps" — 16 bins — but
// the bin is computed without a cap, so from step 65,535 on the time bin is 16, outside Discrete(16)
// (and from step 131,071 on, 17 ...). Every episode the author ran was 500 steps long.
import { definePlugin } from "@plume/core-types";
import { Discrete, Tuple } from "@plume/spaces";
import * as z from "zod";

const TIME_BINS = 16;

const options = z.strictObject({
  /** Concentration above which the odour counts as present. */
  threshold: z.number().min(0).max(1).default(0.1),
});

function timeBin(step) {
  return Math.floor(Math.log2(step + 1));
}

class TimeBinSensor {
  #space = new Tuple([new Discrete(2), new Discrete(TIME_BINS)]);

  constructor({ threshold }) {
    this.threshold = threshold;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const present = envState.concentration_field.sample(x, y) > this.threshold ? 1 : 0;
    return [present, timeBin(envState.step_count)];
  }

  getMetadata() {
    return {
      type: "odour_time_bins",
      modality: "composite",
      parameters: { threshold: this.threshold, bins: TIME_BINS },
      required_state_keys: ["agent_state", "concentration_field", "step_count"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@chrono/plume-sensor-time-bins",
  options,
  create: (o) => new TimeBinSensor(o),
});

// Checks a small sensor against the ObservationModel contract with the runner-agnostic core API
// (no vitest), then shows what a broken variant reports. Run: node examples/check-a-sensor.mjs
import { ndarray } from "@plume/core-types";
import { checkObservationModel, formatReport, resultOf } from "@plume/contract-tests";
import { Box } from "@plume/spaces";

// A concentration sensor: the odour at the agent's cell, clamped into its Box(0, 1, [1]) space.
class ConcentrationSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  constructor(gain = 1) {
    this.gain = gain;
  }
  get observationSpace() {
    return this.#space;
  }
  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const reading = this.gain * envState.concentration_field.sample(x, y);
    return ndarray("float32", [1], [this.gain === 1 ? Math.min(1, Math.max(0, reading)) : reading]);
  }
  getMetadata() {
    return {
      type: "concentration_sensor",
      modality: "olfactory",
      parameters: { gain: this.gain },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

// 1. A correct sensor: every check passes (gated checks whose gate is closed are skipped, never "passed").
const good = checkObservationModel(() => new ConcentrationSensor(), { seed: 42, numRuns: 30 });
console.log(formatReport(good));

// 2. A planted bug: a gain of 2 without the clamp leaves the [0, 1] space near the source.
const bad = checkObservationModel(() => new ConcentrationSensor(2), { seed: 42, numRuns: 30 });
const broken = resultOf(bad, "obs.space-containment");
console.log(`\nwith gain 2 and no clamp: ${broken.id} -> ${broken.status}`);
console.log(broken.message.split("\n").slice(1).join("\n"));

if (!good.ok || bad.ok || broken.status !== "failed") {
  console.error("unexpected result");
  process.exit(1);
}
console.log(`\ncorrect sensor: ${good.counts.passed} passed, ${good.counts.skipped} skipped; broken sensor rejected with ${broken.id}`);

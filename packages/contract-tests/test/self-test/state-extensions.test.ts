/**
 * Sensors that read env-state extensions (`EnvStateExtension`, e.g. an obstacle map): with the
 * environment's extensions given as `stateExtensions`, every check sees the key and `obs.required-keys`
 * holds such a sensor to its declaration; without them, or with an undeclared read, it fails.
 */
import { ndarray, type EnvState, type EnvStateExtension, type EnvStateWith, type NDArray, type ObservationModel } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import { applyStateExtensions, arb, checkObservationModel, resultOf } from "../../src/index.js";

/** A wall map for any grid: the cells with (x + y) % 3 == 0 are walls. */
const walls: EnvStateExtension<"walls", Uint8Array> = {
  key: "walls",
  value: (state) => {
    const { width, height } = state.grid_size;
    return Uint8Array.from({ length: width * height }, (_, i) => ((i % width) + Math.floor(i / width)) % 3 === 0 ? 1 : 0);
  },
};

type WallState = EnvStateWith<[typeof walls]>;

/** Whether the agent stands on a wall: reads `walls`, `agent_state` and `grid_size`. */
class WallSensor implements ObservationModel<NDArray<"float32">, WallState> {
  readonly #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  constructor(private readonly declared: readonly string[]) {}
  get observationSpace(): Box {
    return this.#space;
  }
  getObservation(state: WallState): NDArray<"float32"> {
    const { x, y } = state.agent_state.position;
    return ndarray("float32", [1], [state.walls[y * state.grid_size.width + x] as number]);
  }
  getMetadata() {
    return { type: "wall_sensor", modality: "tactile", parameters: {}, required_state_keys: [...this.declared] };
  }
}

const OPTIONS = { seed: 7, numRuns: 10 };

describe("sensors reading env-state extensions", () => {
  it("applyStateExtensions computes each key from the base state", () => {
    const state = arb.buildEnvState(arb.defaultEnvStateSpec({ grid: [4, 3] })) as EnvState;
    const extended = applyStateExtensions(state, [walls]) as WallState;
    expect(Array.from(extended.walls)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
    expect(extended.agent_state).toBe(state.agent_state);
    expect("walls" in state).toBe(false);
  });

  it("with the environment's stateExtensions, a sensor declaring its keys passes every check", () => {
    const report = checkObservationModel(() => new WallSensor(["agent_state", "grid_size", "walls"]) as never, { ...OPTIONS, stateExtensions: [walls] });
    expect(report.ok, report.results.filter((r) => r.status === "failed").map((r) => `${r.id}: ${r.message}`).join("\n")).toBe(true);
    expect(resultOf(report, "obs.required-keys").status).toBe("passed");
  });

  it("obs.required-keys fails a sensor that reads an extension key it does not declare", () => {
    const report = checkObservationModel(() => new WallSensor(["agent_state", "grid_size"]) as never, { ...OPTIONS, stateExtensions: [walls] });
    expect(resultOf(report, "obs.required-keys").status).toBe("failed");
  });

  it("without the extensions, obs.required-keys says to give them", () => {
    const report = checkObservationModel(() => new WallSensor(["agent_state", "grid_size", "walls"]) as never, OPTIONS);
    const result = resultOf(report, "obs.required-keys");
    expect(result.status).toBe("failed");
    expect(result.message).toContain("stateExtensions");
  });

  it("a malformed extension is a ValidationError naming stateExtensions", () => {
    expect(() => checkObservationModel(() => new WallSensor(["walls"]) as never, { ...OPTIONS, stateExtensions: [{ key: "walls" } as never] })).toThrow(/stateExtensions/);
  });
});

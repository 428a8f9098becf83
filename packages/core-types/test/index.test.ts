/** The runtime surface of the entry point. Removing or renaming an export breaks other packages: update deliberately. */
import { describe, expect, it, vi } from "vitest";
import * as api from "../src/index.js";

describe("@plume/core-types entry point", () => {
  it("exports exactly this runtime API", () => {
    expect(Object.keys(api).sort()).toEqual([
      "AgentState",
      "ComponentError",
      "ConfigurationError",
      "Coordinates",
      "DTYPES",
      "ENV_STATE_KEYS",
      "EnvLifecycle",
      "ErrorCode",
      "GridSize",
      "MAX_GRID_DIMENSION",
      "MAX_SEED",
      "PLUGIN_KINDS",
      "PLUGIN_NAME_PATTERN",
      "PlumeError",
      "RenderingError",
      "STATE_KEY_PATTERN",
      "StateError",
      "ValidationError",
      "agentStateDataSchema",
      "agentStateSchema",
      "allocate",
      "assertShape",
      "closestName",
      "coordinatesDataSchema",
      "coordinatesObjectSchema",
      "coordinatesSchema",
      "definePlugin",
      "describeValue",
      "didYouMean",
      "dtypeInfo",
      "dtypeOfTypedArray",
      "gridSizeDataSchema",
      "gridSizeObjectSchema",
      "gridSizeSchema",
      "hasActionBatch",
      "hasObservationBatch",
      "hasRewardBatch",
      "isBigIntDType",
      "isDType",
      "isEnvStateExtension",
      "isNDArray",
      "isPlugin",
      "isPlumeError",
      "isPromiseLike",
      "isTimeVaryingField",
      "libm",
      "ndarray",
      "normalizeOrientation",
      "parseWithSchema",
      "pluginDefinitionSchema",
      "resetOptionsSchema",
      "roundHalfEven",
      "schemaKeysAt",
      "seedSchema",
      "shapeSize",
      "shapesEqual",
      "toNested",
      "toNumbers",
    ]);
  });

  it("does not call Math.random on the main paths (the contract kit's trap probe)", () => {
    const random = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random called");
    });
    try {
      const state = new api.AgentState({ position: [1, 2], orientation: -30 });
      state.withPosition(new api.GridSize(4, 4).clamp({ x: 9, y: -3 })).toJSON();
      api.Coordinates.fromJSON([1, 2]).distanceTo({ x: 4, y: 6 });
      expect(random).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
    }
  });
});

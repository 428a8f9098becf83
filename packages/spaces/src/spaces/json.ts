/** `spaceFromJSON`: reads any space's `toJSON()` output back, dispatching on its `type` tag. */
import { ValidationError } from "@plume/core-types";
import { Box } from "./box.js";
import { Dict } from "./dict.js";
import { Discrete } from "./discrete.js";
import { MultiBinary } from "./multi-binary.js";
import { MultiDiscrete } from "./multi-discrete.js";
import { OneOf } from "./oneof.js";
import { Sequence } from "./sequence.js";
import type { Space } from "./space.js";
import { Text } from "./text.js";
import { Tuple } from "./tuple.js";

/** The `type` tags `spaceFromJSON` understands. */
export const SPACE_TYPES = Object.freeze([
  "Box",
  "Discrete",
  "MultiDiscrete",
  "MultiBinary",
  "Text",
  "Dict",
  "Tuple",
  "Sequence",
  "OneOf",
] as const);

export type SpaceType = (typeof SPACE_TYPES)[number];

/**
 * Rebuilds a space from `space.toJSON()` (or the equivalent parsed JSON text). The result equals
 * the original (`equals`); its generator is fresh (seed it to reproduce samples).
 */
export function spaceFromJSON(json: unknown): Space<unknown> {
  const type = typeof json === "object" && json !== null ? (json as { type?: unknown }).type : undefined;
  switch (type) {
    case "Box":
      return Box.fromJSON(json);
    case "Discrete":
      return Discrete.fromJSON(json);
    case "MultiDiscrete":
      return MultiDiscrete.fromJSON(json);
    case "MultiBinary":
      return MultiBinary.fromJSON(json);
    case "Text":
      return Text.fromJSON(json);
    case "Dict":
      return Dict.fromJSON(json);
    case "Tuple":
      return Tuple.fromJSON(json);
    case "Sequence":
      return Sequence.fromJSON(json);
    case "OneOf":
      return OneOf.fromJSON(json);
    default:
      throw ValidationError.invalid("type", `one of ${SPACE_TYPES.join(", ")}`, type);
  }
}

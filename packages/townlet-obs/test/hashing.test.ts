import { describe, expect, it } from "vitest";
import { actionIdHash, agentEmbedding, blake2sDigest } from "../src/index.js";

describe("BLAKE2s helpers", () => {
  it("matches Python's hashlib.blake2s digest", () => {
    expect([...blake2sDigest("alice")]).toEqual([
      38, 242, 132, 25, 203, 225, 129, 215, 14, 183, 17, 1, 224, 150, 59, 165, 145, 115, 127, 141, 103, 82, 197, 63,
      192, 33, 179, 2, 34, 250, 163, 95,
    ]);
  });

  it("hashes the action kind: first 4 bytes little-endian / 2^32", () => {
    expect(actionIdHash("")).toBe(0);
    expect(actionIdHash("move")).toBe(0.7048751648981124);
    expect(actionIdHash("request")).toBe(0.34567164815962315);
    expect(actionIdHash("ünïcode")).toBe(0.23626612382940948);
    expect(Math.fround(actionIdHash("move"))).toBe(0.7048751711845398);
  });

  it("embeds agent ids as byte/255 in float32, the reference's values for bob", () => {
    expect([...agentEmbedding("bob", 8)]).toEqual([
      0.12156862765550613, 0.5921568870544434, 0.9843137264251709, 0.4117647111415863, 0.6313725709915161,
      0.4431372582912445, 0.23137255012989044, 0.8509804010391235,
    ]);
    expect(agentEmbedding("bob", 32)).toHaveLength(32);
    expect(agentEmbedding("bob", 1)[0]).toBe(Math.fround(31 / 255));
  });
});

/**
 * Conformance against the reference's golden observations in ../shared/fixtures/townlet/.
 * Every JSON file in that folder is a case, so added cases run without code changes.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fixturesDir, readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { ObservationBuilder, PlainWorld, type ObservationConfigInput } from "../src/index.js";

interface FixtureCase {
  name: string;
  variant: string;
  config: ObservationConfigInput;
  world: { observer: string; terminated?: string[] };
  expected: {
    map: { shape: number[]; channels: string[]; data: number[] } | null;
    features: number[];
    feature_names: string[];
    metadata: Record<string, unknown> | null;
  };
}

const TOLERANCE = 1e-6;
const files = readdirSync(join(fixturesDir(), "townlet"))
  .filter((f) => f.endsWith(".json"))
  .sort();

function maxAbsError(actual: ArrayLike<number>, expected: readonly number[]): number {
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  return worst;
}

/** Deep equality with float tolerance for numbers (metadata floats are float64, compared to 1e-12). */
function expectClose(actual: unknown, expected: unknown, path = "metadata"): void {
  if (typeof expected === "number") {
    expect(typeof actual, path).toBe("number");
    expect(Math.abs((actual as number) - expected), path).toBeLessThanOrEqual(1e-12);
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, path).toBe(expected.length);
    expected.forEach((item, i) => expectClose((actual as unknown[])[i], item, `${path}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === "object") {
    expect(actual !== null && typeof actual === "object", path).toBe(true);
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) {
      expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
    return;
  }
  expect(actual, path).toEqual(expected);
}

describe("townlet reference fixtures", () => {
  it("finds the fixture files", () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  describe.each(files)("%s", (file) => {
    const fixture = readFixture(`townlet/${file}`) as FixtureCase;
    const builder = new ObservationBuilder(fixture.config);
    const world = PlainWorld.from(fixture.world);
    const observation = builder.buildBatch(world, { terminated: fixture.world.terminated ?? [] }).get(fixture.world.observer);

    it("builds an observation for the observer", () => {
      expect(observation).toBeDefined();
      expect(builder.variant).toBe(fixture.variant);
    });

    it("reproduces the feature names and features within 1e-6", () => {
      expect(observation!.metadata.feature_names).toEqual(fixture.expected.feature_names);
      expect(observation!.features.shape).toEqual([fixture.expected.features.length]);
      expect(maxAbsError(observation!.features.data, fixture.expected.features)).toBeLessThanOrEqual(TOLERANCE);
    });

    // The social-snippet gold fixture records features only (map and metadata are null there).
    const expectedMap = fixture.expected.map;
    if (expectedMap !== null) {
      it("reproduces the map within 1e-6", () => {
        expect(observation!.map.shape).toEqual(expectedMap.shape);
        expect(observation!.metadata.map_channels).toEqual(expectedMap.channels);
        expect(maxAbsError(observation!.map.data, expectedMap.data)).toBeLessThanOrEqual(TOLERANCE);
      });
    }

    const expectedMetadata = fixture.expected.metadata;
    if (expectedMetadata !== null) {
      it("reproduces the metadata", () => {
        expectClose(JSON.parse(JSON.stringify(observation!.metadata)), expectedMetadata);
      });
    }
  });
});

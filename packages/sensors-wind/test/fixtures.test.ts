/**
 * Reference parity with the recorded plume_nav_sim wind-sensor episodes (../shared/fixtures/plume-nav-sim):
 * - selector-wind-vector (direction 30, speed 0.8, no noise): every observation equals the constant wind;
 * - selector-wind-vector-noise (direction 90, speed 1, noise_std 0.1, seed 4): with the env's generator
 *   `Generator.fromSeed(4)` (one draw for the start position at reset), every observation of the episode is
 *   reproduced bit for bit (the fixtures allow 1e-6).
 */
import { AgentState, Coordinates, GridSize } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { WindVectorSensor } from "../src/index.js";
import { constantWind, envState } from "./helpers.js";

interface Rec {
  readonly obs: readonly number[];
  readonly orientation: number;
  readonly info: { readonly agent_position: [number, number] };
}
interface Fixture {
  readonly observation_space: string;
  readonly kwargs: { readonly grid_size: [number, number]; readonly wind_direction_deg: number; readonly wind_speed: number; readonly wind_noise_std?: number };
  readonly episodes: readonly { readonly seed: number | null; readonly reset: Rec; readonly steps: readonly Rec[] }[];
}

const load = (name: string) => readFixture(`plume-nav-sim/${name}`) as Fixture;

function stateFor(fixture: Fixture, rec: Rec) {
  const grid = GridSize.fromJSON(fixture.kwargs.grid_size);
  const agent = new AgentState({ position: Coordinates.fromJSON(rec.info.agent_position), orientation: rec.orientation });
  return {
    ...envState({ grid, field: new Float32Array(grid.width * grid.height), agent }),
    wind_field: constantWind(fixture.kwargs.wind_direction_deg, fixture.kwargs.wind_speed),
  };
}

describe("WindVectorSensor vs plume-nav-sim/selector-wind-vector.json", () => {
  const fixture = load("selector-wind-vector.json");
  const sensor = new WindVectorSensor({ noiseStd: fixture.kwargs.wind_noise_std ?? 0 });

  it("has the reference's observation space", () => {
    expect(String(sensor.observationSpace)).toBe(fixture.observation_space);
  });

  it("returns the wind field's vector, exactly, for every recorded state", () => {
    const records = fixture.episodes.flatMap((e) => [e.reset, ...e.steps]);
    for (const rec of records) expect(Array.from(sensor.getObservation(stateFor(fixture, rec)).data)).toEqual(rec.obs);
    expect(records).toHaveLength(31);
    // the reference's wind y sign: direction 30 -> (0.8 cos 30, -0.8 sin 30)
    expect(records[0]?.obs).toEqual([0.6928203105926514, -0.4000000059604645]);
  });
});

describe("WindVectorSensor vs plume-nav-sim/selector-wind-vector-noise.json", () => {
  const fixture = load("selector-wind-vector-noise.json");

  it("reproduces every noisy observation bit for bit from the environment's generator", () => {
    const sensor = new WindVectorSensor({ noiseStd: fixture.kwargs.wind_noise_std as number });
    const episode = fixture.episodes[0];
    if (episode === undefined) throw new Error("fixture has no episode");
    const rng = Generator.fromSeed(episode.seed as number);
    rng.random(); // the reset's start-position draw, made by the environment before the first observation
    const records = [episode.reset, ...episode.steps];
    for (const [i, rec] of records.entries()) {
      const obs = sensor.getObservation({ ...stateFor(fixture, rec), rng });
      expect(Array.from(obs.data), `observation ${i}`).toEqual(rec.obs);
    }
    expect(records).toHaveLength(9);
  });

  it("differs from the noiseless vector, so the noise is really exercised", () => {
    const records = fixture.episodes.flatMap((e) => [e.reset, ...e.steps]);
    const base = Array.from(constantWind(fixture.kwargs.wind_direction_deg, fixture.kwargs.wind_speed).vector);
    for (const rec of records) expect(rec.obs).not.toEqual(base);
  });
});

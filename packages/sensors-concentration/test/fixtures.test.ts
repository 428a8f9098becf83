/**
 * Reference parity with the recorded plume_nav_sim episodes (../shared/fixtures/plume-nav-sim). For every
 * recorded state (reset and every step), the sensor is given the reference's field — the static Gaussian
 * `exp(-d^2 / (2 sigma^2))` around the source (= the recorded goal) — and must give the recorded observation
 * within the fixtures' 2e-7 (the reference's float32 `exp` differs in the last bit between NumPy builds).
 */
import { AgentState, Coordinates, GridSize } from "@plume/core-types";
import { readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { AntennaeArraySensor, ConcentrationHistorySensor, ConcentrationSensor } from "../src/index.js";
import { envState, gaussianField } from "./helpers.js";

interface Rec {
  readonly obs: readonly number[];
  readonly orientation: number;
  readonly info: { readonly agent_position: [number, number]; readonly goal_location: [number, number] };
}
interface Fixture {
  readonly observation_space: string;
  readonly kwargs: Record<string, unknown> & { readonly grid_size?: [number, number] };
  readonly episodes: readonly { readonly reset: Rec; readonly steps: readonly Rec[] }[];
}

const TOLERANCE = 2e-7;
const load = (name: string) => readFixture(`plume-nav-sim/${name}`) as Fixture;

/** Sigma as each route defaults it: direct 12 (or plume_params.sigma), selector 20 (or plume_sigma). */
const CONCENTRATION_CASES: readonly [string, number][] = [
  ["direct-default.json", 12],
  ["direct-small-grid.json", 12],
  ["direct-truncation.json", 12],
  ["selector-discrete-step-penalty.json", 20],
  ["selector-oriented.json", 8],
  ["selector-run-tumble.json", 20],
];

function records(fixture: Fixture): Rec[] {
  return fixture.episodes.flatMap((e) => [e.reset, ...e.steps]);
}

function stateFor(fixture: Fixture, rec: Rec, sigma: number) {
  const grid = GridSize.fromJSON(fixture.kwargs.grid_size ?? [128, 128]);
  const field = gaussianField(grid, rec.info.goal_location, sigma);
  const agent = new AgentState({ position: Coordinates.fromJSON(rec.info.agent_position), orientation: rec.orientation });
  return envState({ grid, field, agent });
}

describe.each(CONCENTRATION_CASES)("ConcentrationSensor vs plume-nav-sim/%s", (file, sigma) => {
  const fixture = load(file);

  it("has the reference's observation space", () => {
    expect(String(new ConcentrationSensor().observationSpace)).toBe(fixture.observation_space);
  });

  it("reproduces every recorded observation", () => {
    const sensor = new ConcentrationSensor();
    const all = records(fixture);
    for (const rec of all) {
      const obs = sensor.getObservation(stateFor(fixture, rec, sigma));
      expect(obs.dtype).toBe("float32");
      expect(obs.shape).toEqual([1]);
      expect(Math.abs((obs.data[0] as number) - (rec.obs[0] as number))).toBeLessThanOrEqual(TOLERANCE);
    }
    expect(all.length).toBeGreaterThan(50);
  });
});

describe("AntennaeArraySensor vs plume-nav-sim/selector-antennae.json (2 sensors at distance 2, sigma 20)", () => {
  const fixture = load("selector-antennae.json");
  // the selector builds AntennaeArraySensor(n_sensors=2, sensor_distance=2.0): angles default to [0, 180]
  const sensor = new AntennaeArraySensor({ nSensors: 2, sensorDistance: 2 });

  it("has the reference's observation space and default angles", () => {
    expect(String(sensor.observationSpace)).toBe(fixture.observation_space);
    expect(sensor.sensorAngles).toEqual([0, 180]);
  });

  it("reproduces all 301 recorded observations, including the off-grid sensors that read 0", () => {
    let offGrid = 0;
    const all = records(fixture);
    for (const rec of all) {
      const obs = sensor.getObservation(stateFor(fixture, rec, 20));
      for (let i = 0; i < 2; i++) {
        expect(Math.abs((obs.data[i] as number) - (rec.obs[i] as number))).toBeLessThanOrEqual(TOLERANCE);
        if (rec.obs[i] === 0) {
          expect(obs.data[i]).toBe(0);
          offGrid += 1;
        }
      }
    }
    expect(all).toHaveLength(301);
    expect(offGrid).toBe(20);
  });

  it("uses the reference's opposite y sign: with the grid's sign the readings would not match", () => {
    // Mirror the angles (a -> -a flips the sign of the sin term): headings 90/270 then read the wrong cells.
    const mirrored = new AntennaeArraySensor({ sensorAngles: [0, 180], sensorDistance: 2 });
    let mismatches = 0;
    for (const rec of records(fixture)) {
      const state = stateFor(fixture, rec, 20);
      const flipped = { ...state, agent_state: state.agent_state.withOrientation(-rec.orientation) };
      const obs = mirrored.getObservation(flipped);
      if (Math.abs((obs.data[0] as number) - (rec.obs[0] as number)) > TOLERANCE) mismatches += 1;
    }
    expect(mismatches).toBeGreaterThan(50);
  });
});

describe("ConcentrationHistorySensor over a recorded episode", () => {
  it("holds the last n reference observations, oldest first, padded with the first", () => {
    const fixture = load("selector-oriented.json");
    const episode = fixture.episodes[0];
    if (episode === undefined) throw new Error("fixture has no episode");
    const sensor = new ConcentrationHistorySensor({ n: 4 });
    sensor.reset();
    const seen: number[] = [];
    for (const rec of [episode.reset, ...episode.steps.slice(0, 30)]) {
      const obs = sensor.getObservation(stateFor(fixture, rec, 8));
      seen.push(rec.obs[0] as number);
      const expected = Array.from({ length: 4 }, (_, i) => seen[Math.max(0, seen.length - 4 + i)] as number);
      Array.from(obs.data).forEach((v, i) => expect(Math.abs(v - (expected[i] as number))).toBeLessThanOrEqual(TOLERANCE));
    }
  });
});

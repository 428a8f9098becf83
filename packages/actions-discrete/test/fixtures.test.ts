/**
 * Reference parity: every recorded transition of the plume_nav_sim episodes that use the 4 cardinal
 * actions is reproduced exactly from the recorded state before it (positions and orientation).
 */
import { AgentState, Coordinates, GridSize } from "@plume/core-types";
import { readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { DiscreteGridActions } from "../src/index.js";

interface Rec {
  readonly action?: number;
  readonly orientation: number;
  readonly info: { readonly agent_position: [number, number]; readonly step_count: number; readonly total_reward: number };
}
interface Fixture {
  readonly action_space: string;
  readonly kwargs: { readonly grid_size?: [number, number]; readonly step_size?: number };
  readonly episodes: readonly { readonly reset: Rec; readonly steps: readonly Rec[] }[];
}

const CASES = [
  "direct-default.json",
  "direct-small-grid.json",
  "direct-truncation.json",
  "selector-discrete-step-penalty.json",
  "selector-wind-vector.json",
  "selector-wind-vector-noise.json",
];

const stateOf = (rec: Rec) =>
  new AgentState({ position: Coordinates.fromJSON(rec.info.agent_position), orientation: rec.orientation });

describe.each(CASES)("plume-nav-sim/%s", (file) => {
  const fixture = readFixture(`plume-nav-sim/${file}`) as Fixture;
  const grid = GridSize.fromJSON(fixture.kwargs.grid_size ?? [128, 128]);
  const actions = new DiscreteGridActions({ stepSize: fixture.kwargs.step_size ?? 1 });

  it("has the reference's action space", () => {
    expect(fixture.action_space).toBe("Discrete(4)");
    expect(String(actions.actionSpace)).toBe(fixture.action_space);
  });

  it("reproduces every recorded position and orientation from the state before it", () => {
    let transitions = 0;
    for (const episode of fixture.episodes) {
      let previous = episode.reset;
      for (const step of episode.steps) {
        const next = actions.processAction(step.action as number, stateOf(previous), grid);
        expect(next.position.toJSON()).toEqual(step.info.agent_position);
        expect(next.orientation).toBe(step.orientation);
        previous = step;
        transitions += 1;
      }
    }
    expect(transitions).toBeGreaterThan(0);
  });
});

it("the replayed episodes include moves into a wall (so clamping is exercised against the reference)", () => {
  let blocked = 0;
  for (const file of CASES) {
    for (const episode of (readFixture(`plume-nav-sim/${file}`) as Fixture).episodes) {
      let previous = episode.reset;
      for (const step of episode.steps) {
        if (previous.info.agent_position.join() === step.info.agent_position.join()) blocked += 1;
        previous = step;
      }
    }
  }
  expect(blocked).toBeGreaterThan(10);
});

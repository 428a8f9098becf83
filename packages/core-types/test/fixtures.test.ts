/** Reference parity of the core types against the recorded plume_nav_sim episodes (../shared/fixtures). */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fixturesDir, readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { AgentState, Coordinates, GridSize, normalizeOrientation } from "../src/index.js";

interface StepRecord {
  readonly info: Record<string, unknown>;
  readonly orientation: number;
}
interface Fixture {
  readonly name: string;
  readonly kwargs: { readonly grid_size?: readonly [number, number] };
  readonly episodes: readonly { readonly reset: StepRecord; readonly steps: readonly StepRecord[] }[];
}

const files = readdirSync(join(fixturesDir(), "plume-nav-sim")).filter((f) => f.endsWith(".json"));

describe("plume_nav_sim fixtures", () => {
  it("are present", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  describe.each(files)("%s", (file) => {
    const fixture = readFixture(`plume-nav-sim/${file}`) as Fixture;
    const grid = GridSize.fromJSON(fixture.kwargs.grid_size ?? [128, 128], "kwargs.grid_size");
    const records = fixture.episodes.flatMap((episode) => [episode.reset, ...episode.steps]);

    it("positions and goals parse as Coordinates inside the grid", () => {
      for (const { info } of records) {
        const agent = Coordinates.fromJSON(info.agent_position, "info.agent_position");
        const goal = Coordinates.fromJSON(info.goal_location, "info.goal_location");
        expect(grid.contains(agent)).toBe(true);
        expect(grid.contains(goal)).toBe(true);
      }
    });

    it("distance_to_goal equals Coordinates.distanceTo exactly (float64)", () => {
      for (const { info } of records) {
        if (info.distance_to_goal === undefined) continue;
        const agent = Coordinates.fromJSON(info.agent_position);
        expect(agent.distanceTo(Coordinates.fromJSON(info.goal_location))).toBe(info.distance_to_goal);
      }
    });

    it("orientations are already normalised and AgentState keeps them exactly", () => {
      for (const { info, orientation } of records) {
        expect(normalizeOrientation(orientation)).toBe(orientation);
        const state = new AgentState({
          position: Coordinates.fromJSON(info.agent_position),
          orientation,
          step_count: info.step_count as number,
          total_reward: info.total_reward as number,
          goal_reached: info.goal_reached as boolean,
        });
        expect(state.toJSON()).toEqual({
          position: info.agent_position,
          orientation,
          step_count: info.step_count,
          total_reward: info.total_reward,
          goal_reached: info.goal_reached,
        });
      }
    });
  });

  it("the direct route's default source is GridSize(128, 128).center() = (64, 64)", () => {
    const fixture = readFixture("plume-nav-sim/direct-default.json") as Fixture;
    expect(new GridSize(128, 128).center().toJSON()).toEqual(fixture.episodes[0]?.reset.info.goal_location);
  });
});

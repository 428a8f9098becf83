/**
 * Reference parity with the recorded plume_nav_sim episodes (../shared/fixtures/plume-nav-sim):
 * - oriented actions (selector-oriented, step 3 on 40x40; selector-antennae, step 1 on 64x64): every transition
 *   from its recorded state gives the recorded position and orientation exactly;
 * - run-and-tumble (selector-run-tumble, step 2 on 64x48, two episodes on one environment): with the env's
 *   generator `Generator.fromSeed(9)`, the processor reproduces all 500 positions and orientations exactly.
 */
import { AgentState, Coordinates, GridSize, type RandomGenerator } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { OrientedGridActions, OrientedRunTumbleActions, RunTumbleAction } from "../src/index.js";

interface Rec {
  readonly action?: number;
  readonly orientation: number;
  readonly info: { readonly agent_position: [number, number]; readonly step_count: number; readonly total_reward: number };
}
interface Fixture {
  readonly action_space: string;
  readonly kwargs: { readonly grid_size: [number, number]; readonly step_size?: number };
  readonly episodes: readonly { readonly seed: number | null; readonly reset: Rec; readonly steps: readonly Rec[] }[];
}

const load = (name: string) => readFixture(`plume-nav-sim/${name}`) as Fixture;
const stateOf = (rec: Rec) =>
  new AgentState({
    position: Coordinates.fromJSON(rec.info.agent_position),
    orientation: rec.orientation,
    step_count: rec.info.step_count,
    total_reward: rec.info.total_reward,
  });

describe.each(["selector-oriented.json", "selector-antennae.json"])("OrientedGridActions vs plume-nav-sim/%s", (file) => {
  const fixture = load(file);
  const grid = GridSize.fromJSON(fixture.kwargs.grid_size);
  const actions = new OrientedGridActions({ stepSize: fixture.kwargs.step_size ?? 1 });

  it("has the reference's action space", () => {
    expect(String(actions.actionSpace)).toBe(fixture.action_space);
  });

  it("reproduces every transition exactly from the recorded state before it", () => {
    const seen = new Set<string>();
    let n = 0;
    for (const episode of fixture.episodes) {
      let previous = episode.reset;
      for (const step of episode.steps) {
        const before = stateOf(previous);
        const next = actions.processAction(step.action as number, before, grid);
        expect(next.position.toJSON(), `step ${n}`).toEqual(step.info.agent_position);
        expect(next.orientation, `step ${n}`).toBe(step.orientation);
        expect(next.step_count).toBe(before.step_count);
        seen.add(`${step.action}@${previous.orientation}`);
        previous = step;
        n += 1;
      }
    }
    // every action was taken at every heading, so FORWARD's sign convention is covered on both axes
    expect(seen.size).toBe(12);
  });
});

describe("OrientedRunTumbleActions vs plume-nav-sim/selector-run-tumble.json", () => {
  const fixture = load("selector-run-tumble.json");
  const grid = GridSize.fromJSON(fixture.kwargs.grid_size);

  it("has the reference's action space", () => {
    expect(String(new OrientedRunTumbleActions().actionSpace)).toBe(fixture.action_space);
  });

  it("replays both episodes exactly with the environment's generator (seed 9, stream continued across the unseeded reset)", () => {
    const actions = new OrientedRunTumbleActions({ stepSize: fixture.kwargs.step_size as number });
    const rng = Generator.fromSeed(fixture.episodes[0]?.seed as number);
    actions.setRng(rng);
    let tumbles = 0;
    for (const episode of fixture.episodes) {
      // Each reset makes one 64-bit draw for the random start position before any step (the env's job).
      rng.random();
      let state = stateOf(episode.reset);
      for (const [i, step] of episode.steps.entries()) {
        state = actions.processAction(step.action as number, state, grid);
        expect(state.position.toJSON(), `episode seed ${episode.seed} step ${i}`).toEqual(step.info.agent_position);
        expect(state.orientation, `episode seed ${episode.seed} step ${i}`).toBe(step.orientation);
        if (step.action === RunTumbleAction.TUMBLE) tumbles += 1;
      }
    }
    expect(tumbles).toBe(254);
  });

  it("reproduces every transition's geometry from the recorded state and heading (generator-independent)", () => {
    const actions = new OrientedRunTumbleActions({ stepSize: fixture.kwargs.step_size as number });
    let next = Number.NaN;
    const stub: RandomGenerator = {
      random: () => Number.NaN,
      integers: () => Number.NaN,
      standardNormal: () => Number.NaN,
      normal: () => Number.NaN,
      uniform: (low, high) => {
        expect([low, high]).toEqual([0, 360]);
        return next;
      },
    };
    actions.setRng(stub);
    for (const episode of fixture.episodes) {
      let previous = episode.reset;
      for (const step of episode.steps) {
        next = step.orientation;
        const state = actions.processAction(step.action as number, stateOf(previous), grid);
        expect(state.position.toJSON()).toEqual(step.info.agent_position);
        expect(state.orientation).toBe(step.orientation);
        previous = step;
      }
    }
  });
});

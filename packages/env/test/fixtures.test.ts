/**
 * Replays every recorded plume_nav_sim episode (../shared/fixtures/plume-nav-sim) within its README's
 * tolerances: direct cases through the constructors, selector cases through createEnvironmentFromConfig.
 */
import type { NDArray } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { PlumeEnv, createEnvironmentFromConfig, type PlumeEnvInfo } from "../src/index.js";
import { directOptions, referenceCases, selectorConfig, type ReferenceCase } from "./reference.js";

const cases = referenceCases();

async function build(c: ReferenceCase, renderMode: "rgb_array" | null): Promise<PlumeEnv<unknown, unknown>> {
  if (c.route === "direct") return new PlumeEnv({ ...directOptions(c.kwargs), renderMode }) as unknown as PlumeEnv<unknown, unknown>;
  return createEnvironmentFromConfig({ ...selectorConfig(c.kwargs), renderMode });
}

function values(obs: unknown): number[] {
  return Array.from((obs as NDArray).data as ArrayLike<number>);
}

/** The info as the fixture records it: without the aliases the README says the reference also reports. */
function recorded(info: PlumeEnvInfo): Record<string, unknown> {
  const { agent_xy, source_location, distance_to_goal, ...rest } = info;
  expect(agent_xy).toEqual(info.agent_position);
  expect(source_location).toEqual(info.goal_location);
  return distance_to_goal === undefined ? rest : { ...rest, distance_to_goal };
}

describe("reference episodes (plume_nav_sim fixtures)", () => {
  it("finds the cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
  });

  for (const c of cases) {
    it(`${c.name} (${c.route}) replays within the README tolerances`, async () => {
      const env = await build(c, "rgb_array");
      expect(String(env.actionSpace)).toBe(c.action_space);
      expect(String(env.observationSpace)).toBe(c.observation_space);
      const windCase = c.observation_space.includes("inf");
      const tolerance = windCase ? 1e-6 : 2e-7;
      let maxObsError = 0;
      let maxDistanceError = 0;
      for (const [e, episode] of c.episodes.entries()) {
        const where = `${c.name} episode ${e}`;
        const [obs, info] = env.reset(episode.seed === null ? {} : { seed: episode.seed });
        const got = values(obs);
        expect(got.length, where).toBe(episode.reset.obs.length);
        got.forEach((v, i) => (maxObsError = Math.max(maxObsError, Math.abs(v - (episode.reset.obs[i] as number)))));
        expect(recorded(info), `${where} reset info`).toEqual(episode.reset.info);
        expect("seed" in info, `${where} seed key`).toBe(episode.seed !== null);
        expect(env.agentState?.orientation, `${where} reset orientation`).toBe(episode.reset.orientation);
        for (const [s, step] of episode.steps.entries()) {
          const at = `${where} step ${s + 1}`;
          const [o, reward, terminated, truncated, stepInfo] = env.step(step.action);
          values(o).forEach((v, i) => (maxObsError = Math.max(maxObsError, Math.abs(v - (step.obs[i] as number)))));
          expect([reward, terminated, truncated], at).toEqual([step.reward, step.terminated, step.truncated]);
          const { distance_to_goal: distance, ...want } = step.info;
          const { distance_to_goal: gotDistance, ...gotInfo } = recorded(stepInfo);
          expect(gotInfo, `${at} info`).toEqual(want);
          maxDistanceError = Math.max(maxDistanceError, Math.abs((gotDistance as number) - distance));
          expect(env.agentState?.orientation, `${at} orientation`).toBe(step.orientation);
        }
        if (episode.rgb_array !== undefined) {
          const frame = env.render() as NDArray<"uint8">;
          expect(frame.shape, `${where} rgb shape`).toEqual(episode.rgb_array.shape);
          expect(Array.from(frame.data), `${where} rgb bytes`).toEqual(episode.rgb_array.data);
        }
      }
      expect(maxObsError, `${c.name} max observation error`).toBeLessThanOrEqual(tolerance);
      expect(maxDistanceError, `${c.name} max distance_to_goal error`).toBeLessThanOrEqual(1e-12);
      // The float32 field and NumPy's exp are reproduced bit for bit, so in practice the replay is exact.
      console.info(`${c.name}: max |obs - reference| = ${maxObsError}, max |distance - reference| = ${maxDistanceError}`);
      env.close();
    });
  }

  it("the direct cases also replay through make('PlumeNav-v0') (with its wrappers)", async () => {
    const { make } = await import("../src/index.js");
    for (const c of cases.filter((x) => x.route === "direct")) {
      const env = make("PlumeNav-v0", { ...directOptions(c.kwargs) }, { warn: () => undefined });
      const episode = c.episodes[0]!;
      const [, info] = env.reset(episode.seed === null ? {} : { seed: episode.seed });
      expect(info.agent_position).toEqual(episode.reset.info["agent_position"]);
      for (const step of episode.steps) {
        const [o, reward, terminated, truncated] = env.step(step.action);
        expect(values(o)).toEqual(step.obs);
        expect([reward, terminated, truncated]).toEqual([step.reward, step.terminated, step.truncated]);
      }
      env.close();
    }
  });
});

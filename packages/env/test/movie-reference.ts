/**
 * Reading the plume_nav_sim movie-plume episodes (../shared/fixtures/movie-plume) and replaying them
 * exactly (README section 6): observations as float32 with "nan" as NaN, info, flags, rewards,
 * orientations, the frame each observation was read from, the resolved movie and the rgb_array frame.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Env, EnvInfo, NDArray } from "@plume/core-types";
import type { MoviePlume } from "@plume/plume-movie";
import { fixturesDir, readFixture } from "@plume/tooling/fixtures";
import { expect } from "vitest";
import type { PlumeEnv, PlumeEnvInfo } from "../src/index.js";

type Obs = readonly (number | "nan")[];

export interface MovieStep {
  readonly action: number;
  readonly obs: Obs;
  readonly reward: number;
  readonly terminated: boolean;
  readonly truncated: boolean;
  readonly info: Readonly<Record<string, unknown>> & { readonly distance_to_goal: number };
  readonly orientation: number;
  readonly frame_index: number;
}

export interface MovieEpisode {
  readonly seed: number | null;
  readonly reset: { readonly obs: Obs; readonly info: Readonly<Record<string, unknown>>; readonly orientation: number; readonly frame_index: number };
  readonly steps: readonly MovieStep[];
  readonly rgb_array?: { readonly shape: readonly number[]; readonly data: readonly number[] };
}

export interface MovieCase {
  readonly name: string;
  readonly route: "direct" | "selector";
  readonly dataset: string;
  readonly kwargs: Readonly<Record<string, unknown>>;
  readonly action_space: string;
  readonly observation_space: string;
  readonly movie: {
    readonly num_frames: number;
    readonly grid_size: readonly [number, number];
    readonly step_policy: string;
    readonly attrs: Readonly<Record<string, unknown>>;
  };
  readonly episodes: readonly MovieEpisode[];
}

/** The movie-plume fixtures folder. */
export const movieFixturesDir = (): string => join(fixturesDir(), "movie-plume");

/** Every movie case file, by name. */
export function movieCases(): MovieCase[] {
  return readdirSync(movieFixturesDir())
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => readFixture(`movie-plume/${f}`) as MovieCase);
}

/** A case's kwargs with `movie_path` / `plume.path` made absolute (the fixtures give them relative to their folder). */
export function absoluteKwargs(c: MovieCase): Record<string, unknown> {
  const kwargs: Record<string, unknown> = { ...c.kwargs };
  if (typeof kwargs["movie_path"] === "string") kwargs["movie_path"] = join(movieFixturesDir(), kwargs["movie_path"] as string);
  const plume = kwargs["plume"];
  if (plume !== null && typeof plume === "object") {
    const spec = plume as Record<string, unknown>;
    kwargs["plume"] = { ...spec, path: join(movieFixturesDir(), spec["path"] as string) };
  }
  return kwargs;
}

/** A recorded observation: numbers exact as float32, `"nan"` as NaN. */
function expectObservation(obs: unknown, want: Obs, where: string): void {
  const got = Array.from((obs as NDArray).data as ArrayLike<number>);
  expect(got.length, where).toBe(want.length);
  got.forEach((v, i) => {
    const w = want[i];
    if (w === "nan") expect(Number.isNaN(v), `${where} element ${i} is NaN`).toBe(true);
    else expect(v, `${where} element ${i}`).toBe(w);
  });
}

function recorded(info: PlumeEnvInfo): Record<string, unknown> {
  const { agent_xy, source_location, distance_to_goal, ...rest } = info;
  expect(agent_xy).toEqual(info.agent_position);
  expect(source_location).toEqual(info.goal_location);
  return distance_to_goal === undefined ? rest : { ...rest, distance_to_goal };
}

/** Checks the resolved movie (frames, grid, step policy, attrs after overrides) against the case's. */
export function expectMovie(plume: MoviePlume, c: MovieCase): void {
  expect(plume.numFrames, `${c.name} num_frames`).toBe(c.movie.num_frames);
  expect(plume.gridSize.toTuple(), `${c.name} grid_size`).toEqual([...c.movie.grid_size]);
  expect(plume.stepPolicy, `${c.name} step_policy`).toBe(c.movie.step_policy);
  expect(JSON.parse(JSON.stringify(plume.attrs)), `${c.name} attrs`).toEqual(c.movie.attrs);
}

/**
 * Replays every episode of `c` on `env` in order, exactly: observations (NaN where recorded), rewards,
 * flags, info (`distance_to_goal` within 1e-12), orientations and frame indices (from `raw`), rgb_array.
 */
export function replayMovieCase(env: Env<unknown, unknown, EnvInfo>, raw: PlumeEnv<unknown, unknown>, c: MovieCase): void {
  expect(String(env.actionSpace)).toBe(c.action_space);
  expect(String(env.observationSpace)).toBe(c.observation_space);
  const plume = raw.plume as MoviePlume;
  expectMovie(plume, c);
  for (const [e, episode] of c.episodes.entries()) {
    const where = `${c.name} episode ${e}`;
    const [obs, info] = env.reset(episode.seed === null ? {} : { seed: episode.seed });
    expectObservation(obs, episode.reset.obs, `${where} reset obs`);
    expect(recorded(info as PlumeEnvInfo), `${where} reset info`).toEqual(episode.reset.info);
    expect(raw.agentState?.orientation, `${where} reset orientation`).toBe(episode.reset.orientation);
    expect(plume.frameIndex, `${where} reset frame`).toBe(episode.reset.frame_index);
    for (const [s, step] of episode.steps.entries()) {
      const at = `${where} step ${s + 1}`;
      const [o, reward, terminated, truncated, stepInfo] = env.step(step.action);
      expectObservation(o, step.obs, `${at} obs`);
      expect([reward, terminated, truncated], at).toEqual([step.reward, step.terminated, step.truncated]);
      const { distance_to_goal: distance, ...want } = step.info;
      const { distance_to_goal: gotDistance, ...gotInfo } = recorded(stepInfo as PlumeEnvInfo);
      expect(gotInfo, `${at} info`).toEqual(want);
      expect(Math.abs((gotDistance as number) - distance), `${at} distance_to_goal`).toBeLessThanOrEqual(1e-12);
      expect(raw.agentState?.orientation, `${at} orientation`).toBe(step.orientation);
      expect(plume.frameIndex, `${at} frame`).toBe(step.frame_index);
    }
    if (episode.rgb_array !== undefined) {
      const frame = env.render("rgb_array") as NDArray<"uint8">;
      expect(frame.shape, `${where} rgb shape`).toEqual(episode.rgb_array.shape);
      expect(Array.from(frame.data), `${where} rgb bytes`).toEqual(episode.rgb_array.data);
    }
  }
}

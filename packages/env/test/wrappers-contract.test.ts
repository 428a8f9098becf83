/**
 * Every standard wrapper around a PlumeEnv passes the contract kit's env suite (`checkEnv`, Gymnasium's
 * `check_env` and passive checker plus Plume's MUSTs), as a third party would run it.
 */
import type { EnvFactoryOptions } from "@plume/contract-tests";
import { describeEnv } from "@plume/contract-tests/vitest";
import { ContinuousActions } from "@plume/actions-continuous";
import type { Env, EnvInfo } from "@plume/core-types";
import {
  ClipAction,
  ClipReward,
  DelayObservation,
  ExtendEnvState,
  FilterObservation,
  FlattenObservation,
  FrameStackObservation,
  HumanRendering,
  NormalizeObservation,
  NormalizeReward,
  PlumeEnv,
  PlumeSearchEnv,
  RecordEpisodeStatistics,
  RecordVideo,
  RenderCollection,
  RescaleAction,
  StickyAction,
  TimeAwareObservation,
  TransformAction,
  TransformObservation,
  TransformReward,
  constantStateKey,
  type PlumeEnvOptions,
} from "../src/index.js";

type AnyEnv = Env<unknown, unknown, EnvInfo>;

/** A 16x16 PlumeEnv with the kit's render mode and max steps. */
function base(hints: EnvFactoryOptions = {}, extra: PlumeEnvOptions<unknown, unknown> = {}): PlumeEnv<unknown, unknown> {
  const { renderMode, maxSteps } = hints;
  return new PlumeEnv<unknown, unknown>({
    gridSize: [16, 16],
    ...(renderMode !== undefined && { renderMode: renderMode as "human" | "rgb_array" | null }),
    ...(maxSteps !== undefined && { maxSteps }),
    ...extra,
  });
}
const continuous = (hints?: EnvFactoryOptions) => base(hints, { action: new ContinuousActions({ maxSpeed: 2 }) as never });
const rgb = (hints: EnvFactoryOptions = {}) => base({ ...hints, renderMode: "rgb_array" });

const REWARD_SUM = "the wrapper changes rewards and passes info through unchanged (as Gymnasium's reward wrappers do), so info.total_reward stays the inner env's sum";

const WRAPPERS: readonly [string, (hints?: EnvFactoryOptions) => unknown, Record<string, string>?][] = [
  ["ClipAction", (h) => new ClipAction(continuous(h) as never)],
  ["RescaleAction", (h) => new RescaleAction(continuous(h) as never, 0, 1)],
  ["TransformObservation", (h) => new TransformObservation(base(h), (o) => o)],
  ["TransformReward", (h) => new TransformReward(base(h), (r) => 2 * r), { "env.total-reward": REWARD_SUM }],
  ["TransformAction", (h) => new TransformAction(base(h), (a: number) => a)],
  ["ClipReward", (h) => new ClipReward(base(h), 0, 0.5), { "env.total-reward": REWARD_SUM }],
  ["FrameStackObservation", (h) => new FrameStackObservation(base(h), 3)],
  // Frozen statistics: with them updating, the same seed gives other rewards on a second run (by design).
  ["NormalizeReward", (h) => Object.assign(new NormalizeReward(base(h)), { updateRunningMean: false }), { "env.total-reward": REWARD_SUM }],
  ["TimeAwareObservation", (h) => new TimeAwareObservation(base(h))],
  ["StickyAction", (h) => new StickyAction(base(h), 0.25, { repeatActionDuration: [1, 3] })],
  ["DelayObservation", (h) => new DelayObservation(base(h), 2)],
  ["FilterObservation", (h) => new FilterObservation(new PlumeSearchEnv({ gridSize: [8, 8], ...(h?.maxSteps !== undefined && { maxSteps: h.maxSteps }) }), ["agent_position"])],
  ["RenderCollection", (h) => new RenderCollection(rgb(h))],
  ["RecordVideo", (h) => new RecordVideo(rgb(h), { videoFolder: "/videos", writeFile: () => undefined })],
  ["HumanRendering", (h) => new HumanRendering(rgb(h), { terminal: { write: () => undefined, isTTY: false } })],
  ["ExtendEnvState", (h) => new ExtendEnvState(base(h), [constantStateKey("extra_key", 1)])],
  // A fixed clock: `info.episode.t` is wall-clock time, which two runs never share.
  ["RecordEpisodeStatistics", (h) => new RecordEpisodeStatistics(base(h), { clock: () => 0 })],
  ["FlattenObservation", (h) => new FlattenObservation(new PlumeSearchEnv({ gridSize: [6, 5], ...(h?.maxSteps !== undefined && { maxSteps: h.maxSteps }) }))],
  ["NormalizeObservation", (h) => Object.assign(new NormalizeObservation(base(h) as never), { updateRunningMean: false })],
];

for (const [name, factory, optOut] of WRAPPERS) {
  describeEnv(`${name}(PlumeEnv)`, (hints) => factory(hints) as AnyEnv, { numRuns: 15, ...(optOut !== undefined && { optOut }) });
}

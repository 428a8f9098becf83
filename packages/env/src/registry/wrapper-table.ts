/**
 * Re-applying `spec.additionalWrappers` in `make(spec)`: this package's wrappers, rebuilt from the
 * options they recorded (Gymnasium's `make` does the same with `WrapperSpec`s).
 */
import { ValidationError } from "@plume/core-types";
import type { AnyEnv, WrapperSpec } from "../env/types.js";
import { FlattenObservation, NormalizeObservation, RecordEpisodeStatistics } from "../wrappers/common.js";
import { HumanRendering, RenderCollection } from "../wrappers/rendering.js";
import { DelayObservation, FrameStackObservation, NormalizeReward, StickyAction, TimeAwareObservation } from "../wrappers/stateful.js";
import { ClipAction, ClipReward, FilterObservation, RescaleAction } from "../wrappers/transform.js";

type Kwargs = Readonly<Record<string, unknown>>;
type Rebuild = (env: AnyEnv, kwargs: Kwargs) => AnyEnv;

const as = <T>(value: unknown): T => value as T;

/** `@plume/env:<Name>` -> how to build it again from its recorded options. */
const REBUILD: Readonly<Record<string, Rebuild>> = Object.freeze({
  RecordEpisodeStatistics: (env, kw) => as(new RecordEpisodeStatistics(env, kw)),
  FlattenObservation: (env) => as(new FlattenObservation(env)),
  NormalizeObservation: (env, kw) => as(new NormalizeObservation(env as never, kw)),
  ClipAction: (env) => as(new ClipAction(env as never)),
  RescaleAction: (env, kw) => as(new RescaleAction(env as never, as(kw["minAction"]), as(kw["maxAction"]))),
  ClipReward: (env, kw) => as(new ClipReward(env, as(kw["minReward"]), as(kw["maxReward"]))),
  FilterObservation: (env, kw) => as(new FilterObservation(env, as(kw["filterKeys"]))),
  FrameStackObservation: (env, kw) => as(new FrameStackObservation(env, as(kw["stackSize"]), { paddingType: as(kw["paddingType"]) })),
  DelayObservation: (env, kw) => as(new DelayObservation(env, as(kw["delay"]))),
  TimeAwareObservation: (env, kw) => as(new TimeAwareObservation(env, kw)),
  StickyAction: (env, kw) => as(new StickyAction(env, as(kw["repeatActionProbability"]), { repeatActionDuration: as(kw["repeatActionDuration"]) })),
  NormalizeReward: (env, kw) => as(new NormalizeReward(env, kw)),
  RenderCollection: (env, kw) => as(new RenderCollection(env, kw)),
  HumanRendering: (env) => as(new HumanRendering(env)),
});

const PREFIX = "@plume/env:";

/**
 * Wraps `env` in each of `wrappers`, in order.
 * @throws ValidationError (`parameter` `"additionalWrappers[i]"`) for a wrapper that cannot be rebuilt: not
 * one of this package's, or one whose options were not recorded (a function option).
 */
export function applyAdditionalWrappers(env: AnyEnv, wrappers: readonly WrapperSpec[]): AnyEnv {
  return wrappers.reduce<AnyEnv>((inner, wrapper, i) => {
    const rebuild = wrapper.entryPoint.startsWith(PREFIX) ? REBUILD[wrapper.entryPoint.slice(PREFIX.length)] : undefined;
    if (rebuild === undefined || wrapper.kwargs === null) {
      throw ValidationError.invalid(
        `additionalWrappers[${i}]`,
        `a wrapper make can rebuild: one of this package's (${Object.keys(REBUILD).join(", ")}) with recorded options`,
        `${wrapper.name} (${wrapper.entryPoint}, kwargs ${wrapper.kwargs === null ? "not recorded" : "recorded"})`,
      );
    }
    return rebuild(inner, wrapper.kwargs);
  }, env);
}

/**
 * The standard wrappers against Gymnasium 1.x's documented behaviour (its docstrings and source):
 * ClipAction, RescaleAction, Transform{Observation,Reward,Action}, ClipReward, FilterObservation,
 * FrameStackObservation, DelayObservation, TimeAwareObservation, StickyAction, NormalizeReward,
 * RenderCollection, RecordVideo, HumanRendering and ExtendEnvState's neighbour, Wrapper.render(mode).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StateError, ValidationError, ndarray, type Env, type EnvInfo, type NDArray, type StepResult } from "@plume/core-types";
import { ContinuousActions } from "@plume/actions-continuous";
import { Box, Dict, Discrete, Generator, Tuple } from "@plume/spaces";
import { afterAll, describe, expect, it } from "vitest";
import {
  ClipAction,
  ClipReward,
  DelayObservation,
  FilterObservation,
  FrameStackObservation,
  HumanRendering,
  NormalizeReward,
  PlumeEnv,
  PlumeSearchEnv,
  RecordVideo,
  RenderCollection,
  RescaleAction,
  StickyAction,
  TimeAwareObservation,
  TimeLimit,
  TransformAction,
  TransformObservation,
  TransformReward,
  Wrapper,
  cappedCubicVideoSchedule,
  encodeGif,
  make,
} from "../src/index.js";
import { expectError } from "./helpers.js";

type AnyEnv = Env<unknown, unknown, EnvInfo>;

/** Records the actions the environment inside it receives. */
class ActionSpy<O, A> extends Wrapper<O, A> {
  readonly actions: A[] = [];
  override step(action: A): StepResult<O, EnvInfo> {
    this.actions.push(action);
    return super.step(action);
  }
}

const small = () => new PlumeEnv({ gridSize: [10, 10], sourceLocation: [7, 7], startLocation: [1, 1] });
const continuous = () => new PlumeEnv<NDArray<"float32">, NDArray>({ gridSize: [20, 20], sourceLocation: [15, 15], startLocation: [2, 2], action: new ContinuousActions({ maxSpeed: 3 }) as never });
const data = (x: unknown): number[] => Array.from((x as NDArray).data as ArrayLike<number>);
const f32 = (...values: number[]) => ndarray("float32", [values.length], values);

describe("ClipAction", () => {
  it("the action space has infinite bounds; actions reach the env clipped to its Box", () => {
    const spy = new ActionSpy(continuous());
    const env = new ClipAction(spy as never);
    expect(String(env.actionSpace)).toBe("Box(-inf, inf, (2,), float32)");
    env.reset({ seed: 0 });
    env.step(f32(5, -2));
    expect(data(spy.actions[0])).toEqual([1, -1]);
    expect((spy.actions[0] as NDArray).dtype).toBe("float32");
    env.step(f32(0.25, -0.5));
    expect(data(spy.actions[1])).toEqual([0.25, -0.5]);
    // Only elements of its own action space: a float32 NDArray of shape [2] (no NaN), never a plain array.
    for (const bad of [f32(1), f32(Number.NaN, 0), [1, 1], ndarray("float64", [2], [1, 1])]) expectError(() => env.step(bad as never), ValidationError, "action");
    expect(spy.actions).toHaveLength(2);
    expectError(() => new ClipAction(small() as never), ValidationError, "env.actionSpace");
  });
});

describe("RescaleAction", () => {
  it("maps [minAction, maxAction] affinely onto the env's bounds (max -> high, min -> low)", () => {
    const spy = new ActionSpy(continuous());
    const env = new RescaleAction(spy as never, -0.5, [0, 0.5]);
    expect(String(env.actionSpace)).toBe("Box(-0.5, [0.  0.5], (2,), float32)");
    env.reset({ seed: 0 });
    env.step(f32(0, 0.5));
    env.step(f32(-0.5, -0.5));
    env.step(f32(-0.25, 0));
    expect(spy.actions.map(data)).toEqual([[1, 1], [-1, -1], [0, 0]]);
    expectError(() => env.step(f32(0.5, 0)), ValidationError, "action"); // outside [min, max]
    expectError(() => new RescaleAction(continuous() as never, 1, 1), ValidationError, "minAction");
    expectError(() => new RescaleAction(continuous() as never, [0, 0, 0], 1), ValidationError, "minAction");
    expectError(() => new RescaleAction(small() as never, 0, 1), ValidationError, "env.actionSpace");
  });
});

describe("TransformObservation / TransformReward / TransformAction", () => {
  it("apply their function; the space is the given one, else the env's", () => {
    const space = new Box({ low: 0, high: 10, shape: [1], dtype: "float32" });
    const obs = new TransformObservation(small(), (o: NDArray<"float32">) => ndarray("float32", [1], [(o.data[0] as number) * 10]), space);
    expect(obs.observationSpace).toBe(space);
    const [o] = obs.reset({ seed: 1 });
    const [plain] = small().reset({ seed: 1 });
    expect(data(o)).toEqual([Math.fround((plain.data[0] as number) * 10)]);
    const same = small();
    expect(new TransformObservation(same, (x) => x).observationSpace).toBe(same.observationSpace);
    const rew = new TransformReward(new PlumeEnv({ gridSize: [3, 3], sourceLocation: [1, 1], startLocation: [1, 0] }), (r) => r * 2 + 1);
    rew.reset();
    expect(rew.step(0)[1]).toBe(3);
    const spy = new ActionSpy(small());
    const act = new TransformAction(spy, (a: number) => 3 - a, new Discrete(4, { start: 0 }));
    act.reset();
    act.step(2);
    expect(spy.actions).toEqual([1]);
    expect(String(act.actionSpace)).toBe("Discrete(4)");
    expectError(() => new TransformReward(small(), 3 as never), ValidationError, "func");
    expectError(() => new TransformObservation(small(), (x) => x, {} as never), ValidationError, "observationSpace");
  });
});

describe("ClipReward", () => {
  it("clips into [min, max]; either bound may be missing, not both; min <= max", () => {
    const goal = () => new PlumeEnv({ gridSize: [3, 3], sourceLocation: [1, 1], startLocation: [1, 0] });
    const env = new ClipReward(goal(), 0, 0.25);
    env.reset();
    expect(env.step(0)[1]).toBe(0.25);
    const lower = new ClipReward(goal(), 2);
    lower.reset();
    expect(lower.step(0)[1]).toBe(2);
    expectError(() => new ClipReward(goal()), ValidationError, "minReward");
    expectError(() => new ClipReward(goal(), 1, 0), ValidationError, "minReward");
  });
});

describe("FilterObservation", () => {
  it("keeps the given Dict keys (observation in the given order, the space sorted as Gymnasium's Dict)", () => {
    const env = new FilterObservation(new PlumeSearchEnv({ gridSize: [6, 5], startLocation: [2, 3], sourceLocation: [4, 1] }), ["source_location", "agent_position"]);
    expect((env.observationSpace as unknown as Dict).keys).toEqual(["agent_position", "source_location"]);
    const [obs] = env.reset({ seed: 0 });
    expect(Object.keys(obs as object)).toEqual(["source_location", "agent_position"]);
    expect(data((obs as Record<string, NDArray>)["agent_position"])).toEqual([2, 3]);
    expect(env.observationSpace.contains(obs)).toBe(true);
    expectError(() => new FilterObservation(new PlumeSearchEnv({ gridSize: [4, 4] }), ["nope"]), ValidationError, "filterKeys");
    expectError(() => new FilterObservation(new PlumeSearchEnv({ gridSize: [4, 4] }), []), ValidationError, "filterKeys");
    expectError(() => new FilterObservation(new PlumeSearchEnv({ gridSize: [4, 4] }), ["agent_position", "agent_position"]), ValidationError, "filterKeys");
    expectError(() => new FilterObservation(small(), ["x"]), ValidationError, "env.observationSpace");
  });

  it("keeps the given Tuple indices", () => {
    const box = small().observationSpace as unknown as Box;
    const tupleEnv = new TransformObservation(small(), (o: NDArray) => [o, 7], new Tuple([box, new Discrete(10)]) as never);
    const env = new FilterObservation(tupleEnv as AnyEnv, [1]);
    expect(String(env.observationSpace)).toBe("Tuple(Discrete(10))");
    expect(env.reset({ seed: 0 })[0]).toEqual([7]);
    expectError(() => new FilterObservation(tupleEnv as AnyEnv, [2]), ValidationError, "filterKeys");
  });
});

describe("FrameStackObservation", () => {
  const first = () => small().reset({ seed: 3 })[0];
  it('pads with the reset observation by default ("reset"), with zeros ("zero"), or a custom observation', () => {
    const env = new FrameStackObservation(small(), 3);
    expect(String(env.observationSpace)).toBe("Box(0.0, 1.0, (3, 1), float32)");
    const o = first().data[0] as number;
    expect(data(env.reset({ seed: 3 })[0])).toEqual([o, o, o]);
    const zero = new FrameStackObservation(small(), 3, { paddingType: "zero" });
    expect(data(zero.reset({ seed: 3 })[0])).toEqual([0, 0, o]);
    const custom = new FrameStackObservation(small(), 3, { paddingType: ndarray("float32", [1], [0.5]) });
    expect(data(custom.reset({ seed: 3 })[0])).toEqual([0.5, 0.5, o]);
    expectError(() => new FrameStackObservation(small(), 3, { paddingType: ndarray("float32", [1], [2]) }), ValidationError, "paddingType");
    expectError(() => new FrameStackObservation(small(), 3, { paddingType: "zeros" as never }), ValidationError, "paddingType");
    expectError(() => new FrameStackObservation(small(), 0), ValidationError, "stackSize");
  });

  it("rolls: the newest observation last, the oldest dropped", () => {
    const reference = small();
    const stream = [data(reference.reset({ seed: 4 })[0])[0] as number];
    for (const a of [1, 0, 1, 0]) stream.push(data(reference.step(a)[0])[0] as number);
    const env = new FrameStackObservation(small(), 2, { paddingType: "zero" });
    const seen = [data(env.reset({ seed: 4 })[0])];
    for (const a of [1, 0, 1, 0]) seen.push(data(env.step(a)[0]));
    expect(seen).toEqual([[0, stream[0]], [stream[0], stream[1]], [stream[1], stream[2]], [stream[2], stream[3]], [stream[3], stream[4]]]);
    // A fresh array every time (no aliasing of earlier results).
    expect(seen[1]).not.toBe(seen[2]);
  });
});

describe("DelayObservation", () => {
  it("returns zeros until `delay` observations have passed, then each one that late; reset clears the queue", () => {
    const reference = small();
    const stream = [data(reference.reset({ seed: 2 })[0])[0]];
    for (const a of [1, 1, 0]) stream.push(data(reference.step(a)[0])[0]);
    const env = new DelayObservation(small(), 2);
    const seen = [data(env.reset({ seed: 2 })[0])[0]];
    for (const a of [1, 1, 0]) seen.push(data(env.step(a)[0])[0]);
    expect(seen).toEqual([0, 0, stream[0], stream[1]]);
    expect(data(env.reset({ seed: 2 })[0])).toEqual([0]);
    expect(data(new DelayObservation(small(), 0).reset({ seed: 2 })[0])).toEqual([stream[0]]);
    expectError(() => new DelayObservation(small(), -1), ValidationError, "delay");
    expectError(() => new DelayObservation(small(), 1.5), ValidationError, "delay");
  });
});

describe("TimeAwareObservation", () => {
  it("flattens [obs..., t] by default, t counting steps since reset, up to the time limit", () => {
    const env = new TimeAwareObservation(make("PlumeNav-v0", { gridSize: [10, 10] }, { warn: () => undefined }));
    expect(env.maxTimesteps).toBe(1000);
    expect(String(env.observationSpace)).toBe("Box(0.0, [   1. 1000.], (2,), float64)");
    const [o0] = env.reset({ seed: 0 });
    expect(data(o0)[1]).toBe(0);
    expect(data(env.step(1)[0])[1]).toBe(1);
    expect(data(env.step(1)[0])[1]).toBe(2);
    expect(data(env.reset({ seed: 0 })[0])[1]).toBe(0);
    // A rejected action is not a step.
    expectError(() => env.step(9), ValidationError, "action");
    expect(data(env.step(1)[0])[1]).toBe(1);
  });

  it("normalizeTime: t / maxEpisodeSteps as float32; flatten false: { obs, time }; Dict spaces get a time key", () => {
    const norm = new TimeAwareObservation(new TimeLimit(small(), 4), { normalizeTime: true });
    expect(String(norm.observationSpace)).toBe("Box(0.0, 1.0, (2,), float32)");
    norm.reset({ seed: 0 });
    expect(data(norm.step(0)[0])[1]).toBe(0.25);
    const nested = new TimeAwareObservation(new TimeLimit(small(), 4), { flatten: false });
    expect(String(nested.observationSpace)).toBe("Dict('obs': Box(0.0, 1.0, (1,), float32), 'time': Box(0, 4, (1,), int32))");
    const [o] = nested.reset({ seed: 0 });
    expect((o as Record<string, NDArray>)["time"]).toEqual(ndarray("int32", [1], [0]));
    const dict = new TimeAwareObservation(new TimeLimit(new PlumeSearchEnv({ gridSize: [4, 4] }), 9), { flatten: false, dictTimeKey: "clock" });
    expect((dict.observationSpace as unknown as Dict).keys).toEqual(["agent_position", "clock", "concentration_field", "source_location"]);
    expectError(() => new TimeAwareObservation(new TimeLimit(new PlumeSearchEnv({ gridSize: [4, 4] }), 9), { dictTimeKey: "agent_position" }), ValidationError, "dictTimeKey");
  });

  it("without a spec or TimeLimit, a PlumeEnv's own maxSteps gives the length (a Plume addition); nothing at all is an error", () => {
    expect(new TimeAwareObservation(new PlumeEnv({ gridSize: [4, 4], maxSteps: 17 })).maxTimesteps).toBe(17);
    const bare: AnyEnv = { ...small(), observationSpace: small().observationSpace, actionSpace: small().actionSpace, metadata: small().metadata, renderMode: null, reset: () => [0, {}], step: () => [0, 0, false, false, {}], render: () => undefined, close: () => undefined };
    expectError(() => new TimeAwareObservation(bare), ValidationError, "env");
  });
});

describe("StickyAction", () => {
  /** Gymnasium's algorithm on a copy of the env's generator: which actions the env should receive. */
  function expected(rng: Generator, actions: number[], p: number, [lo, hi]: [number, number]): number[] {
    let last: number | undefined;
    let sticky = false;
    let repeats = 0;
    let taken = 0;
    return actions.map((a) => {
      let chosen = a;
      if (sticky || (last !== undefined && rng.uniform(0, 1) < p)) {
        if (repeats === 0) repeats = rng.integers(lo, hi + 1);
        chosen = last as number;
        sticky = true;
        taken += 1;
      }
      if (sticky && repeats === taken) {
        sticky = false;
        repeats = 0;
        taken = 0;
      }
      last = chosen;
      return chosen;
    });
  }

  for (const [p, duration] of [[0.5, 1], [0.9, [2, 4]], [0, 1]] as const) {
    it(`repeats the previous action with probability ${p} for ${JSON.stringify(duration)} steps, drawing from the env's generator`, () => {
      const spy = new ActionSpy(new PlumeEnv({ gridSize: [200, 200], sourceLocation: [199, 199], startLocation: [100, 100] }));
      const env = new StickyAction(spy, p, { repeatActionDuration: duration as never });
      env.reset({ seed: 11 });
      const copy = (env.npRandom as Generator).clone();
      const actions = Array.from({ length: 40 }, (_, i) => [0, 1, 2, 3][(i * 7) % 4] as number);
      for (const a of actions) env.step(a);
      const range: [number, number] = typeof duration === "number" ? [duration, duration] : [duration[0], duration[1]];
      expect(spy.actions).toEqual(expected(copy, actions, p, range));
      if (p === 0) expect(spy.actions).toEqual(actions);
      else expect(spy.actions).not.toEqual(actions);
    });
  }

  it("validates its options, needs a reset first, and clears its state on reset", () => {
    expectError(() => new StickyAction(small(), 1), ValidationError, "repeatActionProbability");
    expectError(() => new StickyAction(small(), -0.1), ValidationError, "repeatActionProbability");
    expectError(() => new StickyAction(small(), 0.5, { repeatActionDuration: 0 }), ValidationError, "repeatActionDuration");
    expectError(() => new StickyAction(small(), 0.5, { repeatActionDuration: [3, 2] }), ValidationError, "repeatActionDuration");
    expectError(() => new StickyAction(small(), 0.5).step(0), StateError);
    const env = new StickyAction(small(), 0.99);
    env.reset({ seed: 0 });
    env.step(1);
    // A rejected action draws nothing and is not remembered.
    const state = (env.npRandom as Generator).state;
    expectError(() => env.step(7), ValidationError, "action");
    expect((env.npRandom as Generator).state).toEqual(state);
    expect(env.lastAction).toBe(1);
    env.reset({ seed: 0 });
    expect([env.lastAction, env.isStickyActions, env.numRepeats, env.repeatsTaken]).toEqual([undefined, false, 0, 0]);
  });
});

describe("NormalizeReward", () => {
  it("divides each reward by sqrt(var + eps) of the discounted return's running variance (not centred)", () => {
    const goal = () => new TimeLimit(new PlumeEnv({ gridSize: [3, 3], sourceLocation: [1, 1], startLocation: [1, 0] }), 50);
    const env = new NormalizeReward(goal(), { gamma: 0.9 });
    // Independent recurrence: running mean/var of the discounted return, initial count 1e-4, var 1.
    let mean = 0;
    let variance = 1;
    let count = 1e-4;
    let discounted = 0;
    const got: number[] = [];
    const want: number[] = [];
    for (let episode = 0; episode < 3; episode++) {
      env.reset({ seed: episode });
      for (const a of [1, 3, 0]) {
        const [, r, terminated, truncated] = env.step(a);
        const raw = terminated ? 1 : 0;
        discounted = discounted * 0.9 * (terminated ? 0 : 1) + raw;
        const delta = discounted - mean;
        const total = count + 1;
        const m2 = variance * count + (delta * delta * count) / total;
        mean += delta / total;
        variance = m2 / total;
        count = total;
        got.push(r);
        want.push(raw / Math.sqrt(variance + 1e-8));
        if (terminated || truncated) break;
      }
    }
    expect(got).toEqual(want);
    expect(env.discountedReward).toBe(discounted);
    env.updateRunningMean = false;
    const frozen = env.returnRms.count;
    env.reset();
    env.step(1);
    expect(env.returnRms.count).toBe(frozen);
    expectError(() => new NormalizeReward(goal(), { gamma: 1.5 }), ValidationError, "gamma");
    expectError(() => new NormalizeReward(goal(), { epsilon: 0 }), ValidationError, "epsilon");
  });
});

describe("RenderCollection", () => {
  const rgb = () => new PlumeEnv({ gridSize: [6, 4], sourceLocation: [5, 3], startLocation: [0, 0], renderMode: "rgb_array" });
  it("collects a frame per reset and step; render() returns them (and clears them with popFrames)", () => {
    const env = new RenderCollection(rgb());
    expect(env.renderMode).toBe("rgb_array_list");
    expect(env.metadata.render_modes).toEqual(["human", "rgb_array", "rgb_array_list"]);
    env.reset({ seed: 1 });
    for (let i = 0; i < 5; i++) env.step(i % 4);
    const frames = env.render() as NDArray[];
    expect(frames).toHaveLength(6);
    expect(frames[0]?.shape).toEqual([4, 6, 3]);
    expect(env.render()).toHaveLength(0);
    const keep = new RenderCollection(rgb(), { popFrames: false });
    keep.reset({ seed: 1 });
    for (let i = 0; i < 5; i++) keep.step(i % 4);
    expect(keep.render()).toHaveLength(6);
    expect(keep.render()).toHaveLength(6);
    const all = new RenderCollection(rgb(), { popFrames: false, resetClean: false });
    for (let e = 0; e < 2; e++) {
      all.reset({ seed: e });
      for (let i = 0; i < 5; i++) all.step(i % 4);
    }
    expect(all.render()).toHaveLength(12);
    expect((all.render("rgb_array") as NDArray).shape).toEqual([4, 6, 3]);
    expectError(() => new RenderCollection(small()), ValidationError, "env.renderMode");
    expectError(() => new RenderCollection(new RenderCollection(rgb())), ValidationError, "env.renderMode");
  });
});

/** The number of image frames in a GIF and its logical screen size. */
function gifFrames(bytes: Uint8Array): { frames: number; width: number; height: number } {
  expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe("GIF89a");
  const width = (bytes[6] as number) | ((bytes[7] as number) << 8);
  const height = (bytes[8] as number) | ((bytes[9] as number) << 8);
  let p = 13;
  const packed = bytes[10] as number;
  if (packed & 0x80) p += 3 * (1 << ((packed & 7) + 1));
  let frames = 0;
  const skipBlocks = () => {
    while ((bytes[p] as number) !== 0) p += (bytes[p] as number) + 1;
    p += 1;
  };
  for (;;) {
    const block = bytes[p] as number;
    if (block === 0x3b) break;
    if (block === 0x21) {
      p += 2;
      skipBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      const local = bytes[p + 9] as number;
      p += 10;
      if (local & 0x80) p += 3 * (1 << ((local & 7) + 1));
      p += 1; // LZW minimum code size
      skipBlocks();
    } else throw new Error(`bad GIF block ${block} at ${p}`);
  }
  return { frames, width, height };
}

describe("RecordVideo", () => {
  const folder = mkdtempSync(join(tmpdir(), "plume-record-video-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const rgb = (maxSteps = 4) => new TimeLimit(new PlumeEnv({ gridSize: [7, 5], sourceLocation: [6, 4], startLocation: [0, 0], renderMode: "rgb_array" }), maxSteps);

  it("records whole episodes chosen by episodeTrigger as GIFs (one frame per reset and step)", () => {
    const dir = join(folder, "episodes");
    const env = new RecordVideo(rgb(), { videoFolder: dir, episodeTrigger: (e) => e % 2 === 0 });
    for (let e = 0; e < 4; e++) {
      env.reset({ seed: e });
      for (let truncated = false; !truncated; ) truncated = env.step(0)[3];
    }
    env.close();
    expect(readdirSync(dir).sort()).toEqual(["rl-video-episode-0.gif", "rl-video-episode-2.gif"]);
    expect(gifFrames(readFileSync(join(dir, "rl-video-episode-0.gif")))).toEqual({ frames: 5, width: 7, height: 5 });
    expect(env.savedFiles).toHaveLength(2);
  });

  it("stepTrigger with videoLength: clips of videoLength + 1 frames across episodes", () => {
    const files = new Map<string, Uint8Array>();
    const env = new RecordVideo(rgb(), { videoFolder: "/virtual", stepTrigger: (t) => t % 6 === 0, videoLength: 3, namePrefix: "clip", writeFile: (p, b) => files.set(p, b) });
    for (let e = 0; e < 3; e++) {
      env.reset({ seed: e });
      for (let truncated = false; !truncated; ) truncated = env.step(1)[3];
    }
    env.close();
    expect([...files.keys()]).toEqual(["/virtual/clip-step-0.gif", "/virtual/clip-step-6.gif"]);
    for (const bytes of files.values()) expect(gifFrames(bytes).frames).toBe(4);
  });

  it("defaults to the capped cubic schedule; saves a recording in progress on close; refuses envs without images", () => {
    expect([0, 1, 2, 7, 8, 9, 27, 64, 999, 1000, 2000, 2001].map(cappedCubicVideoSchedule)).toEqual([true, true, false, false, true, false, true, true, false, true, true, false]);
    const files: string[] = [];
    const env = new RecordVideo(rgb(100), { videoFolder: "/v", writeFile: (p) => files.push(p) });
    env.reset({ seed: 0 });
    env.step(0);
    env.close();
    expect(files).toEqual(["/v/rl-video-episode-0.gif"]);
    expectError(() => new RecordVideo(small(), { videoFolder: "/v", writeFile: () => undefined }), ValidationError, "env.renderMode");
    expectError(() => new RecordVideo(rgb(), { videoFolder: "/v", videoLength: -1, writeFile: () => undefined }), ValidationError, "videoLength");
    expectError(() => new RecordVideo(rgb(), { videoFolder: "/v" }).stopRecording(), StateError);
  });

  it("encodeGif stores frames of at most 256 colours exactly and quantizes richer ones", () => {
    const frame = ndarray("uint8", [2, 3, 3], [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9, 1, 2, 3, 4, 5, 6]);
    expect(gifFrames(encodeGif([frame, frame], 10))).toEqual({ frames: 2, width: 3, height: 2 });
    const rich = ndarray("uint8", [20, 20, 3], Array.from({ length: 1200 }, (_, i) => (i * 37) % 256));
    expect(gifFrames(encodeGif([rich], 10)).frames).toBe(1);
    expectError(() => encodeGif([], 10), ValidationError, "frames");
    expectError(() => encodeGif([frame, ndarray("uint8", [3, 2, 3])], 10), ValidationError, "frames[1]");
  });
});

describe("HumanRendering", () => {
  it("draws the rgb_array frame to the terminal after every reset and step; render() returns undefined", () => {
    const writes: string[] = [];
    const terminal = { isTTY: true, columns: 200, rows: 100, write: (s: string) => writes.push(s) };
    const env = new HumanRendering(new PlumeEnv({ gridSize: [6, 4], renderMode: "rgb_array" }), { terminal });
    expect(env.renderMode).toBe("human");
    expect(env.metadata.render_modes).toContain("human");
    const frames = () => writes.filter((w) => w.includes("\u2580")).length;
    env.reset({ seed: 0 });
    env.step(1);
    expect(frames()).toBe(2);
    expect(env.render()).toBeUndefined();
    expect((env.render("rgb_array") as NDArray).shape).toEqual([4, 6, 3]);
    env.close();
    expectError(() => new HumanRendering(small()), ValidationError, "env.renderMode");
    expectError(() => new HumanRendering(new PlumeEnv({ gridSize: [4, 4], renderMode: "human" })), ValidationError, "env.renderMode");
    const withList = new HumanRendering(new RenderCollection(new PlumeEnv({ gridSize: [6, 4], renderMode: "rgb_array" })), { terminal });
    withList.reset({ seed: 0 });
    expect(frames()).toBe(3);
  });
});

describe("Wrapper.render(mode)", () => {
  it("forwards the mode through every layer to the env", () => {
    const env = new ClipReward(new FrameStackObservation(make("PlumeNav-v0", { gridSize: [5, 3] }, { warn: () => undefined }), 2), 0, 1);
    env.reset({ seed: 0 });
    expect((env.render("rgb_array") as NDArray).shape).toEqual([3, 5, 3]);
    expect(env.render()).toBeUndefined();
    expectError(() => env.render("window"), ValidationError, "mode");
  });
});

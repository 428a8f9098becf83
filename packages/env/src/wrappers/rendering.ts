/**
 * Gymnasium 1.x's rendering wrappers: `RenderCollection` (frames into a list), `RecordVideo` (episodes
 * to animated GIF files) and `HumanRendering` (`human` rendering, in the terminal, for an environment that
 * renders `rgb_array` frames).
 */
import {
  StateError,
  ValidationError,
  isNDArray,
  parseWithSchema,
  type EnvInfo,
  type EnvMetadata,
  type NDArray,
  type RenderResult,
  type ResetOptions,
  type ResetResult,
  type StepResult,
  type Env,
} from "@plume/core-types";
import * as z from "zod";
import { sleepMs } from "../internal/sleep.js";
import { encodeGif } from "../render/gif.js";
import { TerminalRenderer, type TerminalOutput } from "../render/terminal.js";
import { Wrapper } from "./wrapper.js";

function withMode(metadata: EnvMetadata, mode: string): EnvMetadata {
  const modes = metadata.render_modes ?? [];
  return Object.freeze({ ...metadata, render_modes: Object.freeze(modes.includes(mode) ? [...modes] : [...modes, mode]) });
}

// ------------------------------------------------------------------------------------------ RenderCollection

/** Options of `RenderCollection`. */
export const RenderCollectionOptionsSchema = z.strictObject({
  /** Clear the collected frames when `render()` returns them. Default true. */
  popFrames: z.boolean({ error: "a boolean" }).default(true),
  /** Clear the collected frames on `reset()`. Default true. */
  resetClean: z.boolean({ error: "a boolean" }).default(true),
});
export type RenderCollectionOptions = z.input<typeof RenderCollectionOptionsSchema>;

/**
 * Renders a frame after every `reset` and `step` and returns the collected list from `render()`
 * (Gymnasium's `RenderCollection`); the render mode becomes `"<mode>_list"`.
 */
export class RenderCollection<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly popFrames: boolean;
  readonly resetClean: boolean;
  frameList: RenderResult[] = [];
  readonly #metadata: EnvMetadata;

  /**
   * @throws ValidationError (`parameter` `"env.renderMode"`) when the environment has no render mode or
   * already renders lists.
   */
  constructor(env: Env<Obs, Act, Info>, options: RenderCollectionOptions = {}) {
    super(env);
    const parsed = parseWithSchema(RenderCollectionOptionsSchema, options, { what: "RenderCollection options" });
    const mode = env.renderMode;
    if (mode === null || mode === undefined || mode.endsWith("_list")) {
      throw ValidationError.invalid("env.renderMode", "a render mode that is set and does not end in _list (e.g. rgb_array)", mode);
    }
    this.popFrames = parsed.popFrames;
    this.resetClean = parsed.resetClean;
    this.#metadata = withMode(env.metadata, `${mode}_list`);
  }

  override get renderMode(): string {
    return `${this.env.renderMode}_list`;
  }

  override get metadata(): EnvMetadata {
    return this.#metadata;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { popFrames: this.popFrames, resetClean: this.resetClean };
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = this.env.reset(options);
    if (this.resetClean) this.frameList = [];
    this.frameList.push(this.env.render());
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    const result = this.env.step(action);
    this.frameList.push(this.env.render());
    return result;
  }

  /** The frames collected (cleared when `popFrames`); another `mode` renders one frame of that mode instead. */
  override render(mode?: string): RenderResult {
    if (mode !== undefined && mode !== this.renderMode) return this.env.render(mode);
    const frames = this.frameList;
    if (this.popFrames) this.frameList = [];
    return frames as NDArray[];
  }
}

// ------------------------------------------------------------------------------------------ RecordVideo

/**
 * Gymnasium's `capped_cubic_video_schedule`: episodes 0, 1, 8, 27, ..., 729 (perfect cubes below 1000),
 * then every 1000th.
 */
export function cappedCubicVideoSchedule(episodeId: number): boolean {
  if (episodeId < 1000) return Math.round(Math.cbrt(episodeId)) ** 3 === episodeId;
  return episodeId % 1000 === 0;
}

const triggerSchema = z.custom<(n: number) => boolean>((v) => typeof v === "function", { error: "a function (n) => boolean" });

/** Options of `RecordVideo`. */
export const RecordVideoOptionsSchema = z.strictObject({
  /** The folder the GIFs go to (created if missing). */
  videoFolder: z.string({ error: "a folder path" }).min(1, { error: "a folder path" }),
  /** Starts a recording at the reset of episode `n` (from 0) when it returns true. Default: `cappedCubicVideoSchedule` (when no `stepTrigger`). */
  episodeTrigger: triggerSchema.optional(),
  /** Starts a recording at step `n` (counted over all episodes, from 0) when it returns true. */
  stepTrigger: triggerSchema.optional(),
  /** Frames per video; 0 (default) records whole episodes (stopping at the next reset). */
  videoLength: z.int({ error: "an integer >= 0" }).min(0, { error: "an integer >= 0" }).default(0),
  /** File name prefix: `<prefix>-episode-<n>.gif` / `<prefix>-step-<n>.gif`. Default `"rl-video"`. */
  namePrefix: z.string({ error: "a string" }).default("rl-video"),
  /** Frames per second. Default: the environment's `metadata.render_fps`, else 30. */
  fps: z.number({ error: "a number > 0" }).positive({ error: "a number > 0" }).optional(),
  /** When false, each saved file is logged with `console.info`. Default true. */
  disableLogger: z.boolean({ error: "a boolean" }).default(true),
  /** Writes a file: `(path, bytes) => void`. Default: Node's `fs` (creating the folder); required where there is no `fs`. */
  writeFile: z.custom<(path: string, bytes: Uint8Array) => void>((v) => typeof v === "function", { error: "a function (path, bytes) => void" }).optional(),
});
export type RecordVideoOptions = z.input<typeof RecordVideoOptionsSchema>;

interface NodeFs {
  mkdirSync(path: string, options: { recursive: boolean }): unknown;
  writeFileSync(path: string, data: Uint8Array): void;
}

/** Node's `fs`, without importing it (this module also runs in browsers): `process.getBuiltinModule` (Node >= 20.16). */
function nodeFs(): NodeFs | undefined {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  return typeof get === "function" ? (get("node:fs") as NodeFs | undefined) : undefined;
}

/**
 * Records episodes (or fixed-length clips) of an `rgb_array` environment as animated GIFs (Gymnasium's
 * `RecordVideo`, which writes MP4 with moviepy): `<videoFolder>/<namePrefix>-episode-<n>.gif` when
 * `episodeTrigger(n)` starts a recording at a reset, `...-step-<n>.gif` when `stepTrigger(n)` does at a
 * step. A recording ends at the next reset (`videoLength` 0), after `videoLength` frames, or at `close()`.
 */
export class RecordVideo<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly videoFolder: string;
  readonly episodeTrigger: ((episodeId: number) => boolean) | undefined;
  readonly stepTrigger: ((stepId: number) => boolean) | undefined;
  /** Frames per video (Infinity: whole episodes). */
  readonly videoLength: number;
  readonly namePrefix: string;
  readonly framesPerSec: number;
  readonly disableLogger: boolean;
  recording = false;
  recordedFrames: NDArray<"uint8">[] = [];
  /** Files written so far. */
  readonly savedFiles: string[] = [];
  stepId = -1;
  episodeId = -1;
  #videoName: string | undefined = undefined;
  #renderHistory: RenderResult[] = [];
  readonly #write: (path: string, bytes: Uint8Array) => void;

  /**
   * @throws ValidationError (`parameter` `"env.renderMode"`) unless the environment renders images
   * (`rgb_array` or `rgb_array_list`); (`"writeFile"`) where Node's `fs` is not available and none is given;
   * a bad option by name.
   */
  constructor(env: Env<Obs, Act, Info>, options: RecordVideoOptions) {
    super(env);
    const parsed = parseWithSchema(RecordVideoOptionsSchema, options, { what: "RecordVideo options" });
    const mode = env.renderMode;
    if (mode === null || mode === undefined || mode === "human" || mode === "ansi") {
      throw ValidationError.invalid("env.renderMode", "a render mode that returns images, such as rgb_array", mode);
    }
    this.videoFolder = parsed.videoFolder.replace(/[\\/]+$/, "") || "/";
    this.episodeTrigger = parsed.episodeTrigger ?? (parsed.stepTrigger === undefined ? cappedCubicVideoSchedule : undefined);
    this.stepTrigger = parsed.stepTrigger;
    this.videoLength = parsed.videoLength === 0 ? Infinity : parsed.videoLength;
    this.namePrefix = parsed.namePrefix;
    const fps = parsed.fps ?? env.metadata.render_fps;
    this.framesPerSec = typeof fps === "number" && fps > 0 ? fps : 30;
    this.disableLogger = parsed.disableLogger;
    if (parsed.writeFile !== undefined) this.#write = parsed.writeFile;
    else {
      const fs = nodeFs();
      if (fs === undefined) throw ValidationError.invalid("writeFile", "a function (path, bytes) => void (there is no Node fs here)", undefined);
      fs.mkdirSync(this.videoFolder, { recursive: true });
      this.#write = (path, bytes) => fs.writeFileSync(path, bytes);
    }
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> | null {
    return null; // the triggers are functions
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = this.env.reset(options);
    this.episodeId += 1;
    if (this.recording && this.videoLength === Infinity) this.stopRecording();
    if (this.episodeTrigger?.(this.episodeId) === true) this.startRecording(`${this.namePrefix}-episode-${this.episodeId}`);
    if (this.recording) {
      this.#captureFrame();
      if (this.recordedFrames.length > this.videoLength) this.stopRecording();
    }
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    const result = this.env.step(action);
    this.stepId += 1;
    if (this.stepTrigger?.(this.stepId) === true) this.startRecording(`${this.namePrefix}-step-${this.stepId}`);
    if (this.recording) {
      this.#captureFrame();
      if (this.recordedFrames.length > this.videoLength) this.stopRecording();
    }
    return result;
  }

  override render(mode?: string): RenderResult {
    const out = mode === undefined ? this.env.render() : this.env.render(mode);
    if (this.recording && Array.isArray(out)) this.recordedFrames.push(...(out as NDArray<"uint8">[]));
    if (this.#renderHistory.length > 0) {
      const history = this.#renderHistory;
      this.#renderHistory = [];
      return [...(history as NDArray[]), ...(Array.isArray(out) ? (out as NDArray[]) : [out as NDArray])];
    }
    return out;
  }

  /** Closes the environment, then saves a recording in progress. */
  override close(): void {
    super.close();
    if (this.recording) this.stopRecording();
  }

  /** Starts recording into `<videoName>.gif` (saving a recording in progress first). */
  startRecording(videoName: string): void {
    if (this.recording) this.stopRecording();
    this.recording = true;
    this.#videoName = videoName;
  }

  /**
   * Writes the recorded frames (when there are any) and stops recording.
   * @throws StateError when not recording.
   */
  stopRecording(): void {
    if (!this.recording) throw new StateError("stopRecording() called, but no recording was started", { currentState: "IDLE", allowedStates: ["RECORDING"] });
    const frames = this.recordedFrames;
    const name = this.#videoName as string;
    this.recordedFrames = [];
    this.recording = false;
    this.#videoName = undefined;
    if (frames.length === 0) return;
    const path = `${this.videoFolder}/${name}.gif`;
    this.#write(path, encodeGif(frames, this.framesPerSec));
    this.savedFiles.push(path);
    if (!this.disableLogger) console.info(`RecordVideo: saved ${frames.length} frames to ${path}`);
  }

  #captureFrame(): void {
    let frame: unknown = this.env.render();
    if (Array.isArray(frame)) {
      if (frame.length === 0) return;
      this.#renderHistory.push(...(frame as RenderResult[]));
      frame = frame[frame.length - 1];
    }
    if (isNDArray(frame) && frame.dtype === "uint8") this.recordedFrames.push(frame as NDArray<"uint8">);
    else {
      this.stopRecording();
      throw new ValidationError("RecordVideo: render() did not return a uint8 [H, W, 3] frame", {
        parameter: "env.render",
        expected: "a uint8 NDArray of shape [H, W, 3]",
        received: frame,
      });
    }
  }
}

// ------------------------------------------------------------------------------------------ HumanRendering

/** Options of `HumanRendering`. */
export interface HumanRenderingOptions {
  /** Where frames go. Default `process.stdout` (drawn only when it is a TTY). */
  readonly terminal?: TerminalOutput | undefined;
}

const ACCEPTED_RENDER_MODES = Object.freeze(["rgb_array", "rgb_array_list"]);

/**
 * `human` rendering for an environment that renders `rgb_array` frames (Gymnasium's `HumanRendering`,
 * which opens a pygame window): after every `reset` and `step`, the frame is drawn in the terminal with
 * half blocks, at most `metadata.render_fps` frames per second. `render()` returns undefined.
 */
export class HumanRendering<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly #metadata: EnvMetadata;
  readonly #renderer: TerminalRenderer;
  readonly #fps: number;
  #screenSize: readonly number[] | undefined = undefined;
  #lastFrameAt = -Infinity;

  /**
   * @throws ValidationError (`parameter` `"env.renderMode"`) unless it is rgb_array or rgb_array_list;
   * (`"env.metadata"`) without a positive `render_fps`.
   */
  constructor(env: Env<Obs, Act, Info>, options: HumanRenderingOptions = {}) {
    super(env);
    if (!ACCEPTED_RENDER_MODES.includes(env.renderMode ?? "")) {
      throw ValidationError.invalid("env.renderMode", `one of ${ACCEPTED_RENDER_MODES.join(", ")}`, env.renderMode);
    }
    const fps = env.metadata.render_fps;
    if (typeof fps !== "number" || !(fps > 0)) throw ValidationError.invalid("env.metadata", "metadata with a positive render_fps", env.metadata);
    this.#fps = fps;
    this.#metadata = withMode(env.metadata, "human");
    const stdout = (globalThis as { process?: { stdout?: TerminalOutput } }).process?.stdout;
    this.#renderer = new TerminalRenderer(options.terminal ?? stdout ?? { write: () => undefined, isTTY: false });
  }

  override get renderMode(): string {
    return "human";
  }

  override get metadata(): EnvMetadata {
    return this.#metadata;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return {};
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = this.env.reset(options);
    this.#renderFrame();
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    const result = this.env.step(action);
    this.#renderFrame();
    return result;
  }

  /** Does nothing (frames are drawn by `reset` and `step`); another `mode` is forwarded. */
  override render(mode?: string): RenderResult {
    return mode === undefined || mode === "human" ? undefined : this.env.render(mode);
  }

  override close(): void {
    this.#renderer.finish();
    super.close();
  }

  #renderFrame(): void {
    let frame = this.env.render() as unknown;
    if (Array.isArray(frame)) frame = frame[frame.length - 1];
    if (!isNDArray(frame) || frame.dtype !== "uint8" || frame.shape.length !== 3) {
      throw new ValidationError("HumanRendering: render() did not return a uint8 [H, W, 3] frame", {
        parameter: "env.render",
        expected: "a uint8 NDArray of shape [H, W, 3]",
        received: frame,
      });
    }
    const size = frame.shape.slice(0, 2);
    if (this.#screenSize === undefined) this.#screenSize = size;
    else if (size[0] !== this.#screenSize[0] || size[1] !== this.#screenSize[1]) {
      throw new ValidationError(`HumanRendering: the frame size changed from ${this.#screenSize.join("x")} to ${size.join("x")}`, {
        parameter: "env.render",
        expected: `frames of ${this.#screenSize.join("x")}`,
        received: size,
      });
    }
    if (!this.#renderer.active) return;
    sleepMs(this.#lastFrameAt + 1000 / this.#fps - performance.now());
    this.#lastFrameAt = performance.now();
    this.#renderer.draw(frame as NDArray<"uint8">);
  }
}

import type { NDArray } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { HALF_BLOCK, PlumeEnv, RENDER_MARKERS, frameToAnsi, renderRgbArray, type TerminalOutput } from "../src/index.js";
import { GridSize, ValidationError } from "@plume/core-types";
import { expectError } from "./helpers.js";

function capture(isTTY: boolean, size: { columns?: number; rows?: number } = {}) {
  const chunks: string[] = [];
  const output: TerminalOutput = { write: (c: string) => chunks.push(c), isTTY, ...size };
  return { output, chunks };
}

const pixel = (frame: NDArray<"uint8">, x: number, y: number) => {
  const w = frame.shape[1] as number;
  const o = (y * w + x) * 3;
  return Array.from(frame.data.subarray(o, o + 3));
};

describe("rgb_array", () => {
  it("is a [H, W, 3] uint8 frame: min-max grayscale, 5x5 white source, 3x3 red agent on top", () => {
    const env = new PlumeEnv({ gridSize: [20, 12], sourceLocation: [15, 6], startLocation: [2, 2], renderMode: "rgb_array" });
    env.reset({ seed: 1 });
    const rngBefore = env.npRandom?.state;
    const frame = env.render() as NDArray<"uint8">;
    expect(frame.dtype).toBe("uint8");
    expect(frame.shape).toEqual([12, 20, 3]);
    expect(RENDER_MARKERS.source.size).toEqual([5, 5]);
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) expect(pixel(frame, 15 + dx, 6 + dy)).toEqual([255, 255, 255]);
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) expect(pixel(frame, 2 + dx, 2 + dy)).toEqual([255, 0, 0]);
    // The far corner is the field minimum: black; rows are grid rows (no flip).
    expect(pixel(frame, 0, 0)).toEqual([0, 0, 0]);
    expect(pixel(frame, 0, 11)).not.toEqual([0, 0, 0]);
    const gray = pixel(frame, 10, 6);
    expect(gray[0]).toBe(gray[1]);
    expect(gray[0]).toBeGreaterThan(0);
    // Rendering is a pure read: a new frame each call, trajectory unchanged.
    expect(env.render()).not.toBe(frame);
    expect(env.npRandom?.state).toEqual(rngBefore);
  });

  it("markers are clipped at the edges, and a constant field renders black", () => {
    const frame = renderRgbArray(new GridSize(3, 2), new Float32Array(6).fill(0.5), { x: 0, y: 0 }, { x: 2, y: 1 });
    expect(pixel(frame, 0, 0)).toEqual([255, 255, 255]);
    expect(pixel(frame, 2, 1)).toEqual([255, 0, 0]);
    const empty = renderRgbArray(new GridSize(9, 9), new Float32Array(81).fill(0.5), { x: 8, y: 8 }, { x: 7, y: 7 });
    expect(pixel(empty, 0, 0)).toEqual([0, 0, 0]);
  });

  it("render(mode) overrides the render mode for one call, as the reference's render(mode) does", () => {
    const env = new PlumeEnv({ gridSize: [6, 6] });
    env.reset({ seed: 2 });
    const frame = env.render("rgb_array") as NDArray<"uint8">;
    expect(frame.shape).toEqual([6, 6, 3]);
    expect(env.render()).toBeUndefined();
    expectError(() => env.render("rgb" as never), ValidationError, "mode");
  });

  it("renders before reset (agent at the start or centre) and without a render mode returns undefined", () => {
    const env = new PlumeEnv({ gridSize: [9, 9], sourceLocation: [0, 0], renderMode: "rgb_array" });
    expect(pixel(env.render() as NDArray<"uint8">, 4, 4)).toEqual([255, 0, 0]);
    expect(new PlumeEnv({ gridSize: [4, 4] }).render()).toBeUndefined();
  });
});

describe("human rendering (truecolor half blocks)", () => {
  it("draws the rgb_array picture with 24-bit colour escapes when stdout is a TTY", () => {
    const { output, chunks } = capture(true);
    const env = new PlumeEnv({ gridSize: [10, 6], sourceLocation: [7, 3], startLocation: [1, 1], renderMode: "human", terminal: output });
    const [,] = env.reset({ seed: 3 });
    expect(chunks.length).toBe(1);
    const first = chunks[0] as string;
    expect(first.startsWith("\x1b[2J\x1b[H")).toBe(true);
    expect(first).toContain(HALF_BLOCK);
    expect(first).toContain("\x1b[38;2;255;0;0m"); // the red agent
    expect(first).toContain("\x1b[48;2;255;255;255m"); // the white source as a lower half
    expect(first).toContain("step 0/1000");
    const lines = first.split("\n").filter((l) => l.includes(HALF_BLOCK));
    expect(lines.length).toBe(3); // 6 rows, two per line
    for (const line of lines) expect(line.split(HALF_BLOCK).length - 1).toBe(10);
    expect(env.render()).toBeUndefined();
    env.step(1);
    expect(chunks.length).toBe(3);
    expect((chunks[2] as string).startsWith("\x1b[H")).toBe(true);
    env.close();
    expect(chunks.at(-1)).toBe("\x1b[0m\n");
  });

  it("the escape text encodes every pixel: top as foreground, bottom as background", () => {
    const frame = renderRgbArray(new GridSize(2, 3), Float32Array.of(0, 1, 0, 1, 0, 1), { x: -9, y: -9 }, { x: -9, y: -9 });
    const text = frameToAnsi(frame);
    expect(text).toBe(
      "\x1b[38;2;0;0;0m\x1b[48;2;0;0;0m\u2580\x1b[38;2;255;255;255m\x1b[48;2;255;255;255m\u2580\x1b[0m\n" +
        // Each line starts after a reset, so a missing lower row keeps the default background.
        "\x1b[38;2;0;0;0m\u2580\x1b[38;2;255;255;255m\u2580\x1b[0m\n",
    );
  });

  it("writes nothing when the output is not a TTY, and downsamples to fit the terminal", () => {
    const { output, chunks } = capture(false);
    const env = new PlumeEnv({ gridSize: [8, 8], renderMode: "human", terminal: output });
    env.reset({ seed: 1 });
    env.render();
    expect(chunks).toEqual([]);
    const small = capture(true, { columns: 40, rows: 20 });
    const big = new PlumeEnv({ gridSize: [128, 128], renderMode: "human", terminal: small.output });
    big.reset({ seed: 1 });
    const lines = (small.chunks[0] as string).split("\n").filter((l) => l.includes(HALF_BLOCK));
    expect(lines.length).toBeLessThanOrEqual(19);
    for (const line of lines) expect(line.split(HALF_BLOCK).length - 1).toBeLessThanOrEqual(40);
  });
});

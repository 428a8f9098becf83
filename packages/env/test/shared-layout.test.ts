/**
 * AsyncVectorEnv's shared layout: every region starts on a cache line (so that two threads' rows share
 * a line only where a shard boundary falls inside one), byte actions come with two Int32 staging views
 * 4 bytes apart (one aligned as any Int32 source is), and no view runs past the buffer.
 */
import { describe, expect, it } from "vitest";
import { sharedByteLength, sharedViews, type LayoutSizes } from "../src/vector/shared-layout.js";

const layouts: LayoutSizes[] = [
  { numEnvs: 1024, numWorkers: 1, actionSize: 1, discreteActions: true, byteActions: true, observationSize: 1 },
  { numEnvs: 1024, numWorkers: 1, actionSize: 1, discreteActions: true, byteActions: false, observationSize: 1 },
  { numEnvs: 7, numWorkers: 3, actionSize: 3, discreteActions: false, byteActions: false, observationSize: 5 },
  { numEnvs: 33, numWorkers: 2, actionSize: 1, discreteActions: true, byteActions: true, observationSize: 4 },
];

describe("shared layout", () => {
  it.each(layouts)("starts every region on a cache line (%o)", (sizes) => {
    const buffer = new SharedArrayBuffer(sharedByteLength(sizes));
    const views = sharedViews(sizes, buffer);
    const arrays = [views.control, views.actions, views.seeds, views.seedGiven, views.resetMask, views.observations, views.finalObservations, views.rewards, views.terminations, views.truncations, views.finalMask];
    for (const array of arrays) {
      expect(array.byteOffset % 64).toBe(0);
      expect(array.byteOffset + array.byteLength).toBeLessThanOrEqual(buffer.byteLength);
    }
    expect(views.actions).toBeInstanceOf(sizes.byteActions ? Uint8Array : sizes.discreteActions ? Int32Array : Float64Array);
    if (sizes.byteActions) {
      const [even, odd] = views.actionStaging!;
      expect(even.byteOffset % 8).toBe(0);
      expect(odd.byteOffset - even.byteOffset).toBe(4);
      expect(odd.length).toBe(sizes.numEnvs);
      expect(odd.byteOffset + odd.byteLength).toBeLessThanOrEqual(views.seeds.byteOffset);
    } else {
      expect(views.actionStaging).toBeUndefined();
    }
  });
});

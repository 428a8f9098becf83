/**
 * PlumeSearchEnv's `fieldObservation` option: `"shared"` exposes the plume's field itself (no per-step
 * copy), read-only, with tampering detected on the next reset; `"copy"` (the default) is unchanged.
 */
import type { EnvFactoryOptions } from "@plume/contract-tests";
import { describeEnv } from "@plume/contract-tests/vitest";
import { GridSize, StateError, ValidationError, type Env, type EnvInfo, type ReadonlyFloat32Array } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import {
  PlumeSearchEnv,
  PlumeSearchEnvOptionsSchema,
  PlumeSearchObservationModel,
  GaussianPlume,
  type PlumeSearchObservation,
} from "../src/index.js";
import type { SharedPlumeSearchObservation } from "../src/env/plume-search-env.js";
import { denseFieldOf } from "../src/plume/gaussian.js";

/** The shared field a plume's environments read (never handed to user code). */
const sharedField = (plume: unknown): Float32Array => denseFieldOf(plume) as Float32Array;
import { expectError } from "./helpers.js";

function expectSameValues(actual: ArrayLike<number>, expected: ArrayLike<number>): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) expect.fail(`element ${i}: ${actual[i]} !== ${expected[i]}`);
  }
}

/** Writes through the read-only type, as a careless caller would. */
function tamper(data: ReadonlyFloat32Array, index: number, value: number): void {
  (data as unknown as Float32Array)[index] = value;
}

describe('PlumeSearchEnv fieldObservation: "shared"', () => {
  it("returns the plume's field itself, the same array on every step and reset, with copy mode's values", () => {
    const shared = new PlumeSearchEnv({ gridSize: [40, 24], sourceLocation: [30, 5], fieldObservation: "shared" });
    const copy = new PlumeSearchEnv({ gridSize: [40, 24], sourceLocation: [30, 5] });
    const [first] = shared.reset({ seed: 3 });
    const [copied] = copy.reset({ seed: 3 });
    expect(first.concentration_field.data).toBe(sharedField(shared.plume));
    expect(first.concentration_field.shape).toEqual([24, 40]);
    expect(first.concentration_field.dtype).toBe("float32");
    expect(copied.concentration_field.data).not.toBe(sharedField(copy.plume));
    expectSameValues(first.concentration_field.data, copied.concentration_field.data);
    expect(shared.observationSpace.contains(first)).toBe(true);
    for (let i = 0; i < 25; i++) {
      const [o, r, terminated, truncated, info] = shared.step(i % 4);
      const [oc, rc, tc, uc, ic] = copy.step(i % 4);
      expect(o.concentration_field.data).toBe(first.concentration_field.data);
      expectSameValues(o.concentration_field.data, oc.concentration_field.data);
      expect(Array.from(o.agent_position.data)).toEqual(Array.from(oc.agent_position.data));
      expect(Array.from(o.source_location.data)).toEqual(Array.from(oc.source_location.data));
      expect([r, terminated, truncated, info]).toEqual([rc, tc, uc, ic]);
      if (terminated || truncated) break;
    }
    const [again] = shared.reset({ seed: 4 });
    expect(again.concentration_field.data).toBe(first.concentration_field.data);
    // Envs over the same plume parameters share the one field.
    const other = new PlumeSearchEnv({ gridSize: [40, 24], sourceLocation: [30, 5], fieldObservation: "shared" });
    expect(other.reset({ seed: 1 })[0].concentration_field.data).toBe(first.concentration_field.data);
  });

  it("types the shared data read-only (and copy mode's as a plain Float32Array)", () => {
    const env = new PlumeSearchEnv({ gridSize: [8, 8], fieldObservation: "shared" });
    const [obs] = env.reset({ seed: 0 });
    const typed: SharedPlumeSearchObservation = obs;
    // @ts-expect-error the shared field is read-only
    typed.concentration_field.data[0] = 0.5;
    const never = false as boolean;
    // @ts-expect-error no fill on the read-only view
    if (never) typed.concentration_field.data.fill(0);
    const copyObs: PlumeSearchObservation = new PlumeSearchEnv({ gridSize: [8, 8] }).reset({ seed: 0 })[0];
    copyObs.concentration_field.data[0] = 0.25; // a private copy: writable
    expect(copyObs.concentration_field.data[0]).toBe(0.25);
    // (the two writes above through the read-only type went to the shared field: the next reset says so)
    expectError(() => env.reset({ seed: 1 }), StateError, "concentration_field");
  });

  it("detects a write to the shared field on the next reset with a StateError naming concentration_field", () => {
    const env = new PlumeSearchEnv({ gridSize: [33, 21], sourceLocation: [3, 17], fieldObservation: "shared" });
    const [obs] = env.reset({ seed: 42 });
    const original = Float32Array.from(obs.concentration_field.data);
    env.step(1);
    env.reset({ seed: 43 }); // untouched: fine
    tamper(obs.concentration_field.data, 100, obs.concentration_field.data[100] === 0.5 ? 0.25 : 0.5);
    env.step(0); // steps do not check
    const error = expectError(() => env.reset({ seed: 44 }), StateError, "concentration_field");
    expect(error.message).toContain("concentration_field");
    expect(error.message).toContain("shared");
    // It keeps failing: the field stays modified.
    expectError(() => env.reset(), StateError, "concentration_field");
    // The modified field left the plume cache: a new plume with the same parameters is computed afresh.
    const fresh = new GaussianPlume({ gridSize: [33, 21], sourceLocation: [3, 17], sigma: 12 });
    expect(sharedField(fresh)).not.toBe(obs.concentration_field.data);
    expectSameValues(fresh.fieldArray, original);
    const recovered = new PlumeSearchEnv({ gridSize: [33, 21], sourceLocation: [3, 17], fieldObservation: "shared" });
    expect(recovered.reset({ seed: 1 })[0].concentration_field.data).toBe(sharedField(fresh));
    recovered.step(2);
    expect(() => recovered.reset({ seed: 2 })).not.toThrow();
  });

  it("detects a write to the shared field (a component breaking its protocol), and any single-bit change", () => {
    const mutations: ((field: Float32Array) => void)[] = [
      (field) => (field[0] = -0),
      (field) => (field[5] = 1e-45),
      (field) => (field[4 * 17 + 8] = Number.NaN),
      (field) => (field[field.length - 1] = 0.9999999403953552),
      (field) => {
        const bits = new Uint32Array(field.buffer, field.byteOffset, field.length);
        bits[77] = (bits[77] as number) ^ 1; // the lowest mantissa bit of one cell
      },
      (field) => {
        const bits = new Uint32Array(field.buffer, field.byteOffset, field.length);
        bits[3] = (bits[3] as number) ^ 0x80000000; // a sign bit
      },
      (field) => {
        // Swap two different cells: every sum is unchanged, only the order-sensitive mix sees it.
        const a = field[0] as number;
        field[0] = field[1] as number;
        field[1] = a;
      },
    ];
    mutations.forEach((mutate, k) => {
      const sigma = 2 + k / 64; // a distinct field per case (each case corrupts its own)
      const env = new PlumeSearchEnv({ gridSize: [17, 9], plumeParams: { sigma }, fieldObservation: "shared" });
      env.reset({ seed: 5 });
      const field = sharedField(env.plume as GaussianPlume);
      const before = Float32Array.from(field);
      mutate(field);
      expect(new Uint32Array(field.buffer).some((b, i) => b !== new Uint32Array(before.buffer)[i])).toBe(true);
      expectError(() => env.reset({ seed: 5 }), StateError, "concentration_field");
    });
  });

  it("a field outside [0, 1] is clipped once into one shared buffer", () => {
    // GaussianPlume never makes one any more (a sigma small enough to put NaN at the source is rejected):
    // the test puts a NaN into a field of its own.
    const plume = new GaussianPlume({ gridSize: [15, 11], sourceLocation: [7, 5], sigma: 0.3137 });
    sharedField(plume)[5 * 15 + 7] = Number.NaN;
    const env = new PlumeSearchEnv({ plume, fieldObservation: "shared" });
    const copy = new PlumeSearchEnv({ plume });
    const [obs] = env.reset({ seed: 9 });
    const [copied] = copy.reset({ seed: 9 });
    expect(obs.concentration_field.data).not.toBe(sharedField(plume));
    expect(obs.concentration_field.data[5 * 15 + 7]).toBe(0);
    expectSameValues(obs.concentration_field.data, copied.concentration_field.data);
    expect(env.observationSpace.contains(obs)).toBe(true);
    expect(env.step(0)[0].concentration_field.data).toBe(obs.concentration_field.data);
    expect(new PlumeSearchEnv({ plume, fieldObservation: "shared" }).reset({ seed: 1 })[0].concentration_field.data).toBe(
      obs.concentration_field.data,
    );
    tamper(obs.concentration_field.data, 0, 0.5);
    expectError(() => env.reset(), StateError, "concentration_field");
  });

  it("envs over the same plume share one field and one clipped-or-not view (no per-env or per-step copy)", () => {
    // (1024 envs over 2048x2048 are checked with PlumeEnv in gaussian-field.test.ts: PlumeSearchEnv's
    // Box(0, 1, (H, W)) observation space materialises per-element bounds, ~100 MB per env at 2048x2048.)
    const envs = Array.from({ length: 16 }, () => new PlumeSearchEnv({ gridSize: [256, 192], fieldObservation: "shared" }));
    const field = sharedField(envs[0]?.plume as GaussianPlume);
    for (const env of envs) {
      expect(sharedField(env.plume)).toBe(field);
      expect(env.reset({ seed: 0 })[0].concentration_field.data).toBe(field);
      for (let i = 0; i < 3; i++) expect(env.step(i % 4)[0].concentration_field.data).toBe(field);
    }
  });
});

describe("fieldObservation validation", () => {
  it("rejects a bad value with a ValidationError naming fieldObservation and the allowed values", () => {
    for (const bad of ["share", "SHARED", "", 1, null, true]) {
      const error = expectError(() => new PlumeSearchEnv({ fieldObservation: bad } as never), ValidationError, "fieldObservation");
      expect(error.message).toContain('"copy", "shared"');
    }
    expectError(() => new PlumeSearchObservationModel(new GridSize(4, 4), { fieldObservation: "view" } as never), ValidationError, "fieldObservation");
    expect(PlumeSearchEnvOptionsSchema.safeParse({ fieldObservation: "shared" }).success).toBe(true);
    expect(PlumeSearchEnvOptionsSchema.safeParse({ fieldObservation: "nope" }).success).toBe(false);
  });

  it('"shared" needs a GaussianPlume; "copy" works with any plume', () => {
    const base = new GaussianPlume({ gridSize: [6, 5], sigma: 2 });
    const custom = {
      gridSize: base.gridSize,
      sourceLocation: base.sourceLocation,
      sample: (x: number, y: number) => base.sample(x, y),
      reset: () => undefined,
    };
    expectError(() => new PlumeSearchEnv({ plume: custom, fieldObservation: "shared" }), ValidationError, "fieldObservation");
    const env = new PlumeSearchEnv({ plume: custom, fieldObservation: "copy" });
    expectSameValues(env.reset({ seed: 0 })[0].concentration_field.data, base.fieldArray);
  });

  it('defaults to "copy": fresh copies, never the plume\'s array', () => {
    const env = new PlumeSearchEnv({ gridSize: [10, 7] });
    const [a] = env.reset({ seed: 1 });
    const [b] = env.step(0);
    expect(a.concentration_field.data).not.toBe(sharedField(env.plume));
    expect(b.concentration_field.data).not.toBe(a.concentration_field.data);
    expect((env.sensor as PlumeSearchObservationModel).fieldObservation).toBe("copy");
    expect(env.sensor.getMetadata().parameters).toEqual({ grid_size: [10, 7], field_observation: "copy" });
  });

  it("takes its grid from an injected plume when gridSize is not given", () => {
    const plume = new GaussianPlume({ gridSize: [20, 10], sourceLocation: [4, 4], sigma: 3 });
    for (const fieldObservation of ["copy", "shared"] as const) {
      const [obs] = new PlumeSearchEnv({ plume, fieldObservation }).reset({ seed: 0 });
      expect(obs.concentration_field.shape).toEqual([10, 20]);
      expectSameValues(obs.concentration_field.data, plume.fieldArray);
    }
  });
});

// The env contract, in shared mode (the field observation is the same array on every step).
describeEnv(
  'PlumeSearchEnv { fieldObservation: "shared" }',
  (hints?: EnvFactoryOptions) => {
    const { renderMode, maxSteps, components: _components, ...rest } = hints ?? {};
    return new PlumeSearchEnv({
      gridSize: [32, 32],
      fieldObservation: "shared",
      ...(rest as object),
      ...(renderMode !== undefined && { renderMode: renderMode as never }),
      ...(maxSteps !== undefined && { maxSteps }),
    }) as unknown as Env<unknown, unknown, EnvInfo>;
  },
  { numRuns: 15 },
);

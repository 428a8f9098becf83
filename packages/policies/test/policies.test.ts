import { ConfigurationError, ValidationError } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASELINES,
  BASELINE_NAMES,
  Cardinal,
  GreedyGradientPolicy,
  RandomPolicy,
  SurgeCastPolicy,
  TemporalGradientPolicy,
  createBaseline,
  derivePolicySeed,
  getBaseline,
  nearestCardinal,
  numbersOf,
  odorReadings,
  opposite,
  perpendicular,
  upwindCardinal,
  windReading,
} from "../src/index.js";
import { antennae, conc, expectPlumeError } from "./helpers.js";

const { UP, RIGHT, DOWN, LEFT } = Cardinal;

describe("cardinal helpers", () => {
  it("opposite, perpendicular and nearest follow the 0 UP (0,+1), 1 RIGHT, 2 DOWN, 3 LEFT order", () => {
    expect([UP, RIGHT, DOWN, LEFT].map(opposite)).toEqual([DOWN, LEFT, UP, RIGHT]);
    expect(perpendicular(UP)).toEqual([RIGHT, LEFT]);
    expect(perpendicular(RIGHT)).toEqual([DOWN, UP]);
    expect(nearestCardinal(0.2, 0.9)).toBe(UP);
    expect(nearestCardinal(-3, 1)).toBe(LEFT);
  });

  it("upwind is the move against the wind vector, UP without wind (as SurgeCastActions reads it)", () => {
    expect(upwindCardinal(1, 0)).toBe(LEFT);
    expect(upwindCardinal(0, -1)).toBe(UP);
    expect(upwindCardinal(0.69, -0.4)).toBe(LEFT);
    expect(upwindCardinal(0, 0)).toBe(UP);
  });
});

describe("observation readers", () => {
  it("read NDArrays, typed arrays, number arrays, numbers and Dict parts without writing", () => {
    expect(Array.from(numbersOf(conc(0.5)) ?? [])).toEqual([0.5]);
    expect(numbersOf([1, 2])).toEqual([1, 2]);
    expect(numbersOf(3)).toEqual([3]);
    expect(numbersOf(["a"])).toBeUndefined();
    const dict = Object.freeze({ odor: conc(0.25), wind: Float32Array.of(1, -2) });
    expect(Array.from(odorReadings(dict))).toEqual([0.25]);
    expect(windReading(dict)).toEqual([1, -2]);
    expect(windReading(conc(1))).toBeUndefined();
    expect(windReading({ odor: conc(1), wind: [Number.NaN, 1] })).toBeUndefined();
  });

  it("say which observation they wanted when there is no odour reading", () => {
    const error = expectPlumeError(() => odorReadings({ smell: 1 }, undefined, "P"), ValidationError, "observation");
    expect(error.message).toContain("odor / odour / concentration / antennae");
    expectPlumeError(() => odorReadings("x"), ValidationError, "observation");
  });
});

describe("options are validated by the zod schemas and name the bad field", () => {
  it.each([
    [() => new RandomPolicy({ nActions: 0 }), "nActions"],
    [() => new TemporalGradientPolicy({ threshold: -1 }), "threshold"],
    [() => new TemporalGradientPolicy({ actions: "oriented" as never }), "actions"],
    [() => new TemporalGradientPolicy({ tumble: "spin" as never }), "tumble"],
    [() => new SurgeCastPolicy({ maxCastLeg: 0 }), "maxCastLeg"],
    [() => new SurgeCastPolicy({ wind: true } as never), "wind"],
    [() => new SurgeCastPolicy({ trigger: "rising" as never }), "trigger"],
    [() => new GreedyGradientPolicy({ sensorAngles: [] }), "sensorAngles"],
    [() => new RandomPolicy({ seed: -1 }), "seed"],
  ])("%#", (make, parameter) => {
    expectPlumeError(make, ValidationError, parameter);
  });

  it("reset and selectAction options too", () => {
    const p = new RandomPolicy();
    expectPlumeError(() => p.reset({ seed: 1.5 }), ValidationError, "seed");
    expectPlumeError(() => p.reset({ sead: 1 } as never), ValidationError, "sead");
    expectPlumeError(() => p.selectAction(conc(0), { explore: "yes" as never }), ValidationError, "options.explore");
    expectPlumeError(() => p.setRng({} as never), ValidationError, "rng");
  });

  it("plugins report config paths; unknown names list the known ones", () => {
    expectPlumeError(() => createBaseline("temporal-gradient", { threshold: "high" }), ConfigurationError, "options.threshold");
    const error = expectPlumeError(() => getBaseline("greedy-ish"), ValidationError, "policy");
    expect(error.message).toContain(BASELINE_NAMES.join(", "));
  });
});

describe("the catalogue", () => {
  it("lists the four baselines, each buildable, with the sensor it needs", () => {
    expect(BASELINE_NAMES).toEqual(["random", "temporal-gradient", "surge-cast", "greedy"]);
    for (const b of BASELINES) {
      const p = createBaseline(b.name);
      expect(p.actionSpace.n).toBe(4);
      expect(JSON.parse(JSON.stringify(p.getMetadata()))).toEqual(p.getMetadata());
    }
    expect(getBaseline("greedy").sensor?.type).toBe("antennae");
    expect(getBaseline("temporal-gradient").sensor).toBeUndefined();
  });
});

describe("RandomPolicy", () => {
  it("draws integers(0, n) from its seeded generator, or from one given to setRng", () => {
    const p = new RandomPolicy();
    p.reset({ seed: 7 });
    const actions = Array.from({ length: 20 }, () => p.selectAction(undefined));
    const g = Generator.fromSeed(7);
    expect(actions).toEqual(Array.from({ length: 20 }, () => g.integers(0, 4)));
    const shared = Generator.fromSeed(9);
    const expected = Generator.fromSeed(9);
    p.setRng(shared);
    expect(p.selectAction(undefined, { explore: false })).toBe(expected.integers(0, 4));
    p.reset({ seed: 7 });
    expect(p.selectAction(undefined)).toBe(actions[0]);
  });
});

describe("TemporalGradientPolicy", () => {
  it("runs while rising, then steps back and flicks 90 degrees (reverse-flick)", () => {
    const p = new TemporalGradientPolicy();
    p.reset({ seed: 1 });
    const first = p.selectAction(conc(0.1));
    expect(p.selectAction(conc(0.2))).toBe(first); // rising: run
    expect(p.selectAction(conc(0.3))).toBe(first);
    expect(p.selectAction(conc(0.25))).toBe(opposite(first)); // fell: step back
    const flick = p.selectAction(conc(0.3)); // back on the better cell: flick
    expect(perpendicular(opposite(first))).toContain(flick);
    expect(p.selectAction(conc(0.3))).not.toBe(flick); // no change (a wall): tumble where it is
  });

  it("uniform tumbles turn to one of the other three headings", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (seed) => {
        const p = new TemporalGradientPolicy({ tumble: "uniform" });
        p.reset({ seed });
        const first = p.selectAction(conc(0.5));
        expect(p.selectAction(conc(0.4))).not.toBe(first);
      }),
      { numRuns: 30 },
    );
  });

  it("after any fall the next cardinal action reverses the last one (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 40 }), fc.nat(1000), (cs, seed) => {
        const p = new TemporalGradientPolicy();
        p.reset({ seed });
        let last = -1;
        let reversedBefore = false;
        cs.forEach((c, i) => {
          const a = p.selectAction(conc(c));
          const fell = i > 0 && c < (cs[i - 1] as number);
          if (fell && !reversedBefore) expect(a).toBe(opposite(last));
          reversedBefore = fell && !reversedBefore;
          last = a;
        });
      }),
      { numRuns: 50 },
    );
  });

  it("drives run_tumble actions: RUN while rising, TUMBLE otherwise", () => {
    const p = new TemporalGradientPolicy({ actions: "run_tumble" });
    expect(p.actionSpace.n).toBe(2);
    expect([0.1, 0.2, 0.15, 0.15, 0.3].map((c) => p.selectAction(conc(c)))).toEqual([0, 0, 1, 1, 0]);
  });

  it("reads a Dict observation's odour part and checks sensorIndex", () => {
    const p = new TemporalGradientPolicy({ odorKey: "smell", sensorIndex: 1 });
    expect(() => p.selectAction({ smell: antennae(0.1, 0.2) })).not.toThrow();
    expectPlumeError(() => new TemporalGradientPolicy({ sensorIndex: 3 }).selectAction(conc(0.1)), ValidationError, "observation");
  });
});

describe("SurgeCastPolicy", () => {
  it("surges while rising, steps back after an overshoot, then casts sideways in a widening zigzag", () => {
    const p = new SurgeCastPolicy();
    p.reset({ seed: 3 });
    const heading = p.selectAction(conc(0.1), { explore: false });
    expect(p.selectAction(conc(0.2), { explore: false })).toBe(heading);
    expect(p.selectAction(conc(0.15), { explore: false })).toBe(opposite(heading));
    expect(p.mode).toBe("return");
    const [side, other] = perpendicular(heading);
    // back on the best cell: cast 1 to the clockwise side (explore false), then 2 to the other, then 3 ...
    expect(p.selectAction(conc(0.2), { explore: false })).toBe(side);
    expect(p.selectAction(conc(0.18), { explore: false })).toBe(other);
    expect(p.selectAction(conc(0.2), { explore: true })).toBe(other); // rising during a cast: surge that way
    expect(p.mode).toBe("surge");
  });

  it("gives up a cast after maxCastLeg and surges upwind when the observation has wind", () => {
    const p = new SurgeCastPolicy({ maxCastLeg: 1 });
    const obs = (c: number) => ({ odor: conc(c), wind: Float32Array.of(0, 1) }); // wind towards +y: upwind is DOWN
    expect(p.selectAction(obs(0.5))).toBe(DOWN);
    expect(p.selectAction(obs(0.5))).not.toBe(DOWN); // no change: cast
    p.selectAction(obs(0.5)); // leg 2 > maxCastLeg: lost
    expect(p.mode).toBe("surge");
    expect(new SurgeCastPolicy({ useWind: false }).selectAction(obs(0.5))).toBeTypeOf("number");
  });

  it("with trigger detection surges upwind while any antenna reads above the threshold and casts crosswind otherwise", () => {
    const p = new SurgeCastPolicy({ trigger: "detection", threshold: 0.01 });
    p.reset({ seed: 5 });
    const wind = Float32Array.of(0, 1); // wind towards +y: upwind is DOWN
    const obs = (...c: number[]) => ({ odor: antennae(...c), wind });
    expect(p.selectAction(obs(0, 0, 0.5, 0), { explore: false })).toBe(DOWN);
    expect(p.mode).toBe("surge");
    // A rise below the threshold is not a detection: casting starts, crosswind (perpendicular to upwind).
    const [side, other] = perpendicular(DOWN);
    expect(p.selectAction(obs(0.005, 0, 0, 0), { explore: false })).toBe(side);
    expect(p.mode).toBe("cast");
    expect(p.selectAction(obs(0, 0, 0, 0), { explore: false })).toBe(other);
    expect(p.selectAction(obs(0, 0, 0, 0), { explore: false })).toBe(other);
    // A falling but detected odour still surges upwind (a rise is not needed).
    expect(p.selectAction(obs(0, 0.02, 0, 0), { explore: false })).toBe(DOWN);
  });

  it("with trigger detection drives surge_cast actions: SURGE while detected, CAST otherwise", () => {
    const p = new SurgeCastPolicy({ actions: "surge_cast", trigger: "detection", threshold: 0.1 });
    expect([0.5, 0.2, 0.05, 0.3, 0].map((c) => p.selectAction(conc(c)))).toEqual([0, 0, 1, 0, 1]);
  });

  it("drives surge_cast actions: SURGE while rising, CAST otherwise", () => {
    const p = new SurgeCastPolicy({ actions: "surge_cast" });
    expect([0.1, 0.2, 0.1, 0.3].map((c) => p.selectAction(conc(c)))).toEqual([0, 0, 1, 0]);
  });
});

describe("GreedyGradientPolicy", () => {
  it("maps antennae at 0/90/180/270 degrees to RIGHT/DOWN/LEFT/UP (the antenna frame's y is flipped)", () => {
    const p = new GreedyGradientPolicy();
    expect(p.antennaActions).toEqual([RIGHT, DOWN, LEFT, UP]);
    expect(p.selectAction(antennae(0.1, 0.5, 0.2, 0.3))).toBe(DOWN);
    expect(p.selectAction(antennae(0.9, 0.5, 0.2, 0.3))).toBe(RIGHT);
    expect(p.selectAction(antennae(0.2, 0.2, 0.2, 0.2), { explore: false })).toBe(RIGHT);
  });

  it("breaks ties with its generator when exploring, deterministically given the seed", () => {
    const run = () => {
      const p = new GreedyGradientPolicy();
      p.reset({ seed: 11 });
      return Array.from({ length: 30 }, () => p.selectAction(antennae(0.3, 0.3, 0.3, 0.3)));
    };
    const a = run();
    expect(run()).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1);
  });

  it("says which sensor it needs when the observation does not fit", () => {
    const error = expectPlumeError(() => new GreedyGradientPolicy().selectAction(conc(0.5)), ValidationError, "observation");
    expect(error.message).toContain("antennae");
  });
});

describe("derivePolicySeed", () => {
  it("draws from a clone: the generator is not advanced, and the seed is a function of its state", () => {
    const g = Generator.fromSeed(123);
    const before = JSON.stringify(g.state, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    const seed = derivePolicySeed(g);
    expect(JSON.stringify(g.state, (_k, v) => (typeof v === "bigint" ? v.toString() : v))).toBe(before);
    expect(derivePolicySeed(Generator.fromSeed(123))).toBe(seed);
    expect(derivePolicySeed(Generator.fromSeed(124))).not.toBe(seed);
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
    expectPlumeError(() => derivePolicySeed(undefined), ValidationError, "generator");
  });
});

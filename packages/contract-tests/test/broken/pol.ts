/** Broken Policies, one per `pol.*` check id (CHECKS.md §8 "catches"). */
import type { Env, EnvInfo, NDArray, Policy, PolicyResetOptions, RandomGenerator, SelectActionOptions } from "@plume/core-types";
import { Dict, Box, Discrete, Generator } from "@plume/spaces";
import { checkPolicy, type PolicyOptions } from "../../src/index.js";
import { GridPlumeEnv, PoleEnv } from "../reference/envs.js";
import { DeterministicTD, StochasticTD } from "../reference/policies.js";
import type { FixtureTable } from "./harness.js";

type P = Policy<unknown, unknown>;
const run = (create: () => P, options: PolicyOptions = {}) => (extra: Record<string, unknown> = {}) => checkPolicy(create, { ...options, ...extra });

/** A policy delegating to a reference one, with parts replaced. */
function delegate(base: P, parts: { space?: () => unknown; reset?: (o?: PolicyResetOptions) => void; select?: (obs: unknown, o?: SelectActionOptions) => unknown; metadata?: () => unknown } = {}): P {
  const obj: Record<string, unknown> = {
    reset: parts.reset ?? ((o?: PolicyResetOptions) => base.reset(o)),
    selectAction: parts.select ?? ((obs: unknown, o?: SelectActionOptions) => base.selectAction(obs, o)),
    getMetadata: parts.metadata ?? (() => base.getMetadata?.()),
  };
  Object.defineProperty(obj, "actionSpace", { get: parts.space ?? (() => base.actionSpace), enumerable: true });
  return obj as unknown as P;
}

let instances = 0;

export const POL_FIXTURES: FixtureTable = {
  "pol.protocol-shape": {
    what: "reset(seed) taking a positional number",
    run: run(() => {
      const base = new StochasticTD() as unknown as P;
      return delegate(base, { reset: (seed?: unknown) => base.reset({ seed: Generator.fromSeed(seed as number) && (seed as number) }) });
    }),
    alsoFails: ["pol.long-run", "pol.reset-clears-memory", "pol.space-stable", "pol.action-in-space", "pol.seed-determinism", "pol.cross-instance", "pol.obs-purity"],
  },
  "pol.space-valid": {
    what: "a custom { n } object as the action space",
    run: run(() => delegate(new DeterministicTD() as unknown as P, { space: () => ({ n: 3 }) })),
    alsoFails: ["pol.long-run", "pol.space-stable", "pol.action-in-space"],
  },
  "pol.space-stable": {
    what: "a getter rebuilding the space",
    run: run(() => delegate(new DeterministicTD() as unknown as P, { space: () => new Discrete(3) })),
  },
  "pol.action-in-space": {
    what: "turn index 3 in Discrete(3)",
    run: run(() => {
      const base = new DeterministicTD() as unknown as P;
      return delegate(base, { select: (obs, o) => ((base.selectAction(obs, o) as number) === 1 ? 3 : base.selectAction(obs, o)) });
    }),
    alsoFails: ["pol.long-run"],
  },
  "pol.seed-determinism": {
    what: "ε-greedy using Math.random",
    run: run(() => {
      const base = new DeterministicTD() as unknown as P;
      // eslint-disable-next-line no-restricted-properties -- a deliberately broken policy: hidden Math.random
      return delegate(base, { select: (obs, o) => ((o?.explore ?? true) && Math.random() < 0.2 ? 2 : base.selectAction(obs, o)) });
    }),
    alsoFails: ["pol.cross-instance"],
  },
  "pol.cross-instance": {
    what: "the seed mixed with an instance counter",
    run: run(() => {
      const id = (instances += 1);
      const base = new StochasticTD(0.5) as unknown as P & { setRng(r: RandomGenerator): void };
      return delegate(base, {
        reset: (o?: PolicyResetOptions) => {
          base.reset(o);
          if (o?.seed !== undefined) base.setRng(Generator.fromSeed((o.seed + id) % 2 ** 32));
        },
      });
    }),
  },
  "pol.long-run": {
    what: "a search schedule precomputed for 1,000 steps (undefined after it)",
    run: run(() => {
      const schedule = Array.from({ length: 1000 }, (_, i) => i % 3);
      let step = 0;
      const base = new DeterministicTD() as unknown as P;
      return delegate(base, {
        reset: (o) => {
          step = 0;
          base.reset(o);
        },
        select: (obs) => (Number((obs as NDArray).data[0]) > 0.05 ? 0 : schedule[step++]),
      });
    }),
  },
  "pol.reset-clears-memory": {
    what: "reset() without a seed keeps the previous reading (a stochastic policy without setRng)",
    run: run(() => {
      let rng = Generator.fromSeed(0);
      let prev: number | undefined;
      let heading = 0;
      const base = new StochasticTD() as unknown as P;
      return delegate(base, {
        reset: (o) => {
          if (o?.seed !== undefined) {
            rng = Generator.fromSeed(o.seed);
            prev = undefined;
          }
        },
        select: (obs) => {
          const c = Number((obs as NDArray).data[0]);
          if (prev === undefined || c < prev) heading = rng.integers(0, 3);
          prev = c;
          return heading;
        },
      });
    }),
  },
  "pol.reset-clears-memory#deterministic": {
    what: "a deterministic temporal-difference policy whose reset() without a seed keeps the previous reading",
    run: run(() => {
      const base = new DeterministicTD();
      const reset = base.reset.bind(base);
      base.reset = (o?: PolicyResetOptions) => {
        if (o?.seed !== undefined) reset(o);
      };
      return base as unknown as P;
    }),
  },
  "pol.cross-instance#unseeded-clock": {
    what: "reset() without a seed re-seeding from the clock",
    run: run(() => {
      const base = new StochasticTD(0.5) as unknown as P & { setRng(r: RandomGenerator): void };
      return delegate(base, {
        reset: (o?: PolicyResetOptions) => {
          base.reset(o);
          if (o?.seed === undefined) base.setRng(Generator.fromSeed(Date.now() % 2 ** 32));
        },
      });
    }),
  },
  "pol.rng-hook": {
    what: "setRng() stored but actions drawn from the policy's own generator",
    run: run(() => {
      const base = new StochasticTD(0.5) as unknown as P & { setRng(r: RandomGenerator): void };
      const obj = delegate(base) as P & { setRng(r: RandomGenerator): void };
      obj.setRng = () => undefined;
      return obj;
    }),
    ungated: () => checkPolicy(() => delegate(new StochasticTD(0.5) as unknown as P)),
  },
  "pol.obs-purity": {
    what: "normalising the observation in place",
    run: run(() => {
      const base = new DeterministicTD() as unknown as P;
      return delegate(base, {
        select: (obs, o) => {
          const a = obs as NDArray;
          a.data[0] = Math.min(Number(a.data[0]), 0.5);
          return base.selectAction(obs, o);
        },
      });
    }),
  },
  "pol.composite-obs": {
    what: "assuming obs[0] is a number",
    run: run(
      () => {
        const base = new DeterministicTD() as unknown as P;
        return delegate(base, {
          select: (obs) => {
            const c = (obs as number[])[0];
            if (typeof c !== "number") throw new TypeError("expected a number at obs[0]");
            return 0;
          },
        });
      },
      { observationSpace: new Dict({ odor: new Box({ low: 0, high: 1, shape: [1] }), wind: new Box({ low: -1, high: 1, shape: [2] }) }) },
    ),
    alsoFails: ["pol.long-run", "pol.reset-clears-memory", "pol.protocol-shape", "pol.action-in-space", "pol.seed-determinism", "pol.cross-instance", "pol.obs-purity"],
    ungated: () => checkPolicy(() => new DeterministicTD() as unknown as P),
  },
  "pol.env-compat": {
    what: "a Discrete(3) oriented policy on a Discrete(2) env",
    run: run(() => new DeterministicTD() as unknown as P, { env: () => new PoleEnv() as unknown as Env<unknown, unknown, EnvInfo> }),
    ungated: () => checkPolicy(() => new DeterministicTD() as unknown as P),
  },
  "pol.env-semantics": {
    what: "an oriented policy on a cardinal env",
    run: run(() => new DeterministicTD() as unknown as P, {
      env: () => {
        const env = new GridPlumeEnv();
        Object.defineProperty(env, "metadata", { value: { render_modes: [], render_fps: null, movement_model: "cardinal_directions" } });
        return env;
      },
    }),
    ungated: () => checkPolicy(() => new DeterministicTD() as unknown as P),
  },
};

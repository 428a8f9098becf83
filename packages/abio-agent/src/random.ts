/**
 * `@plume/abio-agent/random`: the random agent seeded from `@plume/spaces`' NumPy-compatible
 * `Generator` (`numpy.random.default_rng(seed)`), so a seed gives the same decisions every time.
 *
 * Needs `@plume/spaces` (an optional peer dependency of this package: `npm install @plume/spaces`).
 */
import { Generator } from "@plume/spaces";
import { agentFactory, type AgentFactory } from "./batch.js";
import { RandomAgent, type RandomAgentOptions } from "./agents/random.js";
import { AbioValidationError } from "./errors.js";
import { SeedSchema } from "./runner.js";

export type SeededRandomAgentOptions = Omit<RandomAgentOptions, "rng">;

/** A generator for `seed` (`Generator.fromSeed`); null draws the seed from the OS, as NumPy does. */
export function seededRng(seed: number | null): Generator {
  if (seed === null) return Generator.fromSeed();
  const parsed = SeedSchema.safeParse(seed);
  if (!parsed.success) throw AbioValidationError.invalid("seed", "an integer in [0, 4294967295] or null", seed);
  return Generator.fromSeed(parsed.data);
}

/** A `RandomAgent` drawing from `Generator.fromSeed(seed)`. */
export function seededRandomAgent(seed: number | null, options: SeededRandomAgentOptions = {}): RandomAgent {
  return new RandomAgent({ ...options, rng: seededRng(seed) });
}

/**
 * The agent's generator for a run seeded with `seed`: the first child of `default_rng(seed)`
 * (NumPy: `default_rng(seed).spawn(1)[0]`). The world of the run is seeded with the same seed, so the
 * agent draws from a spawned, independent stream rather than from the world's own.
 */
export function agentRng(seed: number | null): Generator {
  return seededRng(seed).spawn(1)[0] as Generator;
}

/** A batch agent factory: a fresh `RandomAgent` per run, drawing from `agentRng(seed)`. */
export function randomAgentFactory(options: SeededRandomAgentOptions & { readonly name?: string } = {}): AgentFactory {
  // Validate the options once, up front.
  new RandomAgent({ ...options, rng: Generator.fromSeed(0) });
  return agentFactory(options.name ?? "random", ({ seed }) => new RandomAgent({ ...options, rng: agentRng(seed) }));
}

export { RandomAgent, type RandomAgentOptions } from "./agents/random.js";

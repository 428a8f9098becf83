// Pins fast-check's seed for every property test. Replay a failure with FC_SEED=<seed printed by fast-check>.
import fc from "fast-check";

export const DEFAULT_FC_SEED = 20261122;
export const DEFAULT_FC_NUM_RUNS = 100;

function readIntegerEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) {
    throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  }
  return value;
}

fc.configureGlobal({
  seed: readIntegerEnv("FC_SEED", DEFAULT_FC_SEED),
  numRuns: readIntegerEnv("FC_NUM_RUNS", DEFAULT_FC_NUM_RUNS),
});

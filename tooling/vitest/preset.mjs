import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";

const fastCheckSetup = fileURLToPath(new URL("./fast-check-setup.mjs", import.meta.url));

/**
 * The vitest configuration every package starts from: tests in `test/`, benchmarks in `bench/`,
 * fast-check seeded from FC_SEED so a CI failure can be replayed locally. Hooks (`beforeAll` setup that
 * spawns processes or builds environments) get longer than tests; both limits are generous because vitest's
 * defaults (5 s, 10 s) are exceeded many times over on a loaded 2-core machine.
 * @param {import("vitest/config").UserConfig} [overrides]
 */
export function packageConfig(overrides = {}) {
  return mergeConfig(
    defineConfig({
      test: {
        include: ["test/**/*.test.ts"],
        setupFiles: [fastCheckSetup],
        testTimeout: 120_000,
        hookTimeout: 180_000,
        benchmark: { include: ["bench/**/*.bench.ts"] },
      },
    }),
    overrides,
  );
}

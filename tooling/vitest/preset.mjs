import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";

const fastCheckSetup = fileURLToPath(new URL("./fast-check-setup.mjs", import.meta.url));

/**
 * The vitest configuration every package starts from: tests in `test/`, benchmarks in `bench/`,
 * fast-check seeded from FC_SEED so a CI failure can be replayed locally. Hooks (`beforeAll` setup that
 * spawns processes or builds environments) get as long as tests: vitest's 10 s default hook limit is
 * exceeded on a loaded 2-core machine.
 * @param {import("vitest/config").UserConfig} [overrides]
 */
export function packageConfig(overrides = {}) {
  return mergeConfig(
    defineConfig({
      test: {
        include: ["test/**/*.test.ts"],
        setupFiles: [fastCheckSetup],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        benchmark: { include: ["bench/**/*.bench.ts"] },
      },
    }),
    overrides,
  );
}

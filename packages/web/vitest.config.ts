import { packageConfig } from "@plume/tooling/vitest";

// The browser tests build the page and drive Chromium: generous limits for a loaded 2-core machine, one file at a time.
export default packageConfig({ test: { testTimeout: 180_000, hookTimeout: 300_000, fileParallelism: false } });

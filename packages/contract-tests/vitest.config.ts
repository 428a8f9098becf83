import { packageConfig } from "@plume/tooling/vitest";

// The self-tests are CPU-bound and split over several files: use every core (vitest's default leaves one idle).
// Whole suites run inside single tests: on a loaded machine one can take minutes, so the timeout is generous.
export default packageConfig({ test: { maxWorkers: 2, testTimeout: 600_000 } });

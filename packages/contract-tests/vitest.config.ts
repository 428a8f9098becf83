import { packageConfig } from "@plume/tooling/vitest";

// The self-tests are CPU-bound and split over several files: use every core (vitest's default leaves one idle).
export default packageConfig({ test: { maxWorkers: 2 } });

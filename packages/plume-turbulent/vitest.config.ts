import { packageConfig } from "@plume/tooling/vitest";

// The simulation tests are bounded CPU work (tens of thousands of puff steps, 11 s alone on this machine class)
// that a loaded CI machine can stretch several times over; a synchronous test cannot hang, so the limit is wide.
export default packageConfig({ test: { testTimeout: 600_000 } });

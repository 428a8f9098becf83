import { packageConfig } from "@plume/tooling/vitest";

export default packageConfig();

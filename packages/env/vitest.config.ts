import { packageConfig } from "@plume/tooling/vitest";

// Workspace packages load from their built dist/ natively (as Node would), so a plugin imported at run time
// from a scratch project shares the same @plume/core-types and @plume/spaces instances as the tests.
export default packageConfig({
  test: { server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } } },
});

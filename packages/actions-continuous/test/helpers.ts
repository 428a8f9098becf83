// The shared plugin-test helpers live in @plume/test-support; this file keeps the tests' imports short.
export * from "@plume/test-support/plugin";

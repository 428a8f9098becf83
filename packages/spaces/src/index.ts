export * from "./random/index.js";
export * from "./spaces/index.js";

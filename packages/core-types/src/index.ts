export * from "./errors.js";
export * from "./validation.js";
export * from "./ndarray.js";
export * from "./space.js";

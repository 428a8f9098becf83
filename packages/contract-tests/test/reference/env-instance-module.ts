/** A common slip: exporting an env instance instead of a factory. */
import { GridPlumeEnv } from "./envs.js";

export const env = new GridPlumeEnv();

/** An env module as an env author publishes it: a `createEnv(hints)` factory plus options for the kit. */
import { GridPlumeEnv } from "./envs.js";

export const createEnv = (hints?: Record<string, unknown>) => new GridPlumeEnv({ ...hints });
export const contract = { createEnv: { capabilities: { componentEnv: true }, goalRadius: 1 } };

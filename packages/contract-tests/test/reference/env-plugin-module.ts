/** A package offering a sensor plugin and an env plugin `{ kind: "env", name, create }`: both are checked. */
import { definePlugin } from "@plume/core-types";
import { z } from "zod";
import { GridPlumeEnv } from "./envs.js";
import { ConcentrationSensor } from "./sensors.js";

export const sensor = definePlugin({ kind: "sensor", name: "module-sensor", options: z.object({}), create: () => new ConcentrationSensor() });
export const env = { kind: "env", name: "module-env", create: (hints?: Record<string, unknown>) => new GridPlumeEnv({ ...hints, observation: "dict" }) } as const;
export const contract = { "module-env": { goalRadius: 1 } };

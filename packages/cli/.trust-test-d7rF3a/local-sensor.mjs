
import { writeFileSync } from "node:fs";
import { definePlugin } from "@plume/core-types";
import { plugins } from "@plume/sensors-wind";
writeFileSync("/work/wt-pkg/packages/cli/.trust-test-d7rF3a/module-ran", "ran");
const wind = plugins.find((p) => p.name === "wind_vector");
export const plugin = definePlugin({ kind: "sensor", name: "local-wind", options: wind.options, create: (o) => wind.create(o) });

/** Every broken-fixture table, by area. */
import type { FixtureTable } from "./harness.js";
import { ACT_FIXTURES } from "./act.js";
import { CORE_FIXTURES } from "./core.js";
import { ENV_FIXTURES } from "./env.js";
import { FIELD_FIXTURES } from "./field.js";
import { OBS_FIXTURES } from "./obs.js";
import { POL_FIXTURES } from "./pol.js";
import { REW_FIXTURES } from "./rew.js";
import { SPACE_FIXTURES } from "./space.js";
import { WIND_FIXTURES } from "./wind.js";

export const ALL_FIXTURES: Readonly<Record<string, FixtureTable>> = {
  obs: OBS_FIXTURES,
  act: ACT_FIXTURES,
  rew: REW_FIXTURES,
  field: FIELD_FIXTURES,
  wind: WIND_FIXTURES,
  space: SPACE_FIXTURES,
  env: ENV_FIXTURES,
  pol: POL_FIXTURES,
  core: CORE_FIXTURES,
};

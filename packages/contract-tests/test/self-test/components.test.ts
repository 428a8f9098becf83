import { ACT_FIXTURES } from "../broken/act.js";
import { CORE_FIXTURES } from "../broken/core.js";
import { FIELD_FIXTURES } from "../broken/field.js";
import { OBS_FIXTURES } from "../broken/obs.js";
import { POL_FIXTURES } from "../broken/pol.js";
import { registerFixtures } from "../broken/register.js";
import { REW_FIXTURES } from "../broken/rew.js";
import { WIND_FIXTURES } from "../broken/wind.js";

registerFixtures("obs", OBS_FIXTURES);
registerFixtures("act", ACT_FIXTURES);
registerFixtures("rew", REW_FIXTURES);
registerFixtures("field", FIELD_FIXTURES);
registerFixtures("wind", WIND_FIXTURES);
registerFixtures("pol", POL_FIXTURES);
registerFixtures("core", CORE_FIXTURES);

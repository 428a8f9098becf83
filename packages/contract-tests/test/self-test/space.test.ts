import { SPACE_FIXTURES } from "../broken/space.js";
import { registerFixtures } from "../broken/register.js";

registerFixtures("space", SPACE_FIXTURES);

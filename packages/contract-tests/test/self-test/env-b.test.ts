import { ENV_FIXTURES } from "../broken/env.js";
import { registerFixtures } from "../broken/register.js";

const ids = Object.keys(ENV_FIXTURES);
registerFixtures("env (second half)", Object.fromEntries(ids.slice(Math.ceil(ids.length / 2)).map((id) => [id, ENV_FIXTURES[id]!])));

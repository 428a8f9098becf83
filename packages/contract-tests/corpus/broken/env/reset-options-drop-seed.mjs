// @gridworlds/plume-env-start-option — an odour grid that accepts reset options
// ({ options: { start_location, sigma } }) for curriculum experiments.
// BUG (reset seed ignored): when options are given, the reset applies them and returns early, before
// re-seeding. reset({ seed: 7, options: {...} }) does not re-create the generator, so the episode is
// not reproducible from its seed (seed 001 reset() Determinism: same seed -> identical initial state).
import { AgentState, Coordinates, parseWithSchema, resetOptionsSchema } from "@plume/core-types";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class StartOptionEnv extends OdorGridEnv {
  reset(options) {
    const parsed = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    if (parsed.options === undefined || this._lifecycle === "CLOSED") return super.reset(options);
    if (this._rng === undefined) this._seedGenerator(parsed.seed);
    const start = parsed.options.start_location;
    const position = Array.isArray(start) ? new Coordinates(start[0], start[1]) : this._startPosition();
    this._agent = new AgentState({ position, orientation: 0 });
    this._episodes += 1;
    this._seed = parsed.seed ?? null;
    this._lifecycle = "READY";
    return [this._observe(), this._info({ seed: this._seed })];
  }
}

export function createEnv(hints = {}) {
  return new StartOptionEnv(hinted({}, hints));
}

export default createEnv;

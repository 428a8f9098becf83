/**
 * `ScriptedAgent`: follows a fixed list of actions (the reference's `ScriptedAgent`: `done` once the
 * list is exhausted) or a policy function of the latest observation.
 */
import * as z from "zod";
import { AbioValidationError, parseWith } from "../errors.js";
import type { Agent, Decision, DecisionContext } from "../runner.js";
import { DONE_ACTION } from "../session.js";
import { Action, type ActionInput, type Observation } from "../types.js";

/** A scripted policy: the latest observation (initial, then each ActionResult) and the decision index -> decision. */
export type ScriptPolicy = (observation: Observation, index: number, context: DecisionContext) => Decision | Promise<Decision>;

/** zod schema of `ScriptedAgent`'s options. */
export const ScriptedAgentOptionsSchema = z.strictObject({
  /** The agent's name in results. Default "scripted". */
  name: z.string().min(1).optional(),
  /** What a list script does when it runs out: send `done` (default, as the reference) or return nothing. Both end the run. */
  whenExhausted: z.enum(["done", "end"]).optional(),
});
export type ScriptedAgentOptions = z.input<typeof ScriptedAgentOptionsSchema>;

export class ScriptedAgent implements Agent {
  readonly name: string;
  readonly #actions: readonly Action[] | undefined;
  readonly #policy: ScriptPolicy | undefined;
  readonly #whenExhausted: "done" | "end";
  #index = 0;

  /**
   * @param script the actions in order, or a policy function.
   * @throws AbioValidationError for a malformed action in the list (naming its index) or bad options.
   */
  constructor(script: readonly (Action | ActionInput)[] | ScriptPolicy, options: ScriptedAgentOptions = {}) {
    const opts = parseWith(ScriptedAgentOptionsSchema, options, { what: "ScriptedAgent options" });
    this.name = opts.name ?? "scripted";
    this.#whenExhausted = opts.whenExhausted ?? "done";
    if (typeof script === "function") {
      this.#policy = script;
    } else if (Array.isArray(script)) {
      this.#actions = Object.freeze(
        script.map((a, i) => {
          try {
            return Action.from(a);
          } catch (error) {
            throw new AbioValidationError(`invalid script[${i}]`, { parameter: `script[${i}]`, expected: "an action { name, params? }", received: a, cause: error });
          }
        }),
      );
    } else {
      throw AbioValidationError.invalid("script", "an array of actions or a policy function", script);
    }
  }

  start(): void {
    this.#index = 0;
  }

  decide(observation: Observation, context: DecisionContext): Decision | Promise<Decision> {
    const index = this.#index++;
    if (this.#policy !== undefined) return this.#policy(observation, index, context);
    const actions = this.#actions as readonly Action[];
    if (index < actions.length) return actions[index];
    return this.#whenExhausted === "done" ? new Action({ name: DONE_ACTION }) : null;
  }
}

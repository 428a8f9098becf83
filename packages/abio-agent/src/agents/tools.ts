/**
 * Language-model tool calling: a scenario's actions and measurements as JSON-Schema tool definitions,
 * tool calls back to `Action`s, and `ToolCallingAgent`, which runs a chat model through the protocol.
 *
 * The model is any function `(request) => response` (sync or async), so any provider fits: map
 * `request.tools` to the provider's format (`toolDefinitions(..., { format: "openai" | "anthropic" })`
 * builds them directly), send `request.system` and `request.messages`, and return the tool call it made.
 */
import * as z from "zod";
import { AbioValidationError, parseWith } from "../errors.js";
import { isJsonValue, type JsonObject, type JsonValue } from "../json.js";
import type { Agent, Decision, DecisionContext } from "../runner.js";
import { DONE_ACTION } from "../session.js";
import { paramsOfInfo, type NormalizedParam } from "../spec.js";
import { Action, ActionResult, InvalidAction, type Observation } from "../types.js";

/** The interface an agent sees: an Observation, or any object with the two declaration dicts. */
export interface AgentInterface {
  readonly available_actions: JsonObject;
  readonly available_measurements: JsonObject;
}

/** A tool in a provider-neutral shape: `parameters` is a JSON Schema (draft 2020-12 subset) object schema. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonObject;
}

/** OpenAI's chat-completions / responses `tools` entry. */
export interface OpenAIToolDefinition {
  readonly type: "function";
  readonly function: ToolDefinition;
}

/** Anthropic's messages API `tools` entry. */
export interface AnthropicToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonObject;
}

export const TOOL_FORMATS = Object.freeze(["json-schema", "openai", "anthropic"] as const);
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** zod schema of `toolDefinitions`' options. */
export const ToolDefinitionsOptionsSchema = z.strictObject({
  /** `json-schema` (default, provider-neutral), `openai` or `anthropic`. */
  format: z.enum(TOOL_FORMATS, { error: `one of ${TOOL_FORMATS.join(", ")}` }).optional(),
  /** Add a `done` tool that ends the run. Default true. */
  done: z.boolean().optional(),
});
export type ToolDefinitionsOptions = z.input<typeof ToolDefinitionsOptionsSchema>;

/** The JSON Schema of one declared parameter. */
export function paramJsonSchema(param: NormalizedParam): JsonObject {
  const schema: Record<string, JsonValue> = {};
  if (param.values !== undefined) {
    const types = new Set(param.values.map((v) => typeof v));
    if (types.size === 1) {
      const only = [...types][0];
      schema.type = only === "number" ? (param.values.every((v) => Number.isInteger(v)) ? "integer" : "number") : (only as string);
    }
    schema.enum = [...param.values];
  } else {
    schema.type = { float: "number", int: "integer", str: "string", bool: "boolean", enum: "string" }[param.type];
    if (param.min !== undefined) schema.minimum = param.min;
    if (param.max !== undefined) schema.maximum = param.max;
  }
  if (param.description !== undefined) schema.description = param.description;
  return schema;
}

/** The JSON Schema object of an info dict's parameters (`additionalProperties: false`, non-optional ones required). */
export function paramsJsonSchema(info: JsonValue | undefined): JsonObject {
  const params = paramsOfInfo(info);
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, paramJsonSchema(p)])),
    required: params.filter((p) => !p.optional).map((p) => p.name),
    additionalProperties: false,
  };
}

function costOf(info: JsonValue | undefined): number | undefined {
  if (info === null || info === undefined || typeof info !== "object" || Array.isArray(info)) return undefined;
  const cost = (info as { readonly cost?: JsonValue }).cost;
  return typeof cost === "number" ? cost : undefined;
}

function descriptionOf(info: JsonValue | undefined): string {
  if (info === null || info === undefined || typeof info !== "object" || Array.isArray(info)) return "";
  const d = (info as { readonly description?: JsonValue }).description;
  return typeof d === "string" ? d : "";
}

export function toolDefinitions(source: AgentInterface, options?: ToolDefinitionsOptions & { readonly format?: "json-schema" }): ToolDefinition[];
export function toolDefinitions(source: AgentInterface, options: ToolDefinitionsOptions & { readonly format: "openai" }): OpenAIToolDefinition[];
export function toolDefinitions(source: AgentInterface, options: ToolDefinitionsOptions & { readonly format: "anthropic" }): AnthropicToolDefinition[];
/**
 * The declared actions and measurements as tool definitions (actions first, in declaration order),
 * plus a `done` tool. Each description states the kind and the cost.
 * @throws AbioValidationError when a name is both an action and a measurement (tool names must be unique).
 */
export function toolDefinitions(
  source: AgentInterface,
  options: ToolDefinitionsOptions = {},
): ToolDefinition[] | OpenAIToolDefinition[] | AnthropicToolDefinition[] {
  const opts = parseWith(ToolDefinitionsOptionsSchema, options, { what: "toolDefinitions options" });
  if (source === null || typeof source !== "object") throw AbioValidationError.invalid("source", "an Observation or { available_actions, available_measurements }", source);
  const tools: ToolDefinition[] = [];
  const seen = new Set<string>();
  const add = (name: string, info: JsonValue | undefined, kind: "action" | "measurement") => {
    if (seen.has(name)) {
      throw new AbioValidationError(`${JSON.stringify(name)} is both an action and a measurement`, { parameter: `available_measurements.${name}`, expected: "unique names across actions and measurements", received: name });
    }
    seen.add(name);
    const cost = costOf(info);
    const what = kind === "measurement" ? "Measurement (observes without changing the world)" : "Action (changes the world)";
    const text = [descriptionOf(info), `${what}; cost ${cost ?? (kind === "action" ? 1 : 0)}.`].filter((s) => s !== "").join(" ");
    tools.push({ name, description: text, parameters: paramsJsonSchema(info) });
  };
  for (const [name, info] of Object.entries(source.available_actions ?? {})) add(name, info, "action");
  for (const [name, info] of Object.entries(source.available_measurements ?? {})) add(name, info, "measurement");
  if (opts.done ?? true) {
    tools.push({ name: DONE_ACTION, description: "End the experiment now (when the goal is reached or nothing more is worth its cost).", parameters: { type: "object", properties: {}, required: [], additionalProperties: false } });
  }
  switch (opts.format ?? "json-schema") {
    case "openai":
      return tools.map((t) => ({ type: "function" as const, function: t }));
    case "anthropic":
      return tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
    default:
      return tools;
  }
}

/** A tool call as providers return it: `arguments` as a JSON string (OpenAI) or `input` as an object (Anthropic). */
export interface ToolCall {
  readonly id?: string | undefined;
  readonly name: string;
  readonly arguments?: string | JsonObject | null | undefined;
  readonly input?: JsonObject | null | undefined;
}

/**
 * The `Action` for a tool call. `reasoning` (e.g. the model's text) is kept in the trace.
 * @throws AbioValidationError when the call has no name or its arguments are not a JSON object.
 */
export function actionFromToolCall(call: ToolCall, reasoning?: string | null): Action {
  if (call === null || typeof call !== "object" || typeof call.name !== "string" || call.name === "") {
    throw AbioValidationError.invalid("toolCall.name", "a non-empty string", (call as { name?: unknown } | null)?.name);
  }
  let params: unknown = call.input ?? call.arguments ?? {};
  if (typeof params === "string") {
    const text = params.trim();
    try {
      params = text === "" ? {} : (JSON.parse(text) as unknown);
    } catch (error) {
      throw new AbioValidationError(`tool call ${call.name}: arguments are not valid JSON`, { parameter: "toolCall.arguments", expected: "a JSON object", received: params, cause: error });
    }
  }
  if (params === null || typeof params !== "object" || Array.isArray(params) || !isJsonValue(params)) {
    throw AbioValidationError.invalid("toolCall.arguments", "a JSON object", params);
  }
  return new Action({ name: call.name, params: params as JsonObject, ...(reasoning ? { reasoning } : {}) });
}

/**
 * The decision for a tool call: its `Action`, or an `InvalidAction` when the call cannot be one
 * (no name, or arguments that are not a JSON object, e.g. truncated JSON). The session answers an
 * `InvalidAction` with a failed result, so the model sees the error and can retry.
 */
export function decisionFromToolCall(call: ToolCall, reasoning?: string | null): Action | InvalidAction {
  try {
    return actionFromToolCall(call, reasoning);
  } catch (error) {
    if (!(error instanceof AbioValidationError)) throw error;
    const name = call !== null && typeof call === "object" && typeof call.name === "string" ? call.name : "";
    return new InvalidAction({ name, error: `tool call ${JSON.stringify(name)}: ${error.message}`, reasoning: reasoning ?? null });
  }
}

/** The tool call's arguments as the model sent them (raw text kept, so the transcript shows its mistake). */
function rawArguments(call: ToolCall): string {
  const raw = call.input ?? call.arguments ?? {};
  if (typeof raw === "string") return raw;
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}

// -----------------------------------------------------------------------------------------------------
// ToolCallingAgent

/** A chat message of the agent's transcript (provider-neutral). */
export type ChatMessage =
  | { readonly role: "user"; readonly content: string }
  | { readonly role: "assistant"; readonly content: string | null; readonly tool_call: { readonly id: string; readonly name: string; readonly arguments: string } | null }
  | { readonly role: "tool"; readonly tool_call_id: string; readonly name: string; readonly content: string };

/** What the model is asked. */
export interface ModelRequest {
  /** Briefing, constitution and the rules of the protocol. */
  readonly system: string;
  /** The transcript so far: the initial observation, then assistant tool calls and tool results. */
  readonly messages: readonly ChatMessage[];
  /** The tools (provider-neutral JSON Schema; convert with `toolDefinitions(obs, { format })`). */
  readonly tools: readonly ToolDefinition[];
  /** Aborted when the run's time limit passes: pass it to your HTTP client. */
  readonly signal: AbortSignal;
}

/** What the model answered: one tool call (or none, which ends the run) and optional text. */
export interface ModelResponse {
  readonly toolCall?: ToolCall | null | undefined;
  readonly text?: string | null | undefined;
}

/** A chat model with tool calling. */
export type LanguageModel = (request: ModelRequest) => ModelResponse | Promise<ModelResponse>;

/** zod schema of `ToolCallingAgent`'s options. */
export const ToolCallingAgentOptionsSchema = z.strictObject({
  /** The language model: a function (request) => response. Required. */
  model: z.custom<LanguageModel>((v) => typeof v === "function", { error: "a function (request) => response" }),
  /** The agent's name in results. Default "tool-calling". */
  name: z.string().min(1).optional(),
  /** Extra instructions appended to the system prompt. Default: none. */
  instructions: z.string().optional(),
});
export type ToolCallingAgentOptions = z.input<typeof ToolCallingAgentOptionsSchema>;

function budgetText(n: number): string | number {
  return Number.isFinite(n) ? n : "unlimited";
}

/** The observation as the model reads it (JSON text; declarations are in the tools). */
export function renderObservation(observation: Observation): string {
  const base: Record<string, JsonValue> = {
    step: observation.step,
    budget: budgetText(observation.budget),
    spent: observation.spent,
    remaining: budgetText(observation.remaining),
    current_state: observation.current_state,
  };
  if (observation instanceof ActionResult) {
    return JSON.stringify({ action: observation.action_name, success: observation.success, error: observation.error, data: observation.data, cost: observation.cost, ...base });
  }
  return JSON.stringify(base);
}

/** The system prompt built from the first observation. */
export function systemPrompt(observation: Observation, instructions?: string): string {
  return [
    observation.briefing !== "" ? `# Briefing\n${observation.briefing}` : "",
    observation.constitution !== "" ? `# Constitution\n${observation.constitution}` : "",
    "# Protocol\nCall exactly one tool per turn. Actions change the world and advance the step; measurements observe it. " +
      "Every call costs its stated cost (failed calls cost too); check `remaining` before expensive calls. Call `done` (or answer without a tool call) to end.",
    instructions ?? "",
  ]
    .filter((s) => s !== "")
    .join("\n\n");
}

/**
 * An agent driven by a tool-calling language model. Each decision sends the transcript with the
 * latest observation (the initial one as a user message, each ActionResult as the tool result of the
 * previous call) and turns the model's tool call into an Action; no tool call, or `done`, ends the run.
 */
export class ToolCallingAgent implements Agent {
  readonly name: string;
  readonly #model: LanguageModel;
  readonly #instructions: string | undefined;
  #system = "";
  #messages: ChatMessage[] = [];
  #pending: { id: string; name: string } | null = null;

  constructor(options: ToolCallingAgentOptions) {
    const opts = parseWith(ToolCallingAgentOptionsSchema, options, { what: "ToolCallingAgent options" });
    this.#model = opts.model;
    this.name = opts.name ?? "tool-calling";
    this.#instructions = opts.instructions;
  }

  /** The transcript so far (a copy). */
  get messages(): readonly ChatMessage[] {
    return [...this.#messages];
  }

  start(): void {
    this.#system = "";
    this.#messages = [];
    this.#pending = null;
  }

  async decide(observation: Observation, context: DecisionContext): Promise<Decision> {
    if (this.#messages.length === 0 || observation.isInitial()) {
      this.#system = systemPrompt(observation, this.#instructions);
      this.#messages = [{ role: "user", content: renderObservation(observation) }];
    } else if (this.#pending !== null) {
      this.#messages.push({ role: "tool", tool_call_id: this.#pending.id, name: this.#pending.name, content: renderObservation(observation) });
    } else {
      this.#messages.push({ role: "user", content: renderObservation(observation) });
    }
    this.#pending = null;
    const response = await this.#model({ system: this.#system, messages: [...this.#messages], tools: toolDefinitions(observation), signal: context.signal });
    if (response === null || typeof response !== "object") throw AbioValidationError.invalid("model response", "{ toolCall?, text? }", response);
    const text = typeof response.text === "string" && response.text !== "" ? response.text : null;
    const call = response.toolCall ?? null;
    if (call === null) {
      this.#messages.push({ role: "assistant", content: text, tool_call: null });
      return null;
    }
    const decision = decisionFromToolCall(call, text);
    const id = typeof call.id === "string" && call.id !== "" ? call.id : `call_${context.turn}`;
    const args = decision instanceof InvalidAction ? rawArguments(call) : JSON.stringify(decision.params);
    this.#messages.push({ role: "assistant", content: text, tool_call: { id, name: decision.name, arguments: args } });
    this.#pending = { id, name: decision.name };
    return decision;
  }
}

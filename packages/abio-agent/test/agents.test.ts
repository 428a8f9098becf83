import fc from "fast-check";
import { Generator } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import {
  AbioSession,
  AbioValidationError,
  Action,
  ParamSpecSchema,
  RandomAgent,
  ScriptedAgent,
  ToolCallingAgent,
  actionFromToolCall,
  normalizeSpecs,
  paramsProblem,
  runExperiment,
  sampleParams,
  toolDefinitions,
  type ActionSpec,
  type JsonObject,
  type ModelRequest,
  type Observation,
  type ParamSpec,
  type RandomSource,
} from "../src/index.js";
import { agentRng, randomAgentFactory, seededRandomAgent, seededRng } from "../src/random.js";
import { emptyScenario, labScenario } from "../src/contract/index.js";
import { expectAbioError, toyScenario, toyWorld } from "./helpers.js";

/** Arbitrary parameter declarations of every form. */
const paramSpec: fc.Arbitrary<ParamSpec> = fc.oneof(
  fc.constantFrom<ParamSpec>("float", "number", "int", "integer", "str", "string", "bool", "boolean"),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean()), { minLength: 1, maxLength: 4 }),
  fc
    .record({ type: fc.constantFrom("float", "int"), a: fc.integer({ min: -100, max: 100 }), b: fc.integer({ min: 0, max: 50 }), optional: fc.boolean() })
    .map(({ type, a, b, optional }) => ({ type, min: a, max: a + b, optional }) as ParamSpec),
  fc.record({ type: fc.constant("enum"), values: fc.array(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 3 }) }) as fc.Arbitrary<ParamSpec>,
  fc.integer({ min: 1, max: 10 }).map((m) => ({ type: "float", max: -m }) as ParamSpec),
);

describe("RandomAgent", () => {
  it("generates valid parameters for any declared types (property)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), paramSpec, { maxKeys: 5 }), fc.nat(1000), (params, seed) => {
        const specs = normalizeSpecs({ act: { params } as ActionSpec }, "action", "available_actions");
        const spec = specs[0]!;
        const rng = Generator.fromSeed(seed);
        for (let i = 0; i < 5; i++) expect(paramsProblem(spec, sampleParams(spec.info, rng))).toBeUndefined();
      }),
      { numRuns: 80 },
    );
    expect(ParamSpecSchema.safeParse("complex").success).toBe(false);
  });

  it("picks declared names only and is reproducible from a seed", async () => {
    const run = async (seed: number) => runExperiment(labScenario(), seededRandomAgent(seed, { doneProbability: 0.05 }), { seed });
    const a = await run(3);
    const b = await run(3);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.trace.every((t) => t.observation.success || /budget/.test(t.observation.error ?? ""))).toBe(true);
    expect(JSON.stringify(await run(4))).not.toBe(JSON.stringify(a));
  });

  it("draws exactly as documented (random for done, integers for the choice, one draw per parameter)", () => {
    const draws: string[] = [];
    const rng: RandomSource = {
      random: () => (draws.push("random"), 0.5),
      integers: (lo, hi) => (draws.push(`integers(${lo}, ${hi})`), lo),
    };
    const agent = new RandomAgent({ rng, doneProbability: 0.2 });
    const s = new AbioSession(toyWorld());
    const decision = agent.decide(s.observe()) as Action;
    expect(decision.toJSON()).toEqual({ name: "inc", kind: "action", params: { by: -10 } });
    expect(draws).toEqual(["random", "integers(0, 4)", "integers(-10, 11)"]);
  });

  it("sends done with doneProbability, when nothing is declared, and validates its options", () => {
    const always = new RandomAgent({ rng: Generator.fromSeed(1), doneProbability: 1 });
    expect((always.decide(new AbioSession(toyWorld()).observe()) as Action).name).toBe("done");
    const never = new RandomAgent({ rng: Generator.fromSeed(1), doneProbability: 0 });
    expect((never.decide(new AbioSession(emptyScenario().create({ seed: 0 })).observe()) as Action).name).toBe("done");
    expectAbioError(() => new RandomAgent({ rng: Generator.fromSeed(1), doneProbability: 2 }), AbioValidationError, "doneProbability");
    expectAbioError(() => new RandomAgent({ rng: { random: () => 0 } as never }), AbioValidationError, "rng");
    expectAbioError(() => seededRng(-3), AbioValidationError, "seed");
  });

  it("the batch factory draws from a stream independent of the world's (default_rng(seed).spawn(1)[0])", () => {
    const world = Generator.fromSeed(7);
    const agent = agentRng(7);
    const child = Generator.fromSeed(7).spawn(1)[0]!;
    expect(agent.random()).toBe(child.random());
    expect(agentRng(7).random()).not.toBe(world.random());
    expect(randomAgentFactory({ name: "rnd" }).name).toBe("rnd");
    expect(() => randomAgentFactory({ doneProbability: -1 })).toThrow(AbioValidationError);
  });
});

describe("ScriptedAgent", () => {
  it("plays a list, then sends done (the reference's behaviour)", async () => {
    const r = await runExperiment(toyScenario(), new ScriptedAgent([{ name: "inc", params: { by: 2 } }, new Action({ name: "read" })]));
    expect(r.trace.map((t) => t.action.name)).toEqual(["inc", "read", "done"]);
    expect(r.end_reason).toBe("agent_done");
    const quiet = await runExperiment(toyScenario(), new ScriptedAgent([{ name: "noop" }], { whenExhausted: "end" }));
    expect(quiet.trace.map((t) => t.action.name)).toEqual(["noop"]);
  });

  it("runs a policy of the latest observation", async () => {
    const agent = new ScriptedAgent((obs, i) => (i < 3 ? { name: "inc", params: { by: (obs.current_state.value as number) + 1 } } : null));
    const r = await runExperiment(toyScenario(), agent);
    expect(r.trace.map((t) => t.observation.current_state.value)).toEqual([1, 3, 7]);
  });

  it("rejects a malformed script naming the entry", () => {
    expectAbioError(() => new ScriptedAgent([{ name: "ok" }, { params: {} } as never]), AbioValidationError, "script[1]");
    expectAbioError(() => new ScriptedAgent("go" as never), AbioValidationError, "script");
    expectAbioError(() => new ScriptedAgent([], { whenExhausted: "loop" as "done" }), AbioValidationError, "whenExhausted");
  });
});

describe("tool definitions for language models", () => {
  const obs = (): Observation => new AbioSession(labScenario().create({ seed: 0 })).observe();

  it("exposes actions and measurements as JSON-Schema tools, with a done tool", () => {
    const tools = toolDefinitions(obs());
    expect(tools.map((t) => t.name)).toEqual(["adjust", "set_mode", "heater", "probe", "sample", "done"]);
    const [adjust, setMode, heater, probe, sample] = tools;
    expect(adjust?.parameters).toEqual({ type: "object", properties: { delta: { type: "number", minimum: -5, maximum: 5 } }, required: ["delta"], additionalProperties: false });
    expect(adjust?.description).toBe("Change the level by delta. Action (changes the world); cost 1.");
    expect(setMode?.parameters.properties).toEqual({ mode: { type: "string", enum: ["fast", "slow"] } });
    expect(heater?.parameters.properties).toEqual({ on: { type: "boolean" } });
    expect(probe?.description).toMatch(/Measurement \(observes without changing the world\); cost 0.2\.$/);
    expect(sample?.parameters).toEqual({
      type: "object",
      properties: { n: { type: "integer", minimum: 1, maximum: 3 }, label: { type: "string" } },
      required: ["n"],
      additionalProperties: false,
    });
    expect(toolDefinitions(obs(), { done: false }).map((t) => t.name)).not.toContain("done");
  });

  it("formats for OpenAI and Anthropic", () => {
    const openai = toolDefinitions(obs(), { format: "openai" });
    expect(openai[0]).toMatchObject({ type: "function", function: { name: "adjust", parameters: { type: "object" } } });
    const anthropic = toolDefinitions(obs(), { format: "anthropic" });
    expect(anthropic[0]).toMatchObject({ name: "adjust", input_schema: { type: "object" } });
    expectAbioError(() => toolDefinitions(obs(), { format: "gemini" as "openai" }), AbioValidationError, "format");
  });

  it("a scenario with no actions has only the done tool", () => {
    expect(toolDefinitions(new AbioSession(emptyScenario().create({ seed: 0 })).observe()).map((t) => t.name)).toEqual(["done"]);
  });

  it("rejects a name that is both an action and a measurement", () => {
    expectAbioError(() => toolDefinitions({ available_actions: { x: {} }, available_measurements: { x: {} } }), AbioValidationError, "available_measurements.x");
  });

  it("turns tool calls into actions (JSON-string or object arguments)", () => {
    expect(actionFromToolCall({ name: "adjust", arguments: '{"delta": 1.5}' }, "closer").toJSON()).toEqual({ name: "adjust", params: { delta: 1.5 }, reasoning: "closer" });
    expect(actionFromToolCall({ name: "probe", input: {} }).toJSON()).toEqual({ name: "probe", params: {} });
    expect(actionFromToolCall({ name: "probe", arguments: "" }).params).toEqual({});
    expectAbioError(() => actionFromToolCall({ name: "adjust", arguments: "{delta:" }), AbioValidationError, "toolCall.arguments");
    expectAbioError(() => actionFromToolCall({ name: "adjust", arguments: "[1]" }), AbioValidationError, "toolCall.arguments");
    expectAbioError(() => actionFromToolCall({ name: "" }), AbioValidationError, "toolCall.name");
  });
});

describe("ToolCallingAgent", () => {
  it("drives a (fake) tool-calling model: transcript with tool results, ends without a tool call", async () => {
    const requests: ModelRequest[] = [];
    const script = [
      { toolCall: { id: "c1", name: "probe", arguments: "{}" }, text: "Let me measure first." },
      { toolCall: { name: "adjust", input: { delta: 2 } } },
      { toolCall: { id: "c3", name: "adjust", arguments: '{"delta": 9}' } },
      { text: "I am done." },
    ];
    const agent = new ToolCallingAgent({
      model: async (req) => {
        requests.push(req);
        return script[requests.length - 1] ?? {};
      },
      instructions: "Be brief.",
    });
    const r = await runExperiment(labScenario(), agent, { seed: 2 });
    expect(r.trace.map((t) => [t.action.name, t.observation.success])).toEqual([
      ["probe", true],
      ["adjust", true],
      ["adjust", false],
    ]);
    expect(r.trace[0]?.action.reasoning).toBe("Let me measure first.");
    expect(r.end_reason).toBe("agent_done");
    const first = requests[0]!;
    expect(first.system).toMatch(/^# Briefing\nA lab tank/);
    expect(first.system).toMatch(/# Constitution\nDo not waste budget\./);
    expect(first.system).toMatch(/Be brief\.$/);
    expect(first.tools.map((t) => t.name)).toContain("done");
    expect(first.messages).toEqual([{ role: "user", content: expect.stringContaining('"step":0') }]);
    const last = requests[3]!;
    expect(last.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant", "tool"]);
    const toolMsg = last.messages[2] as { tool_call_id: string; content: string };
    expect(toolMsg.tool_call_id).toBe("c1");
    expect(JSON.parse(toolMsg.content)).toMatchObject({ action: "probe", success: true, data: { distance: expect.any(Number) }, cost: 0.2 });
    const failed = JSON.parse((last.messages[6] as { content: string }).content);
    expect(failed).toMatchObject({ action: "adjust", success: false, error: expect.stringMatching(/delta must be <= 5/) });
    expect(agent.messages.at(-1)).toEqual({ role: "assistant", content: "I am done.", tool_call: null });
    expect(first.signal).toBeInstanceOf(AbortSignal);
  });

  it("a `done` tool call ends the run", async () => {
    const done = await runExperiment(labScenario(), new ToolCallingAgent({ model: () => ({ toolCall: { name: "done", arguments: "{}" } }) }));
    expect([done.end_reason, done.trace.at(-1)?.action.name]).toEqual(["agent_done", "done"]);
  });

  it("renders an unlimited budget readably", async () => {
    let content = "";
    await runExperiment(toyScenario(), new ToolCallingAgent({ model: (req) => ((content = (req.messages[0] as { content: string }).content), {}) }));
    expect(JSON.parse(content) as JsonObject).toMatchObject({ budget: "unlimited", remaining: "unlimited", current_state: { value: 0 } });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AbioValidationError,
  Action,
  ActionResult,
  ExperimentResults,
  Observation,
  isJsonValue,
  type JsonObject,
  type JsonValue,
} from "../src/index.js";
import { expectAbioError } from "./helpers.js";

const fields = {
  briefing: "Find the source.",
  constitution: "Do no harm.",
  available_actions: { add_feedstock: { description: "Add nutrients to the system", params: { amount: "float" }, cost: 10.0 } },
  available_measurements: { sample: { description: "Measure", params: {}, cost: 0 } },
  current_state: { temperature: 20 },
  step: 0,
  budget: 100,
  spent: 0,
  remaining: 100,
};

const SEED_KEYS = ["briefing", "constitution", "available_actions", "available_measurements", "current_state", "step", "budget", "spent", "remaining", "_is_initial"];

describe("Observation (seed 003)", () => {
  it("has exactly the seed's fields, in the seed's order, as JSON keys", () => {
    const obs = new Observation(fields);
    expect(Object.keys(obs.toJSON())).toEqual(SEED_KEYS);
    expect(Object.keys(JSON.parse(JSON.stringify(obs)))).toEqual(SEED_KEYS);
    expect(obs.available_actions).toEqual(fields.available_actions);
    expect(obs.availableActions).toBe(obs.available_actions);
    expect(obs.availableMeasurements).toBe(obs.available_measurements);
    expect(obs.currentState).toBe(obs.current_state);
    expect(obs.names).toEqual(["add_feedstock", "sample"]);
  });

  it("isInitial() follows the _is_initial flag (default true, as the dataclass), not the step", () => {
    expect(new Observation(fields).isInitial()).toBe(true);
    expect(new Observation(fields).is_initial()).toBe(true);
    // A later observation at step 0 (e.g. after a measurement) is not initial.
    expect(new Observation({ ...fields, _is_initial: false }).isInitial()).toBe(false);
    // An ActionResult is never initial by default.
    const result = new ActionResult({ ...fields, action_name: "sample", success: true, cost: 0 });
    expect(result.isInitial()).toBe(false);
    expect(result).toBeInstanceOf(Observation);
  });

  it("is deeply frozen and does not alias its input", () => {
    const input = { ...fields, current_state: { temperature: 20, nested: { a: [1, 2] } } };
    const obs = new Observation(input);
    input.current_state.nested.a.push(3);
    expect(obs.current_state).toEqual({ temperature: 20, nested: { a: [1, 2] } });
    expect(Object.isFrozen(obs)).toBe(true);
    expect(Object.isFrozen(obs.current_state)).toBe(true);
    expect(Object.isFrozen((obs.current_state.nested as JsonObject).a)).toBe(true);
    expect(() => {
      (obs as { step: number }).step = 3;
    }).toThrow(TypeError);
  });

  it("rejects non-JSON state and bad fields with a typed error naming the field", () => {
    expectAbioError(() => new Observation({ ...fields, current_state: { x: Number.NaN } }), AbioValidationError, "current_state");
    expectAbioError(() => new Observation({ ...fields, current_state: { f: (() => 1) as unknown as JsonValue } }), AbioValidationError, "current_state");
    expectAbioError(() => new Observation({ ...fields, step: -1 }), AbioValidationError, "step");
    expectAbioError(() => new Observation({ ...fields, step: 1.5 }), AbioValidationError, "step");
    expectAbioError(() => new Observation({ ...fields, briefing: 3 as unknown as string }), AbioValidationError, "briefing");
  });

  it("reads Python's asdict() JSON, ignoring extra keys, and writes an unlimited budget as null", () => {
    const python = { ...fields, budget: null, remaining: null, stakes: null, _is_initial: true };
    const obs = Observation.fromJSON(python);
    expect(obs.budget).toBe(Infinity);
    expect(obs.remaining).toBe(Infinity);
    expect(obs.toJSON().budget).toBeNull();
    expect(JSON.parse(JSON.stringify(obs))).toEqual({ ...fields, budget: null, remaining: null, _is_initial: true });
  });
});

describe("ActionResult", () => {
  it("is an Observation plus action_name, success, error, data and cost", () => {
    const r = new ActionResult({ ...fields, step: 1, spent: 10, remaining: 90, action_name: "add_feedstock", success: true, cost: 10 });
    expect(Object.keys(r.toJSON())).toEqual([...SEED_KEYS, "action_name", "success", "error", "data", "cost"]);
    expect(r.error).toBeNull();
    expect(r.data).toBeNull();
    expect(r.actionName).toBe("add_feedstock");
    expect(Object.isFrozen(r)).toBe(true);
  });

  it("round-trips through JSON and Observation.fromJSON picks the subclass", () => {
    const r = new ActionResult({ ...fields, action_name: "sample", success: false, error: "nope", data: { x: [1, "a", null] }, cost: 0.1 });
    const back = Observation.fromJSON(JSON.parse(JSON.stringify(r)));
    expect(back).toBeInstanceOf(ActionResult);
    expect(back.toJSON()).toEqual(r.toJSON());
    // The reference's timing fields are accepted and ignored.
    expect(ActionResult.fromJSON({ ...r.toJSON(), initiated: 0, completed: 0.1, completion_time: null }).toJSON()).toEqual(r.toJSON());
  });

  it("rejects non-JSON data", () => {
    expectAbioError(() => new ActionResult({ ...fields, action_name: "x", success: true, cost: 0, data: { bad: new Float32Array(2) } as unknown as JsonValue }), AbioValidationError, "data");
  });

  it("JSON round trip holds for arbitrary JSON state and data (property)", () => {
    const json = fc.jsonValue({ maxDepth: 3 }).filter(isJsonValue) as fc.Arbitrary<JsonValue>;
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json, { maxKeys: 4 }), json, fc.nat(50), fc.double({ min: 0, max: 1e6, noNaN: true }), (state, data, step, spent) => {
        const r = new ActionResult({ ...fields, current_state: state as JsonObject, step, spent, remaining: 100 - spent, action_name: "a", success: true, cost: 1, data });
        const back = Observation.fromJSON(JSON.parse(JSON.stringify(r)));
        expect(back.toJSON()).toEqual(JSON.parse(JSON.stringify(r.toJSON())));
      }),
      { numRuns: 60 },
    );
  });
});

describe("Action", () => {
  it("has name, params and an optional reasoning; params default to {}", () => {
    const a = new Action({ name: "add_feedstock", params: { amount: 2 }, reasoning: "more food" });
    expect(a.toJSON()).toEqual({ name: "add_feedstock", params: { amount: 2 }, reasoning: "more food" });
    expect(new Action({ name: "sample" }).params).toEqual({});
    expect(Object.isFrozen(a.params)).toBe(true);
    expect(Action.from(a)).toBe(a);
    // Python's asdict(Action) with kind/wait/reasoning None.
    expect(Action.fromJSON({ name: "x", params: {}, kind: null, wait: null, reasoning: null }).toJSON()).toEqual({ name: "x", params: {} });
  });

  it("rejects a missing name or non-JSON params", () => {
    expectAbioError(() => new Action({} as never), AbioValidationError, "name");
    expectAbioError(() => new Action({ name: "x", params: { v: Number.POSITIVE_INFINITY } }), AbioValidationError, "params.v");
  });
});

describe("ExperimentResults", () => {
  it("round-trips through JSON with its trace", () => {
    const obs = new ActionResult({ ...fields, step: 1, spent: 10, remaining: 90, action_name: "add_feedstock", success: true, cost: 10 });
    const results = new ExperimentResults({
      scenario: "s",
      agent: "a",
      seed: 3,
      scores: { score: 0.7, budget_compliance: 1 },
      trace: [{ action: new Action({ name: "add_feedstock", params: { amount: 1 } }), observation: obs, step: 1, cumulative_cost: 10 }],
      passed: true,
      status: "completed",
      end_reason: "agent_done",
      budget: 100,
      spent: 10,
      steps: 1,
      turns: 1,
    });
    const json = JSON.parse(JSON.stringify(results));
    expect(Object.keys(json)).toEqual([
      "scenario",
      "agent",
      "seed",
      "scores",
      "trace",
      "interface",
      "passed",
      "status",
      "incomplete_reason",
      "end_reason",
      "error",
      "scoring_errors",
      "budget",
      "spent",
      "steps",
      "turns",
    ]);
    const back = ExperimentResults.fromJSON(json);
    expect(JSON.parse(JSON.stringify(back))).toEqual(json);
    expect(back.trace[0]?.observation).toBeInstanceOf(ActionResult);
    expect(results.toJSON({ trace: false }).trace).toEqual([]);
    expect(results.toJSON({ trace: false }).interface).toBeUndefined();
    // The inline form (the reference's asdict shape) round-trips to the same results.
    const inline = results.toJSON({ inlineInterface: true });
    expect(inline.interface).toBeUndefined();
    expect(inline.trace[0]?.observation).toMatchObject({ briefing: obs.briefing, available_actions: obs.available_actions });
    expect(JSON.parse(JSON.stringify(ExperimentResults.fromJSON(inline)))).toEqual(json);
    expect(Object.isFrozen(results.scores)).toBe(true);
  });

  it("refuses non-finite scores", () => {
    expectAbioError(
      () => new ExperimentResults({ scenario: "s", seed: null, scores: { score: Number.NaN }, trace: [], passed: false, status: "completed", end_reason: "agent_done", budget: 1, spent: 0, steps: 0, turns: 0 }),
      AbioValidationError,
      "scores.score",
    );
  });
});

import { expect } from "vitest";
import { AbioError, type AbioEnvironment, type ActionSpec, type ExecuteOutcome, type ExecuteRequest, type JsonObject, type Scenario } from "../src/index.js";

/** Runs `fn`, asserts it throws an AbioError of `cls` with `code` and `parameter`, and returns it. */
export function expectAbioError<E extends AbioError>(fn: () => unknown, cls: abstract new (...args: never[]) => E, parameter: string | undefined): E {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected a throw").toBeInstanceOf(cls);
  const error = caught as E;
  expect(error.code).toMatch(/^PLUME_/);
  expect(error.parameter).toBe(parameter);
  return error;
}

export interface ToyOptions {
  readonly actions?: Readonly<Record<string, ActionSpec>>;
  readonly measurements?: Readonly<Record<string, ActionSpec>>;
  readonly budget?: number;
  readonly execute?: (request: ExecuteRequest, state: { value: number; executed: ExecuteRequest[] }) => ExecuteOutcome | void;
  readonly terminalAt?: number;
}

/**
 * A small world: action `inc` {by: int} (cost 2), `noop` (cost default 1), measurement `read` (cost 0.5)
 * returning the hidden `secret` plus the value, `peek` (free). State: { value }.
 */
export function toyWorld(options: ToyOptions = {}): AbioEnvironment & { readonly state: { value: number; executed: ExecuteRequest[] } } {
  const state = { value: 0, executed: [] as ExecuteRequest[] };
  return {
    state,
    briefing: "Count up.",
    constitution: "Be frugal.",
    budget: options.budget,
    actions: options.actions ?? { inc: { description: "Add `by`.", params: { by: "int" }, cost: 2 }, noop: { description: "Nothing." } },
    measurements: options.measurements ?? { read: { description: "Read the secret.", cost: 0.5 }, peek: { description: "Free look.", cost: 0 } },
    observableState: (): JsonObject => ({ value: state.value }),
    hiddenState: (): JsonObject => ({ secret: 42 }),
    isTerminal: () => options.terminalAt !== undefined && state.value >= options.terminalAt,
    execute(request: ExecuteRequest): ExecuteOutcome | void {
      state.executed.push(request);
      if (options.execute !== undefined) return options.execute(request, state);
      if (request.name === "inc") state.value += request.params.by as number;
      if (request.name === "read") return { data: { secret: 42, value: state.value } };
      if (request.name === "peek") return { data: { value: state.value } };
      return undefined;
    },
  };
}

export function toyScenario(options: ToyOptions & { readonly name?: string; readonly scoring?: Scenario["scoring"]; readonly passingScore?: number; readonly session?: Scenario["session"] } = {}): Scenario {
  return {
    name: options.name ?? "toy",
    create: () => toyWorld(options),
    ...(options.scoring !== undefined && { scoring: options.scoring }),
    ...(options.passingScore !== undefined && { passingScore: options.passingScore }),
    ...(options.session !== undefined && { session: options.session }),
  };
}

/** A minimal CSV parser (RFC 4180) used to check the exporter's escaping. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

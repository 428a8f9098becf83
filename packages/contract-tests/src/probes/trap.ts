/**
 * The `trap` probe: while a plugin call runs, `Math.random`, `Date.now`, `new Date()` (without
 * arguments: the current time), `Date()`, `performance.now` and `crypto.getRandomValues` are replaced by stubs that throw. A hidden source of nondeterminism is
 * reported even when the plugin swallows the stub's exception.
 */

/** Thrown (and recorded) when trapped code reads a hidden source of randomness or time. */
export class HiddenNondeterminismError extends Error {
  readonly source: string;
  constructor(source: string) {
    super(
      `${source} was called while the contract kit had trapped it: randomness must come from the seeded generator ` +
        `you are given (envState.rng, setRng or reset({ seed })), and results must not depend on the clock`,
    );
    this.name = "HiddenNondeterminismError";
    this.source = source;
  }
}

interface Trapped {
  readonly target: object;
  readonly key: string;
  readonly label: string;
}

function targets(): Trapped[] {
  const list: Trapped[] = [
    { target: Math, key: "random", label: "Math.random()" },
    { target: Date, key: "now", label: "Date.now()" },
  ];
  const perf = (globalThis as { performance?: object }).performance;
  if (perf !== undefined && perf !== null) list.push({ target: perf, key: "now", label: "performance.now()" });
  const crypto = (globalThis as { crypto?: object }).crypto;
  if (crypto !== undefined && crypto !== null) {
    list.push({ target: crypto, key: "getRandomValues", label: "crypto.getRandomValues()" });
  }
  return list;
}

let depth = 0;
let calls: string[] = [];

/**
 * Runs `fn` with the hidden sources of nondeterminism trapped, and returns its result.
 * @throws HiddenNondeterminismError when `fn` touched one of them (even if it caught the stub's error).
 */
export function trapped<T>(fn: () => T): T {
  if (depth > 0) return fn();
  const installed: { t: Trapped; own: PropertyDescriptor | undefined }[] = [];
  calls = [];
  for (const t of targets()) {
    const own = Object.getOwnPropertyDescriptor(t.target, t.key);
    const stub = () => {
      calls.push(t.label);
      throw new HiddenNondeterminismError(t.label);
    };
    try {
      // Replacing Math.random here is the point of the probe: detect a plugin that calls it.
      Object.defineProperty(t.target, t.key, { value: stub, configurable: true, writable: true, enumerable: false });
      installed.push({ t, own });
    } catch {
      // a frozen or exotic global: leave it untrapped
    }
  }
  // `new Date()` and `Date()` read the clock without Date.now: a Proxy over the global Date throws for them
  const OriginalDate = globalThis.Date;
  const clock = (label: string) => {
    calls.push(label);
    throw new HiddenNondeterminismError(label);
  };
  const TrappedDate = new Proxy(OriginalDate, {
    construct(target, args, newTarget) {
      if (args.length === 0) clock("new Date()");
      return Reflect.construct(target, args, newTarget) as object;
    },
    apply() {
      return clock("Date()");
    },
  });
  let dateTrapped = false;
  try {
    globalThis.Date = TrappedDate;
    dateTrapped = true;
  } catch {
    // a frozen global: leave it untrapped
  }
  depth += 1;
  let result: T | undefined;
  let failure: { error: unknown } | undefined;
  try {
    result = fn();
  } catch (error) {
    failure = { error };
  } finally {
    depth -= 1;
    if (dateTrapped) globalThis.Date = OriginalDate;
    for (const { t, own } of installed.reverse()) {
      if (own === undefined) delete (t.target as Record<string, unknown>)[t.key];
      else Object.defineProperty(t.target, t.key, own);
    }
  }
  const seen = calls;
  calls = [];
  if (seen.length > 0) throw new HiddenNondeterminismError(seen[0] as string);
  if (failure !== undefined) throw failure.error;
  return result as T;
}

/** Helpers shared by the protocol suites. */
import { ValidationError } from "@plume/core-types";
import { fail, guard, type CheckContext } from "../engine.js";
import { jsonRoundTripProblem, isPlainObject, render, typeName } from "../probes/values.js";
import { explainNotContained, isSpaceLike, lenientContainsProblem, seededSamples, seedingProblem, spaceDefinitionProblems, spaceLabel, type AnySpace } from "../spaces-util.js";

/** The descriptor of `key` on `obj` or its prototype chain. */
export function findDescriptor(obj: object, key: string): PropertyDescriptor | undefined {
  let current: object | null = obj;
  while (current !== null) {
    const desc = Object.getOwnPropertyDescriptor(current, key);
    if (desc !== undefined) return desc;
    current = Object.getPrototypeOf(current) as object | null;
  }
  return undefined;
}

/**
 * Checks that `key` is an accessor or a non-function property holding a value (never a method) and that
 * `methods` are functions and `optional` members, when present, are functions.
 */
export function checkProtocolShape(
  subject: unknown,
  what: string,
  spec: { readonly accessors?: readonly string[]; readonly methods: readonly string[]; readonly optionalMethods?: readonly string[] },
): void {
  if (typeof subject !== "object" || subject === null) fail(`the factory returned ${render(subject)}, not a ${what} object`);
  for (const key of spec.accessors ?? []) {
    const desc = findDescriptor(subject, key);
    if (desc === undefined) fail(`${key} is missing: a ${what} must expose it as an accessor (get ${key}())`);
    if (desc.get === undefined && typeof desc.value === "function") {
      fail(`${key} is a method; it must be an accessor (get ${key}()) or a property holding the space, not a function to call`);
    }
    if (desc.get === undefined && (desc.value === undefined || desc.value === null)) fail(`${key} is ${render(desc.value)}: it must hold the space`);
  }
  for (const key of spec.methods) {
    const value = (subject as Record<string, unknown>)[key];
    if (typeof value !== "function") fail(`${key} is ${value === undefined ? "missing" : `a ${typeName(value)}`}: a ${what} must implement ${key}()`);
  }
  for (const key of spec.optionalMethods ?? []) {
    const value = (subject as Record<string, unknown>)[key];
    if (value !== undefined && typeof value !== "function") fail(`the optional member ${key} is a ${typeName(value)}, not a function`);
  }
}

/** A space read through a guard (reading the accessor may throw). */
export function readSpace(subject: object, key: string): AnySpace {
  const space = guard(`reading ${key}`, () => (subject as Record<string, unknown>)[key]);
  if (!isSpaceLike(space)) fail(`${key} is ${render(space)}, not a Space (an object with sample, contains, seed, equals and toJSON, e.g. from @plume/spaces)`);
  return space;
}

/** Definition checks plus 20 seeded samples contained (`*.space-valid`). */
export function checkSpaceValid(ctx: CheckContext, space: unknown, key: string, again?: () => unknown): void {
  const problems = spaceDefinitionProblems(space, key);
  if (problems.length > 0) fail(problems.join("; "));
  const s = space as AnySpace;
  const samples = guard(`${key}.seed/sample`, () => seededSamples(s, ctx.seed, 20));
  samples.forEach((sample, i) => {
    const why = explainNotContained(s, sample, `sample ${i}`);
    if (why !== undefined) fail(`${spaceLabel(s)} does not contain its own seeded sample: ${why}`, sample);
  });
  // the kit's own judgement of the space (issue 20, class 13): an honest contains(), reproducible seeded sampling
  const lenient = lenientContainsProblem(s, key);
  if (lenient !== undefined) fail(lenient);
  const other = again === undefined ? undefined : guard(`reading ${key} of a second instance`, again);
  const seeding = seedingProblem(s, ctx.seed, key, isSpaceLike(other) ? other : undefined);
  if (seeding !== undefined) fail(seeding);
}

/** `*.metadata-type`: a plain object with a string `type`. */
export function checkMetadataType(meta: unknown): void {
  if (!isPlainObject(meta)) fail(`getMetadata() returned ${render(meta)} (a ${typeName(meta)}), not a plain object`);
  if (typeof meta["type"] !== "string" || meta["type"] === "") fail(`metadata.type is ${render(meta["type"])}, not a non-empty string`);
}

/** `*.metadata-json`: survives a JSON round trip unchanged. */
export function checkMetadataJson(meta: unknown): void {
  const problem = jsonRoundTripProblem(meta);
  if (problem !== undefined) fail(`metadata does not survive JSON.parse(JSON.stringify(m)) unchanged: ${problem}`);
}

export function getMetadata(subject: { getMetadata?: () => unknown }): unknown {
  return guard("getMetadata()", () => {
    if (typeof subject.getMetadata !== "function") fail("getMetadata is not a function");
    return subject.getMetadata();
  });
}

/** Reads a nested numeric parameter from metadata (`parameters.noise_std`), or undefined. */
export function metaParam(meta: unknown, key: string): unknown {
  if (!isPlainObject(meta)) return undefined;
  const params = meta["parameters"];
  if (isPlainObject(params) && key in params) return params[key];
  return meta[key];
}

/** Creates a component through the user's factory, turning a throw into a violation. */
export function create<T>(factory: () => T, what = "the factory"): T {
  return guard(`${what}()`, factory);
}

/** The report label: `name`, else the class name of a factory-built instance, else `fallback`. */
export function subjectName(factory: () => unknown, name: string | undefined, fallback: string): string {
  if (name !== undefined) return name;
  try {
    const instance = factory();
    const ctorName = typeName(instance);
    return ctorName === "Object" ? fallback : ctorName;
  } catch {
    return fallback;
  }
}

/**
 * Every suite takes a factory, so that each check gets fresh instances. Given an instance instead (a
 * common slip: `checkEnv(env)`), the suite stops at once with one clear error rather than failing every check.
 * @throws ValidationError naming `factory`.
 */
export function requireFactory(factory: unknown, suite: string, what: string): void {
  if (typeof factory === "function") return;
  const instance = typeof factory === "object" && factory !== null;
  throw ValidationError.invalid(
    "factory",
    instance
      ? `a factory function: ${suite} was given a ${typeName(factory)} instance; pass \`() => ${what}\` so that every check builds a fresh one`
      : `a factory function returning a ${what} (e.g. \`() => ${what}\`)`,
    factory,
  );
}

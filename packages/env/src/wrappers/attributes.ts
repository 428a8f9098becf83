/**
 * Attribute access through a wrapper stack: Gymnasium's `get_wrapper_attr` / `set_wrapper_attr`, used by
 * `Wrapper.getWrapperAttr`, the vector environments' `getAttr` / `setAttr` / `call`, and for raw
 * environments (which have no such methods).
 */
import { ValidationError, isPlumeError } from "@plume/core-types";

/** The next layer inside `layer`, or undefined for an environment that wraps nothing. */
function innerOf(layer: object): object | undefined {
  const inner = (layer as { env?: unknown }).env;
  return inner !== null && typeof inner === "object" ? inner : undefined;
}

function className(value: object): string {
  return (value as { constructor?: { name?: string } }).constructor?.name ?? "environment";
}

/** The property descriptor of `name` on `target` or its prototype chain. */
function descriptorOf(target: object, name: string): PropertyDescriptor | undefined {
  for (let o: object | null = target; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(o, name);
    if (descriptor !== undefined) return descriptor;
  }
  return undefined;
}

function checkName(name: unknown): string {
  if (typeof name !== "string" || name.length === 0) throw ValidationError.invalid("name", "an attribute name (a non-empty string)", name);
  return name;
}

/**
 * The attribute `name` of the first layer of `env`'s wrapper stack, from the outside in, that has it; a
 * function comes back bound to the layer that has it.
 * @throws ValidationError (`parameter` `"name"`) when no layer has it.
 */
export function getEnvAttr(env: object, name: string): unknown {
  checkName(name);
  for (let layer: object | undefined = env; layer !== undefined; layer = innerOf(layer)) {
    if (name in layer) {
      const value = (layer as Record<string, unknown>)[name];
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(layer) : value;
    }
  }
  throw new ValidationError(`${className(env)} has no attribute "${name}" (nor has any environment it wraps)`, {
    parameter: "name",
    expected: "an attribute of the environment or of one of its wrappers",
    received: name,
  });
}

/**
 * Sets `name` on the first layer of `env`'s stack that has it; when none has it and `force`, on `env`
 * itself. Returns whether it was set.
 * @throws ValidationError (`parameter` `"name"`) when that attribute is read-only.
 */
export function setEnvAttr(env: object, name: string, value: unknown, force: boolean): boolean {
  checkName(name);
  let target: object | undefined;
  for (let layer: object | undefined = env; layer !== undefined && target === undefined; layer = innerOf(layer)) {
    if (name in layer) target = layer;
  }
  if (target === undefined) {
    if (!force) return false;
    target = env;
  }
  const descriptor = descriptorOf(target, name);
  const readOnly =
    descriptor !== undefined && (("get" in descriptor || "set" in descriptor) ? descriptor.set === undefined : descriptor.writable === false);
  if (readOnly || Object.isFrozen(target)) {
    throw new ValidationError(`attribute "${name}" of ${className(target)} is read-only`, {
      parameter: "name",
      expected: "a writable attribute",
      received: name,
    });
  }
  try {
    (target as Record<string, unknown>)[name] = value;
  } catch (error) {
    if (isPlumeError(error)) throw error;
    throw new ValidationError(`cannot set attribute "${name}" of ${className(target)}: ${(error as Error).message}`, {
      parameter: "name",
      expected: "a writable attribute",
      received: name,
      cause: error,
    });
  }
  return true;
}

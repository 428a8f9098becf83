/**
 * The `rng-tap` probe: while a plugin call runs, every public method of `@plume/spaces`' `Generator` is
 * wrapped so that the kit sees which generators the plugin draws from and, at the first draw, either
 * records that generator's state (`capture`) or sets it to a given state (`install`). Two runs can so be
 * compared from the same generator state even when the generator is the plugin's private one (e.g. a
 * policy's own generator after an unseeded `reset()`, which continues its stream).
 *
 * It sees only generators of the `@plume/spaces` copy the kit itself loads — the one a plugin gets when it
 * declares `@plume/spaces` as a peer dependency, as published plugins do. Draws from another copy, or from
 * a generator of the plugin's own, are invisible: callers must treat "no draw seen" with care.
 */
import { Generator } from "@plume/spaces";

/** What a tapped run saw. */
export interface TapResult<T> {
  readonly result: T;
  /** The distinct generators drawn from (outermost calls only). */
  readonly generators: number;
  /** The state of the first generator drawn from, just before its first draw (`capture` mode). */
  readonly firstState: unknown;
  /** Whether any draw was seen. */
  readonly drew: boolean;
}

/** Members of `Generator.prototype` that are not draws. */
const NOT_DRAWS = new Set(["constructor", "clone", "spawn", "state", "seedSequence", "bitGenerator", "toString", "toJSON"]);

let active = false;

/**
 * Runs `fn` with the generator methods tapped. With `install`, the first generator drawn from is set to
 * `install.state` before that draw.
 */
export function tapRng<T>(fn: () => T, install?: { readonly state: unknown }): TapResult<T> {
  if (active) throw new Error("internal: tapRng is not re-entrant");
  const proto = Generator.prototype as unknown as Record<string, unknown>;
  const originals: [string, PropertyDescriptor][] = [];
  const seen = new Set<object>();
  let first: { state: unknown } | undefined;
  let depth = 0;
  for (const key of Object.getOwnPropertyNames(proto)) {
    if (NOT_DRAWS.has(key)) continue;
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    if (desc === undefined || typeof desc.value !== "function" || desc.get !== undefined) continue;
    const original = desc.value as (...args: unknown[]) => unknown;
    const wrapped = function (this: { state: unknown }, ...args: unknown[]): unknown {
      if (depth === 0) {
        seen.add(this);
        if (first === undefined) {
          if (install !== undefined) this.state = install.state;
          first = { state: this.state };
        }
      }
      depth += 1;
      try {
        return original.apply(this, args);
      } finally {
        depth -= 1;
      }
    };
    originals.push([key, desc]);
    Object.defineProperty(proto, key, { ...desc, value: wrapped });
  }
  active = true;
  try {
    const result = fn();
    return { result, generators: seen.size, firstState: first?.state, drew: first !== undefined };
  } finally {
    active = false;
    for (const [key, desc] of originals) Object.defineProperty(proto, key, desc);
  }
}

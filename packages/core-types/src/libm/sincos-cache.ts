/**
 * Memoised trigonometry for code that evaluates the same angles again and again (an agent's
 * heading takes few distinct values). `get(key)` returns the entry for a key, computing it once with
 * the `compute` function given to the constructor; after `capacity` distinct keys the cache starts
 * over, so memory stays bounded whatever the inputs. Keys compare like `Map` keys (SameValueZero):
 * -0 and 0 are one key, so use it where the entry does not depend on the sign of a zero key (a
 * heading added to sensor angles, for instance).
 */
export class SinCosCache<T> {
  readonly capacity: number;
  readonly #compute: (key: number) => T;
  readonly #entries = new Map<number, T>();
  #lastKey = Number.NaN;
  #lastValue: T | undefined;

  constructor(compute: (key: number) => T, capacity = 4096) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    this.#compute = compute;
    this.capacity = capacity;
  }

  get(key: number): T {
    if (key === this.#lastKey) return this.#lastValue as T; // NaN never matches: it is recomputed
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = this.#compute(key);
      if (this.#entries.size >= this.capacity) this.#entries.clear();
      this.#entries.set(key, value);
    }
    this.#lastKey = key;
    this.#lastValue = value;
    return value;
  }

  /** The cached entry for `key`, or undefined (computes nothing). */
  peek(key: number): T | undefined {
    if (key === this.#lastKey) return this.#lastValue;
    return this.#entries.get(key);
  }

  /** Whether `capacity` distinct keys are cached (the next new key starts the cache over). */
  get full(): boolean {
    return this.#entries.size >= this.capacity;
  }

  /** Number of cached keys. */
  get size(): number {
    return this.#entries.size;
  }
}

/**
 * Turns a 2-element array into `{ [a]: v[0], [b]: v[1] }` (any other value passes through), so that a
 * schema can accept the reference's tuple form while its errors name the field instead of an index.
 * Internal: not re-exported from the package entry point.
 */
export function pairToObject(a: string, b: string): (value: unknown) => unknown {
  return (value) => (Array.isArray(value) && value.length === 2 ? { [a]: value[0], [b]: value[1] } : value);
}

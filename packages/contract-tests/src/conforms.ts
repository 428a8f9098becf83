/**
 * Type-level conformance for the author's `tsc` run (the static counterpart of the `*.protocol-shape`
 * checks): `conforms<ObservationModel<NDArray>>()(new MySensor())` fails to compile when the class does
 * not implement the protocol, and returns the value unchanged.
 */

/** `T` itself, when it implements the protocol `P` (a compile error otherwise). */
export type Conforms<P, T extends P> = T;

/** Returns a function that accepts only values implementing `P` and returns them unchanged. */
export function conforms<P>(): <T extends P>(value: T) => T {
  return (value) => value;
}

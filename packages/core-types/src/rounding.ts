/**
 * Python's `round(x)` for a float: the nearest integer, ties to even (JavaScript's `Math.round` rounds
 * ties up, so `Math.round(2.5)` is 3 where the reference gives 2). `x - floor(x)` is exact for doubles,
 * so ties are detected exactly. Returns +0 rather than -0.
 */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  let result: number;
  if (diff < 0.5) result = floor;
  else if (diff > 0.5) result = floor + 1;
  else result = floor % 2 === 0 ? floor : floor + 1;
  return result + 0;
}

/**
 * "Did you mean …?": the known name closest to a misspelt one, for error messages (unknown option keys,
 * unknown component types). Names are compared case-insensitively with `_` and `-` ignored, so
 * `grid_size` finds `gridSize` and `windvector` finds `wind_vector`; otherwise the optimal string
 * alignment distance (Levenshtein with adjacent transpositions) must be at most a third of the name's
 * length (at least 1, at most 3).
 */

function normalise(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, "");
}

/** Edit distance with adjacent transpositions, or `limit + 1` once it is known to exceed `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `name`, or undefined when none is close enough to be a likely typo.
 *
 * ```ts
 * closestName("grid_size", ["gridSize", "goalRadius"]); // "gridSize"
 * closestName("antenae", ["antennae", "concentration"]); // "antennae"
 * closestName("nose", ["antennae", "concentration"]);    // undefined
 * ```
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const target = normalise(name);
  const limit = Math.min(3, Math.max(1, Math.floor(target.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = distance(target, normalise(candidate), limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** `' (did you mean "gridSize"?)'`, or `""` when no candidate is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const closest = closestName(name, candidates);
  return closest === undefined ? "" : ` (did you mean "${closest}"?)`;
}

/**
 * "Did you mean ...?" for misspelt names: the closest candidate by edit distance (adjacent
 * transpositions count as one edit), compared case- and separator-insensitively so that `grid_size`
 * suggests `gridSize` and `gridsize` suggests `grid_size`.
 */

/** Lower case without `_` and `-`: `grid_size`, `gridSize` and `GRID-SIZE` compare equal. */
function fold(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, "");
}

/** Optimal-string-alignment distance between `a` and `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[(i - 1) * cols + j] as number) + 1, (d[i * cols + j - 1] as number) + 1, (d[(i - 1) * cols + j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[(i - 2) * cols + j - 2] as number) + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1] as number;
}

/**
 * The candidate closest to `name`, or undefined when none is close: an exact match after folding case
 * and separators, else the nearest within max(2, a third of the name's length) edits.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const folded = fold(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = editDistance(folded, fold(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.floor(folded.length / 3));
  return bestDistance <= limit ? best : undefined;
}

/** `' (did you mean "x"?)'` or `""`. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const best = closestName(name, candidates);
  return best === undefined ? "" : ` (did you mean "${best}"?)`;
}

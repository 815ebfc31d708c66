/**
 * @internal The name in `known` closest to `name` by edit distance (case ignored), when it is close
 * enough to be a slip of the keyboard rather than another word: at most one edit in five characters,
 * and at least one. Undefined when none is that close, so a hint is never a guess.
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  const allowed = Math.max(1, Math.floor(wanted.length / 5));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment), giving up (returning `limit`) once every path is at least `limit`: option names are short, lists shorter. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      if (value < smallest) smallest = value;
    }
    if (smallest >= limit) return limit;
    [before, previous] = [previous, row];
  }
  return Math.min(previous[b.length]!, limit);
}

/** The constant of reciprocal rank fusion (Cormack et al.): damps the weight of the very first ranks. */
export const RRF_K = 60;

/** Fuses ranked id lists (each best first): an id scores Σ 1 / (k + rank) over the lists it is in, best first. */
export function fuseByReciprocalRank(lists: ReadonlyArray<readonly string[]>, k = RRF_K): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

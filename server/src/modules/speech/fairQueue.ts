/**
 * Waiting jobs of several owners, taken round-robin: each take serves the owner at the front of
 * the rotation and moves it to the back while it still has jobs, so one owner's many jobs never
 * hold back another owner's first. Owners join the rotation at the back.
 */
export class FairQueue<T> {
  /** Map order is the rotation order. */
  private readonly queues = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  waitingOf(owner: string): number {
    return this.queues.get(owner)?.length ?? 0;
  }

  push(owner: string, item: T): void {
    const queue = this.queues.get(owner);
    if (queue) queue.push(item);
    else this.queues.set(owner, [item]);
    this.count++;
  }

  /** The next job: the front owner's oldest; that owner goes to the back of the rotation. */
  take(): T | undefined {
    const first = this.queues.entries().next();
    if (first.done) return undefined;
    const [owner, queue] = first.value;
    const item = queue.shift()!;
    this.queues.delete(owner);
    if (queue.length) this.queues.set(owner, queue);
    this.count--;
    return item;
  }

  /** How many jobs are taken before `match` (one of `owner`'s) if nothing else arrives; null when it is not waiting. */
  ahead(owner: string, match: (item: T) => boolean): number | null {
    const index = this.queues.get(owner)?.findIndex(match) ?? -1;
    if (index < 0) return null;
    // Round r takes the r-th job of every owner that has one, in rotation order.
    let ahead = 0;
    let before = true;
    for (const [other, queue] of this.queues) {
      if (other === owner) before = false;
      ahead += Math.min(queue.length, index) + (before && queue.length > index ? 1 : 0);
    }
    return ahead;
  }

  /** Every waiting job, emptied. */
  drain(): T[] {
    const all = [...this.queues.values()].flat();
    this.queues.clear();
    this.count = 0;
    return all;
  }
}

/** spec chat §9: up to 200 rendered entries are kept; the least recently used goes first. */
export const RENDER_CACHE_SIZE = 200;

export class RenderCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity = RENDER_CACHE_SIZE) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

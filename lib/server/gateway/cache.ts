import "server-only";
/**
 * A bounded LRU of last good answers. An entry outlives its TTL on purpose:
 * past `freshUntil` it is no longer served as fresh, but it is still the last
 * good answer to fall back on (marked stale) when the budget is spent or the
 * upstream fails, until the LRU bound pushes it out.
 *
 * Entries carry tags (e.g. `post:12`, `campaign:3:posts`) so that a decision
 * can drop everything it made wrong without knowing the exact keys.
 */
export type Entry<T> = {
  value: T;
  /** When the upstream produced it (ms since epoch). */
  fetchedAt: number;
  /** Served as fresh until then. */
  freshUntil: number;
  tags: readonly string[];
};

export type Invalidation = "drop" | "expire";

/** An entry a decision expired ("expire"), as opposed to one whose TTL simply ran out. */
export function wasInvalidated(entry: Entry<unknown>): boolean {
  return entry.freshUntil === -Infinity;
}

const TAG_HISTORY = 5000;

export class LruCache {
  private readonly map = new Map<string, Entry<unknown>>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Sequence number of the last invalidation of each tag. */
  private readonly tagSeq = new Map<string, number>();
  private seq = 0;
  /** Marks at or below this may have lost their tag history (see invalidate). */
  private forgottenUpTo = 0;

  constructor(readonly maxEntries: number) {
    if (maxEntries < 1) throw new Error("cache needs room for at least one entry");
  }

  get size(): number {
    return this.map.size;
  }

  /** Reads and marks as recently used. The key decides the type (see keys.ts). */
  get<T>(key: string): Entry<T> | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry as Entry<T>;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  set<T>(key: string, entry: Entry<T>): void {
    this.delete(key);
    this.map.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys && keys.size === 0) this.byTag.delete(tag);
    }
  }

  /**
   * Drops (or only expires, keeping them as the base of an incremental
   * refresh, never served again) every entry with the tag, and remembers that
   * the tag changed so an answer already in flight is not stored over it.
   */
  invalidate(tag: string, how: Invalidation = "drop"): number {
    this.tagSeq.delete(tag);
    this.tagSeq.set(tag, ++this.seq);
    // Bounded memory: forget the oldest tags; loads begun before them are then treated as invalidated.
    while (this.tagSeq.size > TAG_HISTORY) {
      const [oldest, at] = this.tagSeq.entries().next().value ?? [];
      if (oldest === undefined || at === undefined) break;
      this.tagSeq.delete(oldest);
      this.forgottenUpTo = Math.max(this.forgottenUpTo, at);
    }
    const keys = [...(this.byTag.get(tag) ?? [])];
    for (const key of keys) {
      if (how === "drop") this.delete(key);
      else {
        const entry = this.map.get(key);
        if (entry) entry.freshUntil = -Infinity;
      }
    }
    return keys.length;
  }

  /** A mark to take before a load; see `invalidatedSince`. */
  mark(): number {
    return this.seq;
  }

  invalidatedSince(tags: readonly string[], mark: number): boolean {
    if (mark < this.forgottenUpTo) return true;
    return tags.some((t) => (this.tagSeq.get(t) ?? 0) > mark);
  }

  keys(): string[] {
    return [...this.map.keys()];
  }
}

import { words } from "./words";

/*
 * Near-duplicates: MinHash over word shingles, with LSH banding to find
 * candidates in ~constant time per query. Written here (a page of code) since
 * the npm MinHash packages are unmaintained. Words are stems (a twin that
 * only changed word forms is still a twin); shingles of 3 words; 64 hashes in
 * 16 bands of 4 rows: a pair at Jaccard 0.8 shares a band with probability
 * 1-(1-0.8⁴)¹⁶ ≈ 0.9998, at 0.5 with 0.64, so thresholds from 0.5 up are
 * served. Candidates are confirmed with the exact Jaccard of their shingle
 * sets, which is the similarity reported.
 */

export const SHINGLE = 3;
const HASHES = 64;
const BANDS = 16;
const ROWS = HASHES / BANDS;

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The text's shingles as 32-bit hashes (a short text of fewer words than a shingle is one shingle). */
export function shingles(text: string): Set<number> {
  const hs = words(text).map((w) => fnv(w.stem));
  const out = new Set<number>();
  if (hs.length === 0) return out;
  if (hs.length < SHINGLE) out.add(fmix(hs.reduce((a, h) => Math.imul(a, 0x01000193) ^ h, 0x811c9dc5)));
  // Order matters (a shingle is a word sequence): each position gets its own multiplier.
  for (let i = 0; i + SHINGLE <= hs.length; i++) out.add(fmix(Math.imul(hs[i]!, 0x9e3779b1) ^ Math.imul(hs[i + 1]!, 0x85ebca77) ^ hs[i + 2]!));
  return out;
}

export function signature(sh: Set<number>): Uint32Array {
  // HASHES hash functions from two (h1 + i·h2, Kirsch–Mitzenmacher): one multiply-add per function, not a full mix.
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const x of sh) {
    const h1 = fmix(x ^ 0x9e3779b9);
    const h2 = fmix(x ^ 0x7f4a7c15) | 1;
    for (let i = 0; i < HASHES; i++) {
      const h = (h1 + Math.imul(i, h2)) >>> 0;
      if (h < sig[i]!) sig[i] = h;
    }
  }
  return sig;
}

export function jaccard(a: Set<number>, b: Set<number>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const x of small) if (large.has(x)) both++;
  return both / (a.size + b.size - both);
}

export type IndexedPost = { task_id: number; campaign_id: number; text: string };
export type Match = { post: IndexedPost; similarity: number };

type Entry = { post: IndexedPost; shingles: Set<number> };

/** Posts by band hash; one entry per task id (adding a post again replaces it). */
export class NearDupIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly bands: Map<string, Set<number>>[] = Array.from({ length: BANDS }, () => new Map());
  private readonly keysOf = new Map<number, string[]>();

  get size(): number {
    return this.entries.size;
  }

  has(taskId: number, text: string): boolean {
    return this.entries.get(taskId)?.post.text === text;
  }

  add(post: IndexedPost): void {
    if (this.has(post.task_id, post.text)) return;
    this.remove(post.task_id);
    const sh = shingles(post.text);
    if (sh.size === 0) return;
    const keys = bandKeys(signature(sh));
    keys.forEach((k, b) => {
      let set = this.bands[b]!.get(k);
      if (!set) this.bands[b]!.set(k, (set = new Set()));
      set.add(post.task_id);
    });
    this.entries.set(post.task_id, { post, shingles: sh });
    this.keysOf.set(post.task_id, keys);
  }

  remove(taskId: number): void {
    const keys = this.keysOf.get(taskId);
    if (!keys) return;
    keys.forEach((k, b) => {
      const set = this.bands[b]!.get(k);
      set?.delete(taskId);
      if (set?.size === 0) this.bands[b]!.delete(k);
    });
    this.keysOf.delete(taskId);
    this.entries.delete(taskId);
  }

  /** The most similar other post at or above `threshold`, or null. */
  nearest(taskId: number, text: string, threshold: number): Match | null {
    const sh = shingles(text);
    if (sh.size === 0) return null;
    const seen = new Set<number>([taskId]);
    let best: Match | null = null;
    bandKeys(signature(sh)).forEach((k, b) => {
      for (const id of this.bands[b]!.get(k) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const e = this.entries.get(id)!;
        const s = jaccard(sh, e.shingles);
        if (s >= threshold && (!best || s > best.similarity)) best = { post: e.post, similarity: s };
      }
    });
    return best;
  }
}

function bandKeys(sig: Uint32Array): string[] {
  const out: string[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = 0x811c9dc5;
    for (let r = 0; r < ROWS; r++) h = Math.imul(h ^ sig[b * ROWS + r]!, 0x01000193);
    out.push(`${h >>> 0}`);
  }
  return out;
}

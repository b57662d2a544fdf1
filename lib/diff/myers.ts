/**
 * Myers' O(ND) difference algorithm ("An O(ND) Difference Algorithm and Its
 * Variations", 1986) in its linear-space form: find the middle snake by
 * running the greedy search from both ends at once, then recurse on the two
 * halves. Time is O((N+M)·D), memory O(N+M), so two 4,000-character texts that
 * share nothing (D = N+M) still finish in a few milliseconds, where the
 * plain variant that keeps every V array for backtracking would need O(D²)
 * memory. Sequences are compared as integers (see `wordDiff`), so the inner
 * loops never compare strings.
 */
export type EditKind = "equal" | "delete" | "insert";
/** A run of consecutive items of one kind: [aStart, aEnd) in `a` for equal/delete, [bStart, bEnd) in `b` for equal/insert. */
export type EditRun = { kind: EditKind; aStart: number; aEnd: number; bStart: number; bEnd: number };

type Seq = ArrayLike<number>;

export function myersDiff(a: Seq, b: Seq): EditRun[] {
  const out: EditRun[] = [];
  diffRange(a, 0, a.length, b, 0, b.length, out);
  return out;
}

function push(out: EditRun[], kind: EditKind, aStart: number, aEnd: number, bStart: number, bEnd: number): void {
  if (aStart === aEnd && bStart === bEnd) return;
  const last = out[out.length - 1];
  // Adjacent runs of the same kind merge (the halves of a split meet end to end).
  if (last && last.kind === kind && last.aEnd === aStart && last.bEnd === bStart) {
    last.aEnd = aEnd;
    last.bEnd = bEnd;
    return;
  }
  out.push({ kind, aStart, aEnd, bStart, bEnd });
}

function diffRange(a: Seq, aLo: number, aHi: number, b: Seq, bLo: number, bHi: number, out: EditRun[]): void {
  // A common prefix and suffix are equal runs whatever the rest holds.
  const prefixStart = aLo;
  const bPrefixStart = bLo;
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
    aLo++;
    bLo++;
  }
  push(out, "equal", prefixStart, aLo, bPrefixStart, bLo);
  let suffix = 0;
  while (aLo < aHi - suffix && bLo < bHi - suffix && a[aHi - suffix - 1] === b[bHi - suffix - 1]) suffix++;
  const aMid = aHi - suffix;
  const bMid = bHi - suffix;

  if (aLo === aMid) {
    push(out, "insert", aLo, aLo, bLo, bMid);
  } else if (bLo === bMid) {
    push(out, "delete", aLo, aMid, bLo, bLo);
  } else {
    const split = middleSnake(a, aLo, aMid, b, bLo, bMid);
    if (split) {
      diffRange(a, aLo, aLo + split[0], b, bLo, bLo + split[1], out);
      diffRange(a, aLo + split[0], aMid, b, bLo + split[1], bMid, out);
    } else {
      // Nothing in common: everything old goes, everything new comes.
      push(out, "delete", aLo, aMid, bLo, bLo);
      push(out, "insert", aMid, aMid, bLo, bMid);
    }
  }
  push(out, "equal", aMid, aHi, bMid, bHi);
}

/** Typed-array read; out-of-range reads as "not reached" (the bounds checks above keep us in range). */
const at = (v: Int32Array, i: number): number => v[i] ?? -1;

/**
 * The point (x, y), relative to the range, where a shortest edit script can be
 * cut in two; null when the ranges share no item at all.
 */
function middleSnake(a: Seq, aLo: number, aHi: number, b: Seq, bLo: number, bHi: number): [number, number] | null {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.ceil((n + m) / 2);
  const offset = maxD;
  const size = 2 * maxD + 2;
  // v1[k] = furthest x on diagonal k going forward; v2 the same going backward from the ends.
  const v1 = new Int32Array(size).fill(-1);
  const v2 = new Int32Array(size).fill(-1);
  v1[offset + 1] = 0;
  v2[offset + 1] = 0;
  const delta = n - m;
  // With an odd delta the paths meet on a forward step, with an even one on a backward step.
  const front = delta % 2 !== 0;
  let k1start = 0;
  let k1end = 0;
  let k2start = 0;
  let k2end = 0;

  for (let d = 0; d < maxD; d++) {
    for (let k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
      const k1o = offset + k1;
      let x1 = k1 === -d || (k1 !== d && at(v1, k1o - 1) < at(v1, k1o + 1)) ? at(v1, k1o + 1) : at(v1, k1o - 1) + 1;
      let y1 = x1 - k1;
      while (x1 < n && y1 < m && a[aLo + x1] === b[bLo + y1]) {
        x1++;
        y1++;
      }
      v1[k1o] = x1;
      if (x1 > n) k1end += 2; // ran off the right edge
      else if (y1 > m) k1start += 2; // ran off the bottom edge
      else if (front) {
        const k2o = offset + delta - k1;
        if (k2o >= 0 && k2o < size && at(v2, k2o) !== -1 && x1 >= n - at(v2, k2o)) return [x1, y1];
      }
    }
    for (let k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
      const k2o = offset + k2;
      let x2 = k2 === -d || (k2 !== d && at(v2, k2o - 1) < at(v2, k2o + 1)) ? at(v2, k2o + 1) : at(v2, k2o - 1) + 1;
      let y2 = x2 - k2;
      while (x2 < n && y2 < m && a[aHi - x2 - 1] === b[bHi - y2 - 1]) {
        x2++;
        y2++;
      }
      v2[k2o] = x2;
      if (x2 > n) k2end += 2;
      else if (y2 > m) k2start += 2;
      else if (!front) {
        const k1o = offset + delta - k2;
        if (k1o >= 0 && k1o < size && at(v1, k1o) !== -1) {
          const x1 = at(v1, k1o);
          const y1 = offset + x1 - k1o;
          if (x1 >= n - x2) return [x1, y1];
        }
      }
    }
  }
  return null;
}

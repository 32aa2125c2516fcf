/**
 * Where one word occurs: document slots in ascending order, each with a bit mask of the fields it
 * occurs in. Typed arrays that double when full, so a million documents stay compact.
 */
export class Postings {
  slots = new Int32Array(4);
  masks = new Uint8Array(4);
  length = 0;

  add(slot: number, mask: number): void {
    const last = this.length - 1;
    if (last >= 0 && this.slots[last] === slot) {
      this.masks[last] = this.masks[last]! | mask;
      return;
    }
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.slots.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const masks = new Uint8Array(this.masks.length * 2);
      masks.set(this.masks);
      this.masks = masks;
    }
    this.slots[this.length] = slot;
    this.masks[this.length] = mask;
    this.length++;
  }
}

/** Documents with a score each, slots ascending. */
export interface Scored {
  slots: Int32Array;
  scores: Float64Array;
}

export const EMPTY: Scored = { slots: new Int32Array(0), scores: new Float64Array(0) };

/**
 * The documents in any of `lists`, each scored by its best field (`weightOf(mask)`). Many lists are
 * merged in one pass over `scratch`, an array with a place per slot of the index.
 */
export function union(lists: Postings[], weightOf: (mask: number) => number, scratch: Float64Array): Scored {
  if (lists.length === 0) return EMPTY;
  if (lists.length === 1) {
    const list = lists[0]!;
    const scores = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++) scores[i] = weightOf(list.masks[i]!);
    // A view, not a copy: a posting list only ever appends past its length.
    return { slots: list.slots.subarray(0, list.length), scores };
  }
  // `scratch` is all zeros, at least as long as the index has slots; it is left all zeros again.
  const best = scratch;
  const capacity = scratch.length;
  let touched = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const slot = list.slots[i]!;
      const weight = weightOf(list.masks[i]!);
      if (best[slot] === 0) touched++;
      if (weight > best[slot]!) best[slot] = weight;
    }
  }
  const slots = new Int32Array(touched);
  const scores = new Float64Array(touched);
  let at = 0;
  for (let slot = 0; slot < capacity && at < touched; slot++) {
    if (best[slot]! > 0) {
      slots[at] = slot;
      scores[at] = best[slot]!;
      best[slot] = 0;
      at++;
    }
  }
  return { slots, scores };
}

/**
 * The first index at or after `from` (and before `end`) whose slot is at least `slot`: galloping,
 * then binary search.
 */
function seek(slots: Int32Array, from: number, slot: number, end = slots.length): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < end && slots[high]! < slot) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > end) high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (slots[middle]! < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Documents in both, scored by the sum of the two scores or by the lower one (`combine`). Walks the
 * shorter list and gallops through the longer one when it is much longer, so a rare word intersected
 * with a common one costs little.
 */
export function intersect(a: Scored, b: Scored, combine: 'sum' | 'min'): Scored {
  const short = a.slots.length <= b.slots.length ? a : b;
  const long = short === a ? b : a;
  const shortSlots = short.slots;
  const longSlots = long.slots;
  const slots = new Int32Array(shortSlots.length);
  const scores = new Float64Array(shortSlots.length);
  const sum = combine === 'sum';
  const gallop = longSlots.length > shortSlots.length * 16;
  let at = 0;
  let j = 0;
  for (let i = 0; i < shortSlots.length && j < longSlots.length; i++) {
    const slot = shortSlots[i]!;
    if (gallop) j = seek(longSlots, j, slot);
    else while (j < longSlots.length && longSlots[j]! < slot) j++;
    if (j < longSlots.length && longSlots[j] === slot) {
      const x = short.scores[i]!;
      const y = long.scores[j]!;
      slots[at] = slot;
      scores[at] = sum ? x + y : x < y ? x : y;
      at++;
      j++;
    }
  }
  return { slots: slots.subarray(0, at), scores: scores.subarray(0, at) };
}

/**
 * Adds `weightOf(mask)` to `score[slot]` for every one of the first `count` of `slots` (ascending) that
 * `list` holds. Walks whichever side is shorter and gallops through `list` when it is much longer, so
 * a common word pair costs little against a handful of candidates.
 */
export function addWhereListed(
  slots: Int32Array,
  count: number,
  list: Postings,
  score: Float64Array,
  weightOf: (mask: number) => number,
): void {
  const listed = list.slots;
  const end = list.length;
  let j = 0;
  if (end > count * 16) {
    for (let i = 0; i < count && j < end; i++) {
      const slot = slots[i]!;
      j = seek(listed, j, slot, end);
      if (j < end && listed[j] === slot) score[slot] = score[slot]! + weightOf(list.masks[j]!);
    }
    return;
  }
  for (let i = 0; i < count && j < end; i++) {
    const slot = slots[i]!;
    while (j < end && listed[j]! < slot) j++;
    if (j < end && listed[j] === slot) score[slot] = score[slot]! + weightOf(list.masks[j]!);
  }
}

/**
 * A word's (or phrase's) matches with a byte per slot of the index: 0 where it does not match, else
 * 1 + the place of its score in `values`. A common word intersected with a rarer one then costs one
 * read per document of the rarer one, whatever the common one's length.
 */
export interface DenseScores {
  codes: Uint8Array;
  values: Float64Array;
}

/** `scored` as DenseScores over `capacity` slots, or null when it has more than 255 distinct scores. */
export function densify(scored: Scored, capacity: number): DenseScores | null {
  const codes = new Uint8Array(capacity);
  const values = [0];
  const codeOf = new Map<number, number>();
  for (let i = 0; i < scored.slots.length; i++) {
    const score = scored.scores[i]!;
    let code = codeOf.get(score);
    if (code === undefined) {
      if (values.length > 255) return null;
      code = values.length;
      values.push(score);
      codeOf.set(score, code);
    }
    codes[scored.slots[i]!] = code;
  }
  return { codes, values: Float64Array.from(values) };
}

/**
 * Documents of `a` that `dense` matches too, scored by the sum of both scores, written into `into`
 * (at least as long as `a`; it may be `a` itself, which is then compacted in place).
 */
export function intersectDense(a: Scored, dense: DenseScores, into: Scored): Scored {
  const { codes, values } = dense;
  const { slots, scores } = into;
  let at = 0;
  for (let i = 0; i < a.slots.length; i++) {
    const slot = a.slots[i]!;
    const code = codes[slot]!;
    if (code !== 0) {
      slots[at] = slot;
      scores[at] = a.scores[i]! + values[code]!;
      at++;
    }
  }
  return { slots: slots.subarray(0, at), scores: scores.subarray(0, at) };
}

/** Documents in either; a document in both keeps the higher score. */
export function merge(a: Scored, b: Scored): Scored {
  const slots = new Int32Array(a.slots.length + b.slots.length);
  const scores = new Float64Array(slots.length);
  let i = 0;
  let j = 0;
  let at = 0;
  while (i < a.slots.length || j < b.slots.length) {
    const x = i < a.slots.length ? a.slots[i]! : Infinity;
    const y = j < b.slots.length ? b.slots[j]! : Infinity;
    if (x === y) {
      slots[at] = x;
      scores[at] = Math.max(a.scores[i]!, b.scores[j]!);
      i++;
      j++;
    } else if (x < y) {
      slots[at] = x;
      scores[at] = a.scores[i]!;
      i++;
    } else {
      slots[at] = y;
      scores[at] = b.scores[j]!;
      j++;
    }
    at++;
  }
  return { slots: slots.subarray(0, at), scores: scores.subarray(0, at) };
}

/** Adds `bonus` scores to the documents of `base` that are also in `extra`. */
export function boost(base: Scored, extra: Scored): Scored {
  const scores = Float64Array.from(base.scores);
  let j = 0;
  for (let i = 0; i < base.slots.length && j < extra.slots.length; i++) {
    const slot = base.slots[i]!;
    while (j < extra.slots.length && extra.slots[j]! < slot) j++;
    if (j < extra.slots.length && extra.slots[j] === slot) scores[i] = scores[i]! + extra.scores[j]!;
  }
  return { slots: base.slots, scores };
}

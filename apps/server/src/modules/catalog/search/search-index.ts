import { PRICE_BANDS, type PriceFilter, type Sort } from '@flowbay/domain';
import { EMPTY, Postings, boost, intersect, merge, union, type Scored } from './postings.ts';
import { buildSynonyms, type SynonymTable } from './synonyms.ts';
import { editDistance, isStopword, typoBudget, words } from './text.ts';

/** What the index knows of one listed workflow (docs/decisions/0007-search-index.md). */
export interface IndexedWorkflow {
  id: string;
  userId: string;
  title: string;
  description: string;
  /** Every app and node kind the workflow uses; `core` ones are searchable but not app filters. */
  apps: Array<{ key: string; name: string; core?: boolean }>;
  platforms: string[];
  useCases: string[];
  /** Platform and use-case names in both languages. */
  taxonomyNames: string[];
  price: number;
  views: number;
  favorites: number;
  createdAt: number;
}

interface Doc {
  id: string;
  userId: string;
  apps: string[];
  platforms: string[];
  useCases: string[];
  price: number;
  views: number;
  favorites: number;
  createdAt: number;
  /** What the postings were built from: a change of counters alone does not re-index. */
  fingerprint: string;
  alive: boolean;
}

/** Fields, strongest first; a word scores by the best field it occurs in. */
const TITLE = 1;
const APP = 2;
const TAXONOMY = 4;
const DESCRIPTION_HEAD = 8;
const DESCRIPTION_TAIL = 16;
/** Words of the description that count as its opening (what a card shows). */
const HEAD_WORDS = 40;
const DESCRIPTION_WORDS = 400;

const WEIGHTS: Array<[number, number]> = [
  [TITLE, 10],
  [APP, 8],
  [TAXONOMY, 5],
  [DESCRIPTION_HEAD, 3],
  [DESCRIPTION_TAIL, 1],
];
const WEIGHT_OF_MASK = Array.from({ length: 32 }, (_, mask) =>
  WEIGHTS.reduce((best, [bit, weight]) => (mask & bit && weight > best ? weight : best), 0),
);
const weightOf = (mask: number) => WEIGHT_OF_MASK[mask]!;
/** A phrase found whole (its words next to each other) scores again by where it was found. */
const phraseWeightOf = (mask: number) => WEIGHT_OF_MASK[mask]! * 1.5;
/** A word found through a synonym counts a little less than the word the visitor typed. */
const SYNONYM_DISCOUNT = 0.9;
const CORRECTION_DISCOUNT = 0.95;

export type SearchSort = Sort | 'relevance';

export interface SearchQuery {
  search?: string;
  userId?: string;
  platform?: string;
  useCase?: string;
  /** Workflows that use every one of these apps (keys). */
  apps?: string[];
  price: PriceFilter;
  sort: SearchSort;
  offset: number;
  limit: number;
}

export interface Facets {
  apps: Array<{ key: string; name: string; count: number }>;
  platforms: Array<{ id: string; count: number }>;
  use_cases: Array<{ id: string; count: number }>;
  price: Array<{ band: Exclude<PriceFilter, 'all'>; count: number }>;
}

export interface SearchResult {
  ids: string[];
  count: number;
  facets: Facets;
  /** The search as it was understood, when a word was corrected ("notoin" → "notion"). */
  correctedSearch?: string;
}

const FACET_APPS = 40;
const CACHE_SIZE = 2000;
const PRICE_FACETS = Object.keys(PRICE_BANDS) as Array<Exclude<PriceFilter, 'all'>>;

/** One word of the query: the index words it stands for, and how much a match counts. */
interface Alternative {
  /** Per word of the phrase: the index words it may be (a prefix or typo gives several). */
  words: string[][];
  /** Whole words (no prefix, no typo): a phrase of them can score as a phrase. */
  exact: boolean;
  factor: number;
}

function matchesPrice(price: number, filter: PriceFilter): boolean {
  if (filter === 'all') return true;
  const band = PRICE_BANDS[filter];
  return price >= band.min && (band.max === undefined || price < band.max);
}

/**
 * The public catalogue's search index, held in memory by each server process and kept in step with
 * the database (search-sync.ts). Documents are never edited in place: a changed workflow gets a new
 * slot and its old one is marked dead, so postings stay sorted and append-only.
 */
export class SearchIndex {
  private docs: Doc[] = [];
  private slotById = new Map<string, number>();
  private postings = new Map<string, Postings>();
  private pairs = new Map<string, Postings>();
  private appWords = new Set<string>();
  private appNames = new Map<string, string>();
  private sortedWords: string[] | null = null;
  private wordsByLength: Map<number, string[]> | null = null;
  private corrections = new Map<string, string[]>();
  private synonyms: SynonymTable;
  private alive = 0;
  private cache = new Map<string, SearchResult>();
  private cacheGeneration = -1;
  /** Changes whenever what a query answers may change (cache key). */
  generation = 0;

  constructor(synonymPairs: Array<readonly [string, string]> = []) {
    this.synonyms = buildSynonyms(synonymPairs);
  }

  get size(): number {
    return this.alive;
  }

  get slots(): number {
    return this.docs.length;
  }

  /** Dead slots (replaced or removed documents) still held in the postings. */
  get dead(): number {
    return this.docs.length - this.alive;
  }

  /** Listed workflows of one author. */
  countOf(userId: string): number {
    let count = 0;
    for (const doc of this.docs) if (doc.alive && doc.userId === userId) count++;
    return count;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  upsert(workflow: IndexedWorkflow): void {
    const fingerprint = JSON.stringify([
      workflow.title,
      workflow.description.slice(0, 4000),
      workflow.apps,
      workflow.platforms,
      workflow.useCases,
      workflow.taxonomyNames,
      workflow.price,
      workflow.userId,
      workflow.createdAt,
    ]);
    const existing = this.slotById.get(workflow.id);
    if (existing !== undefined) {
      const doc = this.docs[existing]!;
      if (doc.fingerprint === fingerprint) {
        if (doc.views !== workflow.views || doc.favorites !== workflow.favorites) {
          doc.views = workflow.views;
          doc.favorites = workflow.favorites;
          this.generation++;
        }
        return;
      }
      this.remove(workflow.id);
    }
    this.add(workflow, fingerprint);
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.docs[slot]!.alive = false;
    this.slotById.delete(id);
    this.alive--;
    this.generation++;
  }

  private add(workflow: IndexedWorkflow, fingerprint: string): void {
    const slot = this.docs.length;
    const masks = new Map<string, number>();
    const pairMasks = new Map<string, number>();
    const addText = (list: string[], fieldOf: (position: number) => number) => {
      list.forEach((word, position) => {
        const field = fieldOf(position);
        masks.set(word, (masks.get(word) ?? 0) | field);
        if (position > 0) {
          const pair = `${list[position - 1]} ${word}`;
          pairMasks.set(pair, (pairMasks.get(pair) ?? 0) | field);
        }
      });
    };
    addText(words(workflow.title), () => TITLE);
    for (const app of workflow.apps) {
      const appWords = [...words(app.name), ...words(app.key)];
      addText(words(app.name), () => APP);
      addText(words(app.key), () => APP);
      for (const word of appWords) this.appWords.add(word);
      if (!app.core) this.appNames.set(app.key, app.name);
    }
    for (const name of workflow.taxonomyNames) addText(words(name), () => TAXONOMY);
    addText(words(workflow.description).slice(0, DESCRIPTION_WORDS), (position) =>
      position < HEAD_WORDS ? DESCRIPTION_HEAD : DESCRIPTION_TAIL,
    );
    for (const [word, mask] of masks) {
      let list = this.postings.get(word);
      if (!list) {
        list = new Postings();
        this.postings.set(word, list);
        this.sortedWords = null;
        this.wordsByLength = null;
        this.corrections.clear();
      }
      list.add(slot, mask);
    }
    for (const [pair, mask] of pairMasks) {
      let list = this.pairs.get(pair);
      if (!list) {
        list = new Postings();
        this.pairs.set(pair, list);
      }
      list.add(slot, mask);
    }
    this.docs.push({
      id: workflow.id,
      userId: workflow.userId,
      apps: [...new Set(workflow.apps.filter((app) => !app.core).map((app) => app.key))],
      platforms: workflow.platforms,
      useCases: workflow.useCases,
      price: workflow.price,
      views: workflow.views,
      favorites: workflow.favorites,
      createdAt: workflow.createdAt,
      fingerprint,
      alive: true,
    });
    this.slotById.set(workflow.id, slot);
    this.alive++;
    this.generation++;
  }

  /* ---------- understanding the query ---------- */

  private vocabulary(): string[] {
    this.sortedWords ??= [...this.postings.keys()].sort();
    return this.sortedWords;
  }

  /** Index words that start with `prefix`, most frequent first, at most `limit`. */
  private completions(prefix: string, limit = 4000): string[] {
    const sorted = this.vocabulary();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix) && found.length < limit; i++) {
      found.push(sorted[i]!);
    }
    return found;
  }

  /** Known words within the typo budget of `word`, closest first (app names first among equals). */
  private correct(word: string): string[] {
    const cached = this.corrections.get(word);
    if (cached) return cached;
    const budget = typoBudget(word.length);
    const found: Array<{ word: string; distance: number; app: boolean; frequency: number }> = [];
    if (budget > 0) {
      if (!this.wordsByLength) {
        this.wordsByLength = new Map();
        for (const known of this.postings.keys()) {
          const list = this.wordsByLength.get(known.length) ?? [];
          list.push(known);
          this.wordsByLength.set(known.length, list);
        }
      }
      for (let length = word.length - budget; length <= word.length + budget; length++) {
        for (const known of this.wordsByLength.get(length) ?? []) {
          if (known.length < 2) continue;
          const distance = editDistance(word, known, budget);
          if (distance <= budget) {
            found.push({
              word: known,
              distance,
              app: this.appWords.has(known),
              frequency: this.postings.get(known)!.length,
            });
          }
        }
      }
    }
    found.sort(
      (a, b) =>
        a.distance - b.distance ||
        Number(b.app) - Number(a.app) ||
        b.frequency - a.frequency ||
        (a.word < b.word ? -1 : 1),
    );
    const closest = found.filter((candidate) => candidate.distance === found[0]?.distance).slice(0, 3);
    const result = closest.map((candidate) => candidate.word);
    if (this.corrections.size > 5000) this.corrections.clear();
    this.corrections.set(word, result);
    return result;
  }

  private isKnown(word: string, prefix: boolean): boolean {
    if (this.postings.has(word) || this.synonyms.byPhrase.has(word)) return true;
    return prefix && this.completions(word, 1).length > 0;
  }

  /**
   * The query as concepts that must all match. Each concept is a word or a phrase with its
   * alternatives: completions of the last word (typing), corrections of unknown words (typos), and
   * phrases of the same meaning in the other language.
   */
  private understand(search: string): { concepts: Alternative[][]; adjacent: string[]; corrected?: string } {
    const typed = words(search).slice(0, 12);
    const lastIndex = typed.length - 1;
    const meaningful = typed.map((word, index) => ({ word, index })).filter(({ word }) => !isStopword(word));
    const kept = meaningful.length > 0 ? meaningful : typed.map((word, index) => ({ word, index }));
    let changed = false;
    const concepts: Alternative[][] = [];
    /** The query's words as understood (corrections applied), for the phrase bonus and the answer. */
    const resolved: string[] = [];
    const groupOf = (phrase: string[]) => this.synonyms.byPhrase.get(phrase.join(' '));
    const synonymsOf = (phrase: string[], group: readonly string[][]): Alternative[] =>
      group.map((other) => ({
        words: other.map((word) => [word]),
        exact: true,
        factor: other.join(' ') === phrase.join(' ') ? 1 : SYNONYM_DISCOUNT,
      }));
    for (let i = 0; i < kept.length;) {
      // A phrase the dictionary knows ("quản lý công việc") is taken whole and never "corrected".
      let taken = 0;
      for (let length = Math.min(this.synonyms.longest, kept.length - i); length >= 2; length--) {
        const phrase = kept.slice(i, i + length).map((item) => item.word);
        const group = groupOf(phrase);
        if (!group) continue;
        concepts.push(synonymsOf(phrase, group));
        resolved.push(...phrase);
        taken = length;
        break;
      }
      if (taken > 0) {
        i += taken;
        continue;
      }
      const { word, index } = kept[i]!;
      const prefix = index === lastIndex;
      let candidates = [word];
      let corrected = false;
      if (!this.isKnown(word, prefix)) {
        const found = this.correct(word);
        if (found.length > 0) {
          candidates = found;
          corrected = changed = true;
        }
      }
      const best = candidates[0]!;
      const own: Alternative = {
        words: [prefix && !corrected ? this.completions(word) : candidates],
        exact: !prefix && !corrected,
        factor: corrected ? CORRECTION_DISCOUNT : 1,
      };
      const group = groupOf([best]);
      concepts.push(group ? [own, ...synonymsOf([best], group).filter((a) => a.factor !== 1)] : [own]);
      resolved.push(best);
      i++;
    }
    // Neighbouring words of the query found next to each other in a workflow rank it higher, so the
    // whole of "quản lý công việc" beats a description that has the four syllables scattered.
    const adjacent: string[] = [];
    for (let i = 1; i < resolved.length; i++) adjacent.push(`${resolved[i - 1]} ${resolved[i]}`);
    return {
      concepts,
      adjacent,
      corrected: changed ? resolved.join(' ') : undefined,
    };
  }

  /* ---------- matching and scoring ---------- */

  private scoreAlternative(alternative: Alternative): Scored {
    const capacity = this.docs.length;
    let result: Scored | null = null;
    for (const options of alternative.words) {
      const lists = options.flatMap((word) => this.postings.get(word) ?? []);
      const scored = union(lists, weightOf, capacity);
      result = result ? intersect(result, scored, Math.min) : scored;
      if (result.slots.length === 0) return EMPTY;
    }
    if (!result) return EMPTY;
    if (alternative.exact && alternative.words.length > 1) {
      let phrase: Scored | null = null;
      for (let i = 1; i < alternative.words.length; i++) {
        const list = this.pairs.get(`${alternative.words[i - 1]![0]} ${alternative.words[i]![0]}`);
        const scored = list ? union([list], phraseWeightOf, capacity) : EMPTY;
        phrase = phrase ? intersect(phrase, scored, Math.min) : scored;
      }
      if (phrase && phrase.slots.length > 0) result = boost(result, phrase);
    }
    if (alternative.factor !== 1) {
      const scores = result.scores.map((score) => score * alternative.factor);
      result = { slots: result.slots, scores };
    }
    return result;
  }

  private match(concepts: Alternative[][]): Scored {
    let result: Scored | null = null;
    for (const alternatives of concepts) {
      let concept: Scored = EMPTY;
      for (const alternative of alternatives) concept = merge(concept, this.scoreAlternative(alternative));
      result = result ? intersect(result, concept, (a, b) => a + b) : concept;
      if (result.slots.length === 0) return EMPTY;
    }
    return result ?? EMPTY;
  }

  private accepts(doc: Doc, query: SearchQuery): boolean {
    if (!doc.alive) return false;
    if (query.userId && doc.userId !== query.userId) return false;
    if (query.platform && !doc.platforms.includes(query.platform)) return false;
    if (query.useCase && !doc.useCases.includes(query.useCase)) return false;
    if (query.apps && !query.apps.every((app) => doc.apps.includes(app))) return false;
    return matchesPrice(doc.price, query.price);
  }

  private compare(sort: SearchSort, score: Float64Array | null): (a: number, b: number) => number {
    const docs = this.docs;
    const newest = (a: number, b: number) =>
      docs[b]!.createdAt - docs[a]!.createdAt || (docs[b]!.id < docs[a]!.id ? -1 : 1);
    const byId = (a: number, b: number, direction: 1 | -1) =>
      (docs[a]!.id < docs[b]!.id ? -1 : 1) * direction;
    switch (sort) {
      case 'relevance':
        if (!score) return newest;
        return (a, b) =>
          score[b]! - score[a]! ||
          docs[b]!.favorites * 20 + docs[b]!.views - (docs[a]!.favorites * 20 + docs[a]!.views) ||
          newest(a, b);
      case 'created_at_desc':
        return newest;
      case 'created_at_asc':
        return (a, b) => docs[a]!.createdAt - docs[b]!.createdAt || byId(a, b, 1);
      case 'views_desc':
        return (a, b) => docs[b]!.views - docs[a]!.views || byId(a, b, -1);
      case 'views_asc':
        return (a, b) => docs[a]!.views - docs[b]!.views || byId(a, b, 1);
      case 'price_asc':
        return (a, b) => docs[a]!.price - docs[b]!.price || byId(a, b, 1);
      case 'price_desc':
        return (a, b) => docs[b]!.price - docs[a]!.price || byId(a, b, -1);
    }
  }

  /**
   * Answers are kept per normalised query until the index changes: distinct visitors typing the same
   * words, and the page after this one, cost one lookup.
   */
  query(query: SearchQuery): SearchResult {
    if (this.cacheGeneration !== this.generation) {
      this.cache.clear();
      this.cacheGeneration = this.generation;
    }
    const key = JSON.stringify([
      query.search ? words(query.search).join(' ') : '',
      query.userId ?? '',
      query.platform ?? '',
      query.useCase ?? '',
      query.apps ?? [],
      query.price,
      query.sort,
      query.offset,
      query.limit,
    ]);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = this.run(query);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, result);
    return result;
  }

  private run(query: SearchQuery): SearchResult {
    const understood = query.search ? this.understand(query.search) : null;
    const searching = !!understood && understood.concepts.length > 0;
    // Candidates: every live document, or those matching the words; scores indexed by slot.
    let candidates: number[];
    let score: Float64Array | null = null;
    if (searching) {
      let matched = this.match(understood!.concepts);
      for (const pair of understood!.adjacent) {
        const list = this.pairs.get(pair);
        if (list) matched = boost(matched, union([list], phraseWeightOf, this.docs.length));
      }
      score = new Float64Array(this.docs.length);
      candidates = [];
      for (let i = 0; i < matched.slots.length; i++) {
        const slot = matched.slots[i]!;
        if (!this.accepts(this.docs[slot]!, query)) continue;
        candidates.push(slot);
        score[slot] = matched.scores[i]!;
      }
    } else {
      candidates = [];
      for (let slot = 0; slot < this.docs.length; slot++) {
        if (this.accepts(this.docs[slot]!, query)) candidates.push(slot);
      }
    }
    const page = topK(candidates, query.offset + query.limit, this.compare(query.sort, score)).slice(
      query.offset,
    );
    return {
      ids: page.map((slot) => this.docs[slot]!.id),
      count: candidates.length,
      facets: this.facets(candidates),
      ...(understood?.corrected ? { correctedSearch: understood.corrected } : {}),
    };
  }

  private facets(candidates: number[]): Facets {
    const apps = new Map<string, number>();
    const platforms = new Map<string, number>();
    const useCases = new Map<string, number>();
    const price = new Map<string, number>();
    const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    for (const slot of candidates) {
      const doc = this.docs[slot]!;
      for (const app of doc.apps) bump(apps, app);
      for (const platform of doc.platforms) bump(platforms, platform);
      for (const useCase of doc.useCases) bump(useCases, useCase);
      for (const band of PRICE_FACETS) if (matchesPrice(doc.price, band)) bump(price, band);
    }
    const ranked = (map: Map<string, number>) =>
      [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return {
      apps: ranked(apps)
        .slice(0, FACET_APPS)
        .map(([key, count]) => ({ key, name: this.appNames.get(key) ?? key, count })),
      platforms: ranked(platforms).map(([id, count]) => ({ id, count })),
      use_cases: ranked(useCases).map(([id, count]) => ({ id, count })),
      price: PRICE_FACETS.map((band) => ({ band, count: price.get(band) ?? 0 })),
    };
  }
}

/** The first `k` of `items` in `compare` order, without sorting all of them when k is small. */
export function topK(items: number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0 || items.length === 0) return [];
  if (k >= items.length / 4) return items.slice().sort(compare).slice(0, k);
  // A max-heap (by compare) of the best k seen so far: its root is the worst of them.
  const heap: number[] = [];
  const worse = (a: number, b: number) => compare(a, b) > 0;
  const up = (index: number) => {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!worse(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  };
  const down = (index: number) => {
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let largest = index;
      if (left < heap.length && worse(heap[left]!, heap[largest]!)) largest = left;
      if (right < heap.length && worse(heap[right]!, heap[largest]!)) largest = right;
      if (largest === index) return;
      [heap[index], heap[largest]] = [heap[largest]!, heap[index]!];
      index = largest;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}

import { createHash } from 'node:crypto';
import {
  PRICE_BANDS,
  runsOnRelease,
  type ListingLanguage,
  type PriceFilter,
  type Sort,
} from '@flowbay/domain';
import {
  EMPTY,
  Postings,
  addWhereListed,
  boost,
  densify,
  intersect,
  intersectDense,
  merge,
  union,
  type DenseScores,
  type Scored,
} from './postings.ts';
import { buildSynonyms, PRICE_WORDS, type PriceIntent, type SynonymTable } from './synonyms.ts';
import { editDistance, isStopword, typoBudget, words } from './text.ts';

/** What the index knows of one listed workflow (docs/decisions/0007-search-index.md). */
export interface IndexedWorkflow {
  id: string;
  userId: string;
  title: string;
  description: string;
  /** The language title and description are written in (absent: English). */
  language?: ListingLanguage;
  /**
   * The title and description in the other language, when the author wrote them: searched like the
   * original's (docs/decisions/0173), so a visitor finds the listing in either language.
   */
  translation?: { title: string; description: string } | null;
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
  /** The Bayesian rating score (docs/decisions/0070-ratings.md); null until rated. */
  ratingScore?: number | null;
  /**
   * The n8n releases the listed version runs on (n8n listings with a computed bound): the first, and
   * the last when a node was removed since. Absent or null min: unknown, never filtered out.
   */
  n8nMin?: string | null;
  n8nMax?: string | null;
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
  /** An n8n release ("1.98"): leaves out the workflows known not to run on it. */
  n8n?: string;
  /** "Available in my language": written in it, originally or in a translation. */
  inLanguage?: ListingLanguage;
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
  /**
   * The price band the search's own words asked for ("free", "miễn phí", "có phí"), when no price
   * filter was set: the answer holds only workflows of that band.
   */
  priceIntent?: PriceIntent;
}

const FACET_APPS = 40;
const DIGITS = /^\d+$/;

/** A short fingerprint of what a document was indexed from. */
function digest(parts: unknown[]): string {
  return createHash('sha1').update(JSON.stringify(parts)).digest('base64');
}
/** Facet value ids are kinds of value apart: app, platform or use case. */
type FacetKind = 'app' | 'platform' | 'useCase';
const CACHE_SIZE = 2000;
/** Memory the byte-per-slot copies of common words' matches may take (DenseScores). */
const DENSE_BYTES = 64 * 1024 * 1024;
/** A word's matches get a byte-per-slot copy once it is this long and used this often. */
const DENSE_MIN_LENGTH = 1024;
const DENSE_MIN_USES = 2;
const ALTERNATIVE_CACHE_SIZE = 2000;
const PRICE_FACETS = Object.keys(PRICE_BANDS) as Array<Exclude<PriceFilter, 'all'>>;
/** A bit per language a listing is written in. */
const LANGUAGE_BITS: Record<ListingLanguage, number> = { en: 1, vi: 2 };

/** One word of the query: the index words it stands for, and how much a match counts. */
interface Alternative {
  /** Names the alternative for the cache of matches. */
  key: string;
  /** Per word of the phrase: the index words it may be (a typo gives several). */
  words: string[][];
  /**
   * The last word as typed so far, standing for every index word it begins: looked up only when
   * its matches are not cached (a short prefix begins thousands of words).
   */
  completing?: string;
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
 * the database by the server (apps/server/src/modules/catalog/search/search-sync.ts). Documents are never edited in place: a changed workflow gets a new
 * slot and its old one is marked dead, so postings stay sorted and append-only.
 */
export class SearchIndex {
  /* Documents as columns (one place per slot), so a query over many of them stays in typed arrays. */
  private ids: string[] = [];
  private userIds: string[] = [];
  private fingerprints: string[] = [];
  private live = new Uint8Array(1024);
  private prices = new Float64Array(1024);
  private created = new Float64Array(1024);
  private views = new Float64Array(1024);
  private favorites = new Float64Array(1024);
  /** How much a document is used (favourites × 20 + views): relevance's tie-breaker. */
  private popularity = new Float64Array(1024);
  /** The rating score, NaN when unrated. */
  private ratings = new Float64Array(1024);
  /** A bit per price band the price falls in (PRICE_FACETS order). */
  private bands = new Uint8Array(1024);
  /** A bit per language the listing is written in (LANGUAGE_BITS). */
  private languages = new Uint8Array(1024);
  /** The n8n release bounds by slot (null min: not known). */
  private n8nBounds: Array<{ min: string | null; max: string | null }> = [];
  /** Facet values (apps, platforms, use cases) as small integers: slot → facetData[start, start + count). */
  private facetStart = new Int32Array(1024);
  private facetCount = new Uint8Array(1024);
  private facetData = new Int32Array(4096);
  private facetLength = 0;
  private slotById = new Map<string, number>();
  private postings = new Map<string, Postings>();
  private pairs = new Map<string, Postings>();
  private appWords = new Set<string>();
  /** App names of several words written as one ("googlesheets" → google, sheets). */
  private appJoined = new Map<string, string[]>();
  private appNames = new Map<string, string>();
  private sortedWords: string[] | null = null;
  private wordsByLength: Map<number, string[]> | null = null;
  private corrections = new Map<string, string[]>();
  private synonyms: SynonymTable;
  private alive = 0;
  private cache = new Map<string, SearchResult>();
  /** Matches of one query word or phrase, reused by the next query that has it (typing, refining). */
  private alternativeCache = new Map<string, Scored>();
  /** Byte-per-slot copies of often intersected long matches (least recently used first). */
  private denseCache = new Map<Scored, DenseScores | null>();
  /** Facet counts of cached matches (conceptFacets). */
  private facetsOfConcept = new WeakMap<Scored, { counts: Int32Array; byMask: Int32Array }>();
  /** How many queries intersected each long match, until it has a dense copy. */
  private denseUses = new WeakMap<Scored, number>();
  private facetKeys: Array<{ kind: FacetKind; key: string }> = [];
  private facetIdOf = new Map<string, number>();
  /** Scratch space the size of the slots, reused by every query (one query runs at a time). */
  private scratch = new Float64Array(0);
  /** Each candidate's score by slot, for ordering (written for every candidate of a query). */
  private scores = new Float64Array(0);
  /** Which slots are candidates of the running query: those marked with its generation. */
  private marks = new Int32Array(0);
  private markGeneration = 0;
  /** Facet counts over every live document (null: to be counted again). */
  private allFacets: { counts: Int32Array; byMask: Int32Array } | null = null;
  /** The running query's candidate slots. */
  private candidateSpace = new Int32Array(0);

  /** Where the running query's intersections are written (one query runs at a time). */
  private matchSlots = new Int32Array(0);
  private matchScores = new Float64Array(0);
  private matchSpace(): Scored {
    if (this.matchSlots.length < this.ids.length) {
      this.matchSlots = new Int32Array(this.ids.length * 2);
      this.matchScores = new Float64Array(this.ids.length * 2);
    }
    return { slots: this.matchSlots, scores: this.matchScores };
  }

  /** The zeroed scratch array, grown to the number of slots. */
  private workspace(): Float64Array {
    if (this.scratch.length < this.ids.length) this.scratch = new Float64Array(this.ids.length * 2);
    return this.scratch;
  }
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
    return this.ids.length;
  }

  /** Dead slots (replaced or removed documents) still held in the postings. */
  get dead(): number {
    return this.ids.length - this.alive;
  }

  /**
   * Listed workflows like one described by its apps and use cases: a shared use case counts 2, a
   * shared app 1; ties go to the most favourited, then the id. One pass over the facet columns.
   */
  related(like: { excludeId: string; appKeys: string[]; useCases: string[]; limit: number }): string[] {
    const weight = new Float64Array(this.facetKeys.length);
    for (const key of like.useCases) {
      const id = this.facetIdOf.get(`useCase:${key}`);
      if (id !== undefined) weight[id] = 2;
    }
    for (const key of like.appKeys) {
      const id = this.facetIdOf.get(`app:${key}`);
      if (id !== undefined) weight[id] = 1;
    }
    if (this.scores.length < this.ids.length) {
      this.scores = new Float64Array(this.ids.length * 2);
      this.marks = new Int32Array(this.ids.length * 2);
    }
    const score = this.scores;
    const excluded = this.slotById.get(like.excludeId);
    const found: number[] = [];
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (!this.live[slot] || slot === excluded) continue;
      const start = this.facetStart[slot]!;
      const end = start + this.facetCount[slot]!;
      let total = 0;
      for (let i = start; i < end; i++) total += weight[this.facetData[i]!]!;
      if (total > 0) {
        score[slot] = total;
        found.push(slot);
      }
    }
    const { favorites, ids } = this;
    const compare = (a: number, b: number) =>
      score[b]! - score[a]! || favorites[b]! - favorites[a]! || (ids[b]! < ids[a]! ? -1 : 1);
    return topK(found, like.limit, compare, score).map((slot) => ids[slot]!);
  }

  /** Ids of every listed workflow, most used first (favourites × 20 + views). */
  idsByPopularity(): string[] {
    const slots: number[] = [];
    for (let slot = 0; slot < this.ids.length; slot++) if (this.live[slot]) slots.push(slot);
    const { popularity, ids } = this;
    slots.sort((a, b) => popularity[b]! - popularity[a]! || (ids[a]! < ids[b]! ? -1 : 1));
    return slots.map((slot) => ids[slot]!);
  }

  /** Listed workflows of one author. */
  countOf(userId: string): number {
    let count = 0;
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (this.live[slot] && this.userIds[slot] === userId) count++;
    }
    return count;
  }

  /** Makes room for one more slot in every column. */
  private grow(): void {
    const slot = this.ids.length;
    if (slot < this.live.length) return;
    const size = this.live.length * 2;
    const widen = <T extends Uint8Array | Int32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(old);
      return next;
    };
    this.live = widen(this.live, (n) => new Uint8Array(n));
    this.prices = widen(this.prices, (n) => new Float64Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.views = widen(this.views, (n) => new Float64Array(n));
    this.favorites = widen(this.favorites, (n) => new Float64Array(n));
    this.popularity = widen(this.popularity, (n) => new Float64Array(n));
    this.ratings = widen(this.ratings, (n) => new Float64Array(n));
    this.bands = widen(this.bands, (n) => new Uint8Array(n));
    this.languages = widen(this.languages, (n) => new Uint8Array(n));
    this.facetStart = widen(this.facetStart, (n) => new Int32Array(n));
    this.facetCount = widen(this.facetCount, (n) => new Uint8Array(n));
  }

  private pushFacets(values: number[]): number {
    const start = this.facetLength;
    if (start + values.length > this.facetData.length) {
      const next = new Int32Array(Math.max(this.facetData.length * 2, start + values.length));
      next.set(this.facetData);
      this.facetData = next;
    }
    this.facetData.set(values, start);
    this.facetLength += values.length;
    return start;
  }

  private hasFacet(slot: number, facet: number): boolean {
    const start = this.facetStart[slot]!;
    const end = start + this.facetCount[slot]!;
    for (let i = start; i < end; i++) if (this.facetData[i] === facet) return true;
    return false;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  upsert(workflow: IndexedWorkflow): void {
    const fingerprint = digest([
      workflow.title,
      workflow.description.slice(0, 4000),
      workflow.language ?? 'en',
      workflow.translation?.title ?? null,
      workflow.translation?.description.slice(0, 4000) ?? null,
      workflow.apps,
      workflow.platforms,
      workflow.useCases,
      workflow.taxonomyNames,
      workflow.price,
      workflow.userId,
      workflow.createdAt,
      workflow.n8nMin ?? null,
      workflow.n8nMax ?? null,
    ]);
    const existing = this.slotById.get(workflow.id);
    if (existing !== undefined) {
      if (this.fingerprints[existing] === fingerprint) {
        const rating = workflow.ratingScore ?? NaN;
        if (
          this.views[existing] !== workflow.views ||
          this.favorites[existing] !== workflow.favorites ||
          !Object.is(this.ratings[existing], rating)
        ) {
          this.views[existing] = workflow.views;
          this.favorites[existing] = workflow.favorites;
          this.popularity[existing] = workflow.favorites * 20 + workflow.views;
          this.ratings[existing] = rating;
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
    this.live[slot] = 0;
    this.slotById.delete(id);
    this.forgetMatches();
    this.alive--;
    this.generation++;
    this.allFacets = null;
  }

  private facetId(kind: FacetKind, key: string): number {
    const name = `${kind}:${key}`;
    let id = this.facetIdOf.get(name);
    if (id === undefined) {
      id = this.facetKeys.length;
      this.facetKeys.push({ kind, key });
      this.facetIdOf.set(name, id);
    }
    return id;
  }

  private add(workflow: IndexedWorkflow, fingerprint: string): void {
    this.grow();
    const slot = this.ids.length;
    const masks = new Map<string, number>();
    const pairMasks = new Map<string, number>();
    const addText = (list: string[], fieldOf: (position: number) => number) => {
      list.forEach((word, position) => {
        const field = fieldOf(position);
        masks.set(word, (masks.get(word) ?? 0) | field);
        // Pairs make phrases rank; a number (an order id, a year) is rarely part of a phrase searched for.
        if (position > 0 && !DIGITS.test(word) && !DIGITS.test(list[position - 1]!)) {
          const pair = `${list[position - 1]} ${word}`;
          pairMasks.set(pair, (pairMasks.get(pair) ?? 0) | field);
        }
      });
    };
    addText(words(workflow.title), () => TITLE);
    // The translated title ranks like the title; its words are never paired with the original's.
    if (workflow.translation) addText(words(workflow.translation.title), () => TITLE);
    for (const app of workflow.apps) {
      const appWords = [...words(app.name), ...words(app.key)];
      addText(words(app.name), () => APP);
      addText(words(app.key), () => APP);
      for (const word of appWords) this.appWords.add(word);
      for (const name of [words(app.name), words(app.key)]) {
        if (name.length > 1 && name.length <= 4) this.appJoined.set(name.join(''), name);
      }
      if (!app.core) this.appNames.set(app.key, app.name);
    }
    for (const name of workflow.taxonomyNames) addText(words(name), () => TAXONOMY);
    const description = (text: string) =>
      addText(words(text).slice(0, DESCRIPTION_WORDS), (position) =>
        position < HEAD_WORDS ? DESCRIPTION_HEAD : DESCRIPTION_TAIL,
      );
    description(workflow.description);
    if (workflow.translation) description(workflow.translation.description);
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
    const appKeys = [...new Set(workflow.apps.filter((app) => !app.core).map((app) => app.key))].slice(
      0,
      200,
    );
    const facets = [
      ...appKeys.map((key) => this.facetId('app', key)),
      ...[...new Set(workflow.platforms)].map((key) => this.facetId('platform', key)),
      ...[...new Set(workflow.useCases)].map((key) => this.facetId('useCase', key)),
    ].slice(0, 255);
    this.ids.push(workflow.id);
    this.userIds.push(workflow.userId);
    this.n8nBounds.push({ min: workflow.n8nMin ?? null, max: workflow.n8nMax ?? null });
    this.fingerprints.push(fingerprint);
    this.live[slot] = 1;
    this.prices[slot] = workflow.price;
    this.created[slot] = workflow.createdAt;
    this.views[slot] = workflow.views;
    this.favorites[slot] = workflow.favorites;
    this.popularity[slot] = workflow.favorites * 20 + workflow.views;
    this.ratings[slot] = workflow.ratingScore ?? NaN;
    const original = workflow.language ?? 'en';
    this.languages[slot] = workflow.translation
      ? LANGUAGE_BITS.en | LANGUAGE_BITS.vi
      : LANGUAGE_BITS[original];
    this.bands[slot] = PRICE_FACETS.reduce(
      (mask, band, bit) => (matchesPrice(workflow.price, band) ? mask | (1 << bit) : mask),
      0,
    );
    this.facetStart[slot] = this.pushFacets(facets);
    this.facetCount[slot] = facets.length;
    this.slotById.set(workflow.id, slot);
    this.forgetMatches();
    this.alive++;
    this.generation++;
    this.allFacets = null;
  }

  /** Drops every cached match (the documents changed). */
  private forgetMatches(): void {
    this.alternativeCache.clear();
    this.denseCache.clear();
  }

  /* ---------- understanding the query ---------- */

  private vocabulary(): string[] {
    this.sortedWords ??= [...this.postings.keys()].sort();
    return this.sortedWords;
  }

  /** Index words that start with `prefix`, in alphabetical order, at most `limit`. */
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
   * How many words after a phrase of `group` (at `start`, `length` long) a phrase of the same group
   * overlapping it goes on for: "đặt lịch hẹn" is "đặt lịch" and "lịch hẹn", one concept, so "hẹn"
   * is not searched (or "corrected") as a word of its own.
   */
  private overlapOf(
    kept: readonly { word: string }[],
    start: number,
    length: number,
    group: readonly string[][],
  ): number {
    const members = new Set(group.map((phrase) => phrase.join(' ')));
    let end = start + length;
    for (let from = start + 1; from < end; from++) {
      for (let size = Math.min(this.synonyms.longest, kept.length - from); from + size > end; size--) {
        const words = kept
          .slice(from, from + size)
          .map((item) => item.word)
          .join(' ');
        if (members.has(words)) {
          end = from + size;
          break;
        }
      }
    }
    return end - (start + length);
  }

  /**
   * The query as concepts that must all match. Each concept is a word or a phrase with its
   * alternatives: completions of the last word (typing), corrections of unknown words (typos), and
   * phrases of the same meaning in the other language.
   */
  private understand(search: string): {
    concepts: Alternative[][];
    adjacent: string[];
    corrected?: string;
    priceIntent?: PriceIntent;
  } {
    const all = words(search).slice(0, 12);
    const lastIndex = all.length - 1;
    const { rest: typed, intent: priceIntent } = priceIntentOf(all.map((word, index) => ({ word, index })));
    const meaningful = typed.filter(({ word }) => !isStopword(word));
    const kept = meaningful.length > 0 ? meaningful : typed;
    let changed = false;
    const concepts: Alternative[][] = [];
    /** The query's words as understood (corrections applied), for the phrase bonus and the answer. */
    const resolved: string[] = [];
    const groupOf = (phrase: string[]) => this.synonyms.byPhrase.get(phrase.join(' '));
    const synonymsOf = (phrase: string[], group: readonly string[][]): Alternative[] =>
      group.map((other) => ({
        key: `s:${other.join(' ')}:${other.join(' ') === phrase.join(' ') ? 1 : SYNONYM_DISCOUNT}`,
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
        taken = length + this.overlapOf(kept, i, length, group);
        resolved.push(...kept.slice(i, i + taken).map((item) => item.word));
        break;
      }
      if (taken > 0) {
        i += taken;
        continue;
      }
      const { word, index } = kept[i]!;
      // An app name split in two ("hub spot", "you tube"): the app's one word, or the two words.
      const next = kept[i + 1];
      const joined = next && next.index === index + 1 ? word + next.word : '';
      if (
        joined &&
        word.length > 1 &&
        next!.word.length > 1 &&
        this.appWords.has(joined) &&
        this.postings.has(joined)
      ) {
        const split = [word, next!.word];
        const group = groupOf([joined]);
        concepts.push([
          { key: `w:${joined}`, words: [[joined]], exact: true, factor: 1 },
          { key: `s:${split.join(' ')}:1`, words: split.map((part) => [part]), exact: true, factor: 1 },
          ...(group ? synonymsOf([joined], group).filter((a) => a.factor !== 1) : []),
        ]);
        resolved.push(joined);
        i += 2;
        continue;
      }
      const prefix = index === lastIndex;
      // An app name of several words written as one ("googlesheets"): its words side by side.
      const parts = this.appJoined.get(word);
      if (parts && !this.synonyms.byPhrase.has(word)) {
        const phrase: Alternative = {
          key: `s:${parts.join(' ')}:1`,
          words: parts.map((part) => [part]),
          exact: true,
          factor: 1,
        };
        const own: Alternative = { key: `w:${word}`, words: [[word]], exact: true, factor: 1 };
        concepts.push(this.postings.has(word) ? [own, phrase] : [phrase]);
        resolved.push(...parts);
        i++;
        continue;
      }
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
        key: corrected ? `c:${candidates.join('|')}` : prefix ? `p:${word}` : `w:${word}`,
        words: prefix && !corrected ? [] : [candidates],
        ...(prefix && !corrected ? { completing: word } : {}),
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
      ...(priceIntent ? { priceIntent } : {}),
    };
  }

  /* ---------- matching and scoring ---------- */

  private scoreAlternative(alternative: Alternative): Scored {
    const cached = this.alternativeCache.get(alternative.key);
    if (cached) return cached;
    const result = this.computeAlternative(alternative);
    if (this.alternativeCache.size >= ALTERNATIVE_CACHE_SIZE) {
      this.alternativeCache.delete(this.alternativeCache.keys().next().value!);
    }
    this.alternativeCache.set(alternative.key, result);
    return result;
  }

  private computeAlternative(alternative: Alternative): Scored {
    const capacity = this.workspace();
    let result: Scored | null = null;
    const wordLists =
      alternative.completing === undefined ? alternative.words : [this.completions(alternative.completing)];
    for (const options of wordLists) {
      const lists = options.flatMap((word) => this.postings.get(word) ?? []);
      const scored = union(lists, weightOf, capacity);
      result = result ? intersect(result, scored, 'min') : scored;
      if (result.slots.length === 0) return EMPTY;
    }
    if (!result) return EMPTY;
    if (alternative.exact && alternative.words.length > 1) {
      let phrase: Scored | null = null;
      for (let i = 1; i < alternative.words.length; i++) {
        const list = this.pairs.get(`${alternative.words[i - 1]![0]} ${alternative.words[i]![0]}`);
        const scored = list ? union([list], phraseWeightOf, capacity) : EMPTY;
        phrase = phrase ? intersect(phrase, scored, 'min') : scored;
      }
      if (phrase && phrase.slots.length > 0) result = boost(result, phrase);
    }
    if (alternative.factor !== 1) {
      const scores = result.scores.map((score) => score * alternative.factor);
      result = { slots: result.slots, scores };
    }
    return result;
  }

  /** A word or phrase with its alternatives (cached like one alternative). */
  private scoreConcept(alternatives: Alternative[]): Scored {
    if (alternatives.length === 1) return this.scoreAlternative(alternatives[0]!);
    const key = alternatives.map((alternative) => alternative.key).join('\n');
    const cached = this.alternativeCache.get(key);
    if (cached) return cached;
    let concept: Scored = EMPTY;
    for (const alternative of alternatives) concept = merge(concept, this.scoreAlternative(alternative));
    if (this.alternativeCache.size >= ALTERNATIVE_CACHE_SIZE) {
      this.alternativeCache.delete(this.alternativeCache.keys().next().value!);
    }
    this.alternativeCache.set(key, concept);
    return concept;
  }

  /**
   * The documents matching every concept, and the smallest concept's own matches (`within`: every
   * match is one of them).
   */
  private match(concepts: Alternative[][]): { matched: Scored; within: Scored | null } {
    const scored = concepts.map((alternatives) => this.scoreConcept(alternatives));
    // Smallest concept first: each intersection is then no larger than it.
    scored.sort((a, b) => a.slots.length - b.slots.length);
    return { matched: this.intersectAll(scored), within: scored[0] ?? null };
  }

  private intersectAll(scored: Scored[]): Scored {
    let result: Scored | null = null;
    for (const concept of scored) {
      if (!result) result = concept;
      else {
        const dense = this.denseOf(concept);
        result = dense ? intersectDense(result, dense, this.matchSpace()) : intersect(result, concept, 'sum');
      }
      if (result.slots.length === 0) return EMPTY;
    }
    return result ?? EMPTY;
  }

  /**
   * The byte-per-slot copy of a long, often used match (null until it has one): intersecting with it
   * reads one byte per document of the shorter side instead of walking both lists.
   */
  private denseOf(concept: Scored): DenseScores | null {
    if (concept.slots.length < DENSE_MIN_LENGTH) return null;
    const known = this.denseCache.get(concept);
    if (known !== undefined) {
      this.denseCache.delete(concept);
      this.denseCache.set(concept, known);
      return known;
    }
    const uses = (this.denseUses.get(concept) ?? 0) + 1;
    this.denseUses.set(concept, uses);
    if (uses < DENSE_MIN_USES) return null;
    const capacity = this.ids.length;
    const room = Math.max(8, Math.floor(DENSE_BYTES / Math.max(capacity, 1)));
    while (this.denseCache.size >= room) this.denseCache.delete(this.denseCache.keys().next().value!);
    const dense = densify(concept, capacity);
    this.denseCache.set(concept, dense);
    return dense;
  }

  /** The filters of a query as facet ids (null: a filter value no workflow has, so nothing matches). */
  private filterOf(query: SearchQuery, price: PriceFilter): { facets: number[]; bands: number } | null {
    const facets: number[] = [];
    const wanted: Array<[FacetKind, string | undefined]> = [
      ['platform', query.platform],
      ['useCase', query.useCase],
      ...(query.apps ?? []).map((key): [FacetKind, string] => ['app', key]),
    ];
    for (const [kind, key] of wanted) {
      if (!key) continue;
      const id = this.facetIdOf.get(`${kind}:${key}`);
      if (id === undefined) return null;
      facets.push(id);
    }
    const bands = price === 'all' ? 0 : 1 << PRICE_FACETS.indexOf(price);
    return { facets, bands };
  }

  private accepts(slot: number, query: SearchQuery, filter: { facets: number[]; bands: number }): boolean {
    if (!this.live[slot]) return false;
    if (filter.bands && !(this.bands[slot]! & filter.bands)) return false;
    for (const facet of filter.facets) if (!this.hasFacet(slot, facet)) return false;
    if (query.n8n && runsOnRelease(this.n8nBounds[slot]!, query.n8n) === false) return false;
    if (query.inLanguage && !(this.languages[slot]! & LANGUAGE_BITS[query.inLanguage])) return false;
    return !query.userId || this.userIds[slot] === query.userId;
  }

  private compare(sort: SearchSort, score: Float64Array | null): (a: number, b: number) => number {
    const { ids, created, views, popularity, prices, ratings } = this;
    const newest = (a: number, b: number) => created[b]! - created[a]! || (ids[b]! < ids[a]! ? -1 : 1);
    const byId = (a: number, b: number, direction: 1 | -1) => (ids[a]! < ids[b]! ? -1 : 1) * direction;
    switch (sort) {
      case 'relevance':
        if (!score) return newest;
        return (a, b) => score[b]! - score[a]! || popularity[b]! - popularity[a]! || newest(a, b);
      case 'created_at_desc':
        return newest;
      case 'created_at_asc':
        return (a, b) => created[a]! - created[b]! || byId(a, b, 1);
      case 'views_desc':
        return (a, b) => views[b]! - views[a]! || byId(a, b, -1);
      case 'views_asc':
        return (a, b) => views[a]! - views[b]! || byId(a, b, 1);
      case 'price_asc':
        return (a, b) => prices[a]! - prices[b]! || byId(a, b, 1);
      case 'price_desc':
        return (a, b) => prices[b]! - prices[a]! || byId(a, b, -1);
      case 'rating_desc':
        // Rated first, best score first; unrated after every rated one (decision 0070).
        return (a, b) => {
          const x = ratings[a]!;
          const y = ratings[b]!;
          if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
          return (Number.isNaN(x) ? 0 : y - x) || byId(a, b, -1);
        };
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
      query.n8n ?? '',
      query.inLanguage ?? '',
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
    // A price filter the visitor set wins over price words in the search.
    const priceIntent = query.price === 'all' ? understood?.priceIntent : undefined;
    const said = {
      ...(understood?.corrected ? { correctedSearch: understood.corrected } : {}),
      ...(priceIntent ? { priceIntent } : {}),
    };
    const filter = this.filterOf(query, priceIntent ?? query.price);
    if (!filter) return { ids: [], count: 0, facets: this.facets([], -1), ...said };
    // Candidates: every live document, or those matching the words; scores indexed by slot.
    if (this.candidateSpace.length < this.ids.length)
      this.candidateSpace = new Int32Array(this.ids.length * 2);
    const space = this.candidateSpace;
    const live = this.live;
    // Without filters a candidate only has to be live (the common case, checked inline).
    const plain =
      filter.facets.length === 0 && !filter.bands && !query.userId && !query.n8n && !query.inLanguage;
    let found = 0;
    let score: Float64Array | null = null;
    if (this.scores.length < this.ids.length) {
      this.scores = new Float64Array(this.ids.length * 2);
      this.marks = new Int32Array(this.ids.length * 2);
    }
    const marks = this.marks;
    if (this.markGeneration >= 0x3fffffff) {
      marks.fill(0);
      this.markGeneration = 0;
    }
    const mark = ++this.markGeneration;
    let countedWithin: Scored | null = null;
    if (searching) {
      const { matched, within } = this.match(understood!.concepts);
      countedWithin = within;
      score = this.scores;
      const { slots, scores } = matched;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (plain ? !live[slot] : !this.accepts(slot, query, filter)) continue;
        space[found++] = slot;
        score[slot] = scores[i]!;
        marks[slot] = mark;
      }
      // Neighbouring query words found side by side score again, added in place (no copies).
      for (const pair of understood!.adjacent) {
        const list = this.pairs.get(pair);
        if (list) addWhereListed(space, found, list, score, phraseWeightOf);
      }
    } else {
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (plain ? !live[slot] : !this.accepts(slot, query, filter)) continue;
        space[found++] = slot;
        marks[slot] = mark;
      }
    }
    const candidates = space.subarray(0, found);
    const sort = query.sort === 'relevance' && !score ? 'created_at_desc' : query.sort;
    const page = topK(
      candidates,
      query.offset + query.limit,
      this.compare(sort, score),
      sort === 'relevance' ? score : sort === 'created_at_desc' ? this.created : null,
      sort === 'relevance' ? this.popularity : null,
    ).slice(query.offset);
    return {
      ids: page.map((slot) => this.ids[slot]!),
      count: found,
      facets: this.facets(candidates, mark, countedWithin),
      ...said,
    };
  }

  /** Facet counts of every live document: kept until a document is added or removed. */
  private everyFacet(): { counts: Int32Array; byMask: Int32Array } {
    if (!this.allFacets) {
      const counts = new Int32Array(this.facetKeys.length);
      const byMask = new Int32Array(1 << PRICE_FACETS.length);
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (this.live[slot]) this.countSlot(slot, counts, byMask, 1);
      }
      this.allFacets = { counts, byMask };
    }
    return this.allFacets;
  }

  /** Facet counts of the live documents among one concept's matches, kept as long as its matches are. */
  private conceptFacets(concept: Scored): { counts: Int32Array; byMask: Int32Array } {
    let known = this.facetsOfConcept.get(concept);
    if (!known) {
      known = {
        counts: new Int32Array(this.facetKeys.length),
        byMask: new Int32Array(1 << PRICE_FACETS.length),
      };
      for (const slot of concept.slots)
        if (this.live[slot]) this.countSlot(slot, known.counts, known.byMask, 1);
      this.facetsOfConcept.set(concept, known);
    }
    return known;
  }

  /** Adds (or with -1 takes away) one document's facet values and price-band combination. */
  private countSlot(slot: number, counts: Int32Array, byMask: Int32Array, sign: number): void {
    const start = this.facetStart[slot]!;
    const end = start + this.facetCount[slot]!;
    const data = this.facetData;
    for (let i = start; i < end; i++) counts[data[i]!] = counts[data[i]!]! + sign;
    const mask = this.bands[slot]!;
    byMask[mask] = byMask[mask]! + sign;
  }

  /**
   * Counts per app, platform, use case and price band among the candidates (those marked `mark`).
   * When they are most of the catalogue, the counts of all documents minus those of the rest are
   * cheaper and just as exact.
   */
  private facets(candidates: ArrayLike<number>, mark: number, within: Scored | null = null): Facets {
    let counts: Int32Array;
    // Price bands are counted per combination of bands (a 5-bit mask), then spread over the bands.
    let byMask: Int32Array;
    if (within && candidates.length * 5 > within.slots.length * 3 && within.slots.length < this.alive) {
      // Most of a word's matches are candidates (typing "slack s"): its counts, kept with its
      // matches, minus those of the few that are not.
      const whole = this.conceptFacets(within);
      counts = Int32Array.from(whole.counts);
      byMask = Int32Array.from(whole.byMask);
      const { live, marks } = this;
      for (const slot of within.slots) {
        if (live[slot] && marks[slot] !== mark) this.countSlot(slot, counts, byMask, -1);
      }
    } else if (candidates.length * 2 > this.alive) {
      const every = this.everyFacet();
      counts = Int32Array.from(every.counts);
      byMask = Int32Array.from(every.byMask);
      const { live, marks } = this;
      for (let slot = 0; slot < this.ids.length; slot++) {
        if (live[slot] && marks[slot] !== mark) this.countSlot(slot, counts, byMask, -1);
      }
    } else {
      counts = new Int32Array(this.facetKeys.length);
      byMask = new Int32Array(1 << PRICE_FACETS.length);
      for (let c = 0; c < candidates.length; c++) this.countSlot(candidates[c]!, counts, byMask, 1);
    }
    const bands = new Int32Array(PRICE_FACETS.length);
    for (let mask = 1; mask < byMask.length; mask++) {
      for (let bit = 0; bit < bands.length; bit++)
        if (mask & (1 << bit)) bands[bit] = bands[bit]! + byMask[mask]!;
    }
    const ranked = (kind: FacetKind) => {
      const found: Array<[string, number]> = [];
      this.facetKeys.forEach((facet, id) => {
        if (facet.kind === kind && counts[id]! > 0) found.push([facet.key, counts[id]!]);
      });
      return found.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    };
    return {
      apps: ranked('app')
        .slice(0, FACET_APPS)
        .map(([key, count]) => ({ key, name: this.appNames.get(key) ?? key, count })),
      platforms: ranked('platform').map(([id, count]) => ({ id, count })),
      use_cases: ranked('useCase').map(([id, count]) => ({ id, count })),
      price: PRICE_FACETS.map((band, bit) => ({ band, count: bands[bit]! })),
    };
  }
}

/**
 * Takes the price words out of a query's words: the band they ask for (none when they contradict each
 * other, "free premium"), and the words left to search for.
 */
function priceIntentOf<T extends { word: string }>(typed: T[]): { rest: T[]; intent?: PriceIntent } {
  const rest: T[] = [];
  const intents = new Set<PriceIntent>();
  for (let i = 0; i < typed.length;) {
    let taken = 0;
    for (let length = Math.min(PRICE_WORDS.longest, typed.length - i); length >= 1; length--) {
      const phrase = typed.slice(i, i + length).map((item) => item.word);
      const intent = PRICE_WORDS.byPhrase.get(phrase.join(' '));
      if (!intent) continue;
      intents.add(intent);
      taken = length;
      break;
    }
    if (taken > 0) i += taken;
    else rest.push(typed[i++]!);
  }
  return intents.size === 1 ? { rest, intent: [...intents][0]! } : { rest };
}

/**
 * The first `k` of `items` in `compare` order, without sorting all of them when k is small. When
 * `compare` orders by `primary` (higher first) before anything else, and then by `secondary`, an item
 * below the worst kept one is passed over without calling `compare`.
 */
export function topK(
  items: ArrayLike<number>,
  k: number,
  compare: (a: number, b: number) => number,
  primary: Float64Array | null = null,
  secondary: Float64Array | null = null,
): number[] {
  if (k <= 0 || items.length === 0) return [];
  if (k >= items.length / 4) return Array.from(items).sort(compare).slice(0, k);
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
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (
      primary !== null &&
      (primary[item]! < primary[heap[0]!]! ||
        (secondary !== null &&
          primary[item] === primary[heap[0]!] &&
          secondary[item]! < secondary[heap[0]!]!))
    ) {
      continue;
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}

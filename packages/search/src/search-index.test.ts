import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex, topK, type IndexedWorkflow, type SearchQuery } from './search-index.ts';
import { editDistance } from './text.ts';

let counter = 0;
function workflow(overrides: Partial<IndexedWorkflow>): IndexedWorkflow {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    userId: 'author',
    title: 'Untitled',
    description: '',
    apps: [],
    platforms: ['n8n'],
    useCases: [],
    taxonomyNames: [],
    price: 0,
    views: 0,
    favorites: 0,
    createdAt: counter,
    ...overrides,
  };
}

const query = (search: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  search,
  price: 'all',
  sort: 'relevance',
  offset: 0,
  limit: 12,
  ...extra,
});

describe('the search index', () => {
  it('ranks a title match above an app match above a word deep in a description', () => {
    const index = new SearchIndex();
    const deep = workflow({
      title: 'Weekly digest',
      description: `${'filler words here '.repeat(20)} and finally trello`,
    });
    const app = workflow({ title: 'Board sync', apps: [{ key: 'trello', name: 'Trello' }] });
    const title = workflow({ title: 'Trello cards to a sheet' });
    for (const item of [deep, app, title]) index.upsert(item);
    expect(index.query(query('trello')).ids).toEqual([title.id, app.id, deep.id]);
  });

  it('ranks a whole Vietnamese phrase above the same syllables scattered', () => {
    const index = new SearchIndex();
    const scattered = workflow({ title: 'Đơn giản hóa báo cáo', description: 'Tự động hóa mọi đơn' });
    const whole = workflow({ title: 'Xử lý hóa đơn nhanh' });
    index.upsert(scattered);
    index.upsert(whole);
    expect(index.query(query('hoa don')).ids[0]).toBe(whole.id);
  });

  it('leaves out the workflows known not to run on an n8n release, and sees changed bounds', () => {
    const index = new SearchIndex();
    const newer = workflow({ title: 'Airtable sync', n8nMin: '2.14.2' });
    const older = workflow({ title: 'Airtable cleanup', n8nMin: '1.0.0', n8nMax: '1.123.81' });
    const unknown = workflow({ title: 'Airtable import', n8nMin: null });
    const make = workflow({ title: 'Airtable on Make', platforms: ['make'] });
    for (const item of [newer, older, unknown, make]) index.upsert(item);
    const ids = (n8n?: string, search = '') => index.query(query(search, { n8n })).ids.sort();
    expect(ids('1.98')).toEqual([older.id, unknown.id, make.id].sort());
    expect(ids('2.41', 'airtable')).toEqual([newer.id, unknown.id, make.id].sort());
    // A visitor's "2.14" means any 2.14.x: the minimum's patch does not count against it.
    expect(ids('2.14')).toContain(newer.id);
    expect(ids('1.123.81')).toContain(older.id);
    expect(ids('1.123.82')).not.toContain(older.id);
    expect(ids()).toHaveLength(4);
    index.upsert({ ...newer, n8nMin: '1.50.0' });
    expect(ids('1.98')).toContain(newer.id);
    expect(index.query(query('', { n8n: '1.98' })).count).toBe(4);
  });

  it('treats a changed workflow as new and a removed one as gone', () => {
    const index = new SearchIndex();
    const item = workflow({ title: 'Zebra report' });
    index.upsert(item);
    index.upsert({ ...item, title: 'Giraffe report' });
    expect(index.query(query('zebra')).count).toBe(0);
    expect(index.query(query('giraffe')).ids).toEqual([item.id]);
    expect(index.size).toBe(1);
    index.remove(item.id);
    expect(index.query(query('giraffe')).count).toBe(0);
    expect(index.size).toBe(0);
  });

  it('applies a change of counters in place, without a new slot', () => {
    const index = new SearchIndex();
    const item = workflow({ title: 'Counter' });
    index.upsert(item);
    index.upsert({ ...item, views: 99 });
    expect(index.slots).toBe(1);
    expect(index.query(query('', { sort: 'views_desc' })).ids).toEqual([item.id]);
  });

  it('answers nothing for a filter value no workflow has', () => {
    const index = new SearchIndex();
    index.upsert(workflow({ title: 'Slack alerts', apps: [{ key: 'slack', name: 'Slack' }] }));
    expect(index.query(query('', { apps: ['nope'] })).count).toBe(0);
    expect(index.query(query('', { apps: ['slack'] })).count).toBe(1);
    expect(index.query(query('', { platform: 'zapier' })).count).toBe(0);
  });

  it('pages in the same order as a full sort, whatever the scores and ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ views: fc.nat(5), price: fc.constantFrom(0, 50_000, 200_000) }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.constantFrom('views_desc', 'price_asc', 'created_at_desc', 'relevance') as fc.Arbitrary<
          SearchQuery['sort']
        >,
        (items, sort) => {
          const index = new SearchIndex();
          for (const item of items) index.upsert(workflow({ title: 'alpha beta', ...item }));
          const all = index.query(query('alpha', { sort, limit: 100 })).ids;
          const pages: string[] = [];
          for (let page = 0; page * 7 < all.length; page++) {
            pages.push(...index.query(query('alpha', { sort, offset: page * 7, limit: 7 })).ids);
          }
          expect(pages).toEqual(all);
          expect(new Set(all).size).toBe(items.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts facets exactly, whether the matches are a few or most of the catalogue', () => {
    const apps = ['slack', 'gmail', 'notion', 'stripe'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            words: fc.subarray(['alpha', 'beta', 'gamma'], { minLength: 1 }),
            apps: fc.subarray(apps),
            platform: fc.constantFrom('n8n', 'make', 'zapier'),
            price: fc.constantFrom(0, 50_000, 200_000, 900_000),
            live: fc.boolean(),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        fc.constantFrom('alpha', 'beta', 'alpha beta', 'gamma', ''),
        (items, search) => {
          const index = new SearchIndex();
          const kept: typeof items = [];
          for (const item of items) {
            const doc = workflow({
              title: item.words.join(' '),
              apps: item.apps.map((key) => ({ key, name: key })),
              platforms: [item.platform],
              price: item.price,
            });
            index.upsert(doc);
            if (item.live) kept.push(item);
            else index.remove(doc.id);
          }
          const wanted = search.split(' ').filter(Boolean);
          const matching = kept.filter((item) => wanted.every((word) => item.words.includes(word)));
          const facets = index.query(query(search, { limit: 5 })).facets;
          const appCounts = Object.fromEntries(facets.apps.map((app) => [app.key, app.count]));
          for (const key of apps) {
            const expected = matching.filter((item) => item.apps.includes(key)).length;
            expect(appCounts[key] ?? 0).toBe(expected);
          }
          const platformCounts = Object.fromEntries(facets.platforms.map((p) => [p.id, p.count]));
          for (const platform of ['n8n', 'make', 'zapier']) {
            expect(platformCounts[platform] ?? 0).toBe(
              matching.filter((i) => i.platform === platform).length,
            );
          }
          const free = facets.price.find((band) => band.band === 'free')!;
          expect(free.count).toBe(matching.filter((item) => item.price === 0).length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds related workflows: a shared use case before a shared app, never itself or a removed one', () => {
    const index = new SearchIndex();
    const slack = [{ key: 'slack', name: 'Slack' }];
    const self = workflow({ apps: slack, useCases: ['finance'] });
    const sameUseCase = workflow({ useCases: ['finance'] });
    const sameApp = workflow({ apps: slack, favorites: 9 });
    const both = workflow({ apps: slack, useCases: ['finance'] });
    const removed = workflow({ apps: slack, useCases: ['finance'] });
    const unrelated = workflow({ apps: [{ key: 'gmail', name: 'Gmail' }], useCases: ['sales-crm'] });
    for (const doc of [self, sameUseCase, sameApp, both, removed, unrelated]) index.upsert(doc);
    index.remove(removed.id);
    const like = { excludeId: self.id, appKeys: ['slack'], useCases: ['finance'], limit: 10 };
    expect(index.related(like)).toEqual([both.id, sameUseCase.id, sameApp.id]);
    expect(index.related({ ...like, limit: 1 })).toEqual([both.id]);
  });

  it('breaks ties of relevance by use: favourites weigh twenty views', () => {
    const index = new SearchIndex();
    const viewed = workflow({ title: 'alpha', views: 30 });
    const favourite = workflow({ title: 'alpha', favorites: 2 });
    const quiet = workflow({ title: 'alpha' });
    for (const doc of [quiet, viewed, favourite]) index.upsert(doc);
    expect(index.query(query('alpha')).ids).toEqual([favourite.id, viewed.id, quiet.id]);
  });
});

describe('helpers', () => {
  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('notoin', 'notion', 2)).toBe(1);
    expect(editDistance('slakc', 'slack', 2)).toBe(1);
    expect(editDistance('weathr', 'weather', 2)).toBe(1);
    expect(editDistance('zzzz', 'slack', 2)).toBe(3);
  });

  it('picks the same first k as sorting everything', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.nat(30), (values, k) => {
        const items = values.map((_, index) => index);
        const compare = (a: number, b: number) => values[a]! - values[b]! || a - b;
        expect(topK(items, k, compare)).toEqual(items.slice().sort(compare).slice(0, k));
      }),
    );
  });

  it('picks the same first k when it skips items by a primary and secondary key', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ score: fc.integer({ min: 0, max: 3 }), use: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 1,
          maxLength: 200,
        }),
        fc.integer({ min: 1, max: 12 }),
        (values, k) => {
          const items = values.map((_, index) => index);
          const primary = Float64Array.from(values, (value) => value.score);
          const secondary = Float64Array.from(values, (value) => value.use);
          const compare = (a: number, b: number) =>
            values[b]!.score - values[a]!.score || values[b]!.use - values[a]!.use || a - b;
          expect(topK(Int32Array.from(items), k, compare, primary, secondary)).toEqual(
            items.slice().sort(compare).slice(0, k),
          );
        },
      ),
    );
  });
});

describe('common words intersected through their byte-per-slot copies', () => {
  it('answer exactly as the list walk did: same order, scores and facets', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta'];
    const index = new SearchIndex();
    // 4,000 workflows: every word matches over a thousand, in several fields and with ties.
    for (let i = 0; i < 4_000; i++) {
      index.upsert(
        workflow({
          title: `${words[i % 4]} ${words[(i >> 2) % 4]} report ${i}`,
          description: `${words[(i >> 4) % 4]} steps`,
          apps: [{ key: i % 3 === 0 ? 'slack' : 'notion', name: i % 3 === 0 ? 'Slack' : 'Notion' }],
          views: i % 7,
        }),
      );
    }
    for (const search of ['alpha beta', 'gamma report', 'delta alpha steps', 'beta slack']) {
      // The first time a long match is intersected it is walked; from the second, its copy answers.
      const walked = index.query(query(search, { limit: 500 }));
      const throughCopies = index.query(query(search, { limit: 499 }));
      expect(walked.count, search).toBeGreaterThan(0);
      expect(throughCopies.count, search).toBe(walked.count);
      expect(throughCopies.ids, search).toEqual(walked.ids.slice(0, 499));
      expect(throughCopies.facets, search).toEqual(walked.facets);
    }
  });
});

describe('listings in two languages', () => {
  const vietnameseOnly = () =>
    workflow({
      title: 'Gửi hóa đơn qua Zalo',
      description: 'Tạo hóa đơn từ đơn hàng mới và gửi cho khách hàng.',
      language: 'vi',
    });
  const englishOnly = () =>
    workflow({
      title: 'Weekly weather digest',
      description: 'Posts the forecast to Slack every Monday.',
      language: 'en',
    });
  const translated = () =>
    workflow({
      title: 'Sao lưu bảng tính hằng đêm',
      description: 'Sao lưu Google Sheets vào Drive mỗi đêm.',
      language: 'vi',
      translation: { title: 'Nightly spreadsheet backup', description: 'Copies Google Sheets to Drive.' },
    });

  it('finds a listing by the words of its translation, and ranks its translated title like a title', () => {
    const index = new SearchIndex();
    const backup = translated();
    const mentions = workflow({ title: 'Drive cleanup', description: 'Runs nightly after the backup job.' });
    for (const item of [mentions, backup]) index.upsert(item);
    expect(index.query(query('nightly backup')).ids).toEqual([backup.id, mentions.id]);
    // Its original words still find it.
    expect(index.query(query('sao lưu bảng tính')).ids).toEqual([backup.id]);
  });

  it('forgets the old translation when it changes or is removed', () => {
    const index = new SearchIndex();
    const backup = translated();
    index.upsert(backup);
    index.upsert({
      ...backup,
      translation: { title: 'Spreadsheet safety copy', description: 'Every evening.' },
    });
    expect(index.query(query('nightly backup')).ids).toEqual([]);
    expect(index.query(query('safety copy')).ids).toEqual([backup.id]);
    index.upsert({ ...backup, translation: null });
    expect(index.query(query('safety copy')).ids).toEqual([]);
  });

  it('finds an English-only listing from a Vietnamese query through the synonyms, and the other way round', () => {
    const index = new SearchIndex();
    const weather = englishOnly();
    const invoices = vietnameseOnly();
    for (const item of [weather, invoices]) index.upsert(item);
    expect(index.query(query('thời tiết')).ids).toEqual([weather.id]);
    expect(index.query(query('invoice')).ids).toEqual([invoices.id]);
  });

  it('reads overlapping phrases of one meaning as one ("đặt lịch hẹn": "đặt lịch" and "lịch hẹn")', () => {
    const index = new SearchIndex();
    const reminders = workflow({ title: 'Appointment reminders by SMS', language: 'en' });
    const then = workflow({ title: 'If this then that', language: 'en' });
    for (const item of [reminders, then]) index.upsert(item);
    const answer = index.query(query('đặt lịch hẹn'));
    expect(answer.ids).toEqual([reminders.id]);
    expect(answer.correctedSearch).toBeUndefined();
    expect(index.query(query('đặt lịch hẹn sms')).ids).toEqual([reminders.id]);
  });

  it('keeps to the listings available in a language: written in it or translated into it', () => {
    const index = new SearchIndex();
    const en = englishOnly();
    const vi = vietnameseOnly();
    const both = translated();
    for (const item of [en, vi, both]) index.upsert(item);
    const inVietnamese = index.query(query('', { inLanguage: 'vi', sort: 'created_at_asc' }));
    expect(inVietnamese.ids).toEqual([vi.id, both.id]);
    expect(inVietnamese.count).toBe(2);
    const inEnglish = index.query(query('', { inLanguage: 'en', sort: 'created_at_asc' }));
    expect(inEnglish.ids).toEqual([en.id, both.id]);
    // The facets count what the filter keeps, not the whole catalogue.
    expect(inEnglish.facets.platforms).toEqual([{ id: 'n8n', count: 2 }]);
    expect(index.query(query('')).facets.platforms).toEqual([{ id: 'n8n', count: 3 }]);
    // With words too, and a listing whose translation is removed leaves the other language.
    expect(index.query(query('sao lưu', { inLanguage: 'en' })).ids).toEqual([both.id]);
    index.upsert({ ...both, translation: null });
    expect(index.query(query('sao lưu', { inLanguage: 'en' })).ids).toEqual([]);
    expect(index.query(query('', { inLanguage: 'en' })).count).toBe(1);
  });
});

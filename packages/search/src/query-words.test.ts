import { describe, expect, it } from 'vitest';
import { SearchIndex, type IndexedWorkflow, type SearchQuery } from './search-index.ts';

let counter = 0;
function workflow(overrides: Partial<IndexedWorkflow>): IndexedWorkflow {
  counter += 1;
  return {
    id: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`,
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
  limit: 20,
  ...extra,
});

/** A small catalogue: what each workflow uses is in its apps, never in its words. */
function catalogue() {
  const index = new SearchIndex();
  const openai = [{ key: 'openai', name: 'OpenAI' }];
  const items = {
    summary: workflow({ title: 'Summarise support tickets', apps: openai, price: 0 }),
    outlook: workflow({ title: 'Email assistant for Outlook', apps: openai, price: 1_200_000 }),
    details: workflow({ title: 'Get the details of a forum thread', price: 0 }),
    freeSlack: workflow({ title: 'Morning weather to Slack', apps: [{ key: 'slack', name: 'Slack' }] }),
    paidSlack: workflow({
      title: 'Route leads to Slack',
      apps: [
        { key: 'slack', name: 'Slack' },
        { key: 'hubspot', name: 'HubSpot' },
      ],
      price: 180_000,
    }),
    sheets: workflow({
      title: 'Invoices into a spreadsheet',
      apps: [{ key: 'google-sheets', name: 'Google Sheets' }],
      price: 450_000,
    }),
    drive: workflow({
      title: 'Save attachments',
      description: 'Puts every attachment in one folder and lists them in a sheets tab.',
      apps: [{ key: 'google-drive', name: 'Google Drive' }],
    }),
    youtube: workflow({ title: 'Summaries of new videos', apps: [{ key: 'youtube', name: 'YouTube' }] }),
    paidInvoices: workflow({ title: 'Mark paid invoices as done', price: 0 }),
  };
  for (const item of Object.values(items)) index.upsert(item);
  return { index, items };
}

describe('names of OpenAI’s models', () => {
  it('finds the workflows that use OpenAI by "gpt", "chat gpt" and "chatgpt", first', () => {
    const { index, items } = catalogue();
    const openai = [items.summary.id, items.outlook.id].sort();
    for (const search of ['gpt', 'chat gpt', 'chatgpt', 'ChatGPT', 'open ai', 'openai']) {
      const result = index.query(query(search));
      expect(result.ids.slice(0, 2).sort(), search).toEqual(openai);
      expect(result.count, search).toBe(2);
      // "gpt" is a name, not a typo of "get" (a word of another workflow's title).
      expect(result.correctedSearch, search).toBeUndefined();
    }
  });
});

describe('price words in the search', () => {
  it('lists only free workflows for "free", "miễn phí" and "mien phi", words no workflow contains', () => {
    const { index } = catalogue();
    const free = index.query(query('', { price: 'free' }));
    expect(free.count).toBeGreaterThan(3);
    for (const search of ['free', 'miễn phí', 'mien phi', 'for free', 'không mất phí']) {
      const result = index.query(query(search));
      expect(result.ids.sort(), search).toEqual([...free.ids].sort());
      expect(result.priceIntent, search).toBe('free');
    }
  });

  it('lists only paid workflows for "có phí" and "trả phí"', () => {
    const { index, items } = catalogue();
    const paid = [items.outlook.id, items.paidSlack.id, items.sheets.id].sort();
    for (const search of ['có phí', 'co phi', 'trả phí', 'premium']) {
      const result = index.query(query(search));
      expect(result.ids.sort(), search).toEqual(paid);
      expect(result.priceIntent, search).toBe('paid');
    }
  });

  it('searches the other words within the price band: "slack miễn phí", "free slack", "gpt có phí"', () => {
    const { index, items } = catalogue();
    for (const search of ['slack miễn phí', 'free slack', 'slack for free']) {
      expect(index.query(query(search)).ids, search).toEqual([items.freeSlack.id]);
    }
    expect(index.query(query('slack có phí')).ids).toEqual([items.paidSlack.id]);
    expect(index.query(query('gpt có phí')).ids).toEqual([items.outlook.id]);
    expect(index.query(query('chat gpt free')).ids).toEqual([items.summary.id]);
    // Without the price word both Slack workflows are found.
    expect(index.query(query('slack')).count).toBe(2);
  });

  it('lets a price filter the visitor chose win over the words, and ignores contradicting words', () => {
    const { index, items } = catalogue();
    const chosen = index.query(query('slack free', { price: 'paid' }));
    expect(chosen.ids).toEqual([items.paidSlack.id]);
    expect(chosen.priceIntent).toBeUndefined();
    const both = index.query(query('slack free premium'));
    expect(both.count).toBe(2);
    expect(both.priceIntent).toBeUndefined();
  });

  it('keeps "paid" a word of the text: "paid invoices" finds the free workflow about paid invoices', () => {
    const { index, items } = catalogue();
    const result = index.query(query('paid invoices'));
    expect(result.ids[0]).toBe(items.paidInvoices.id);
    expect(result.priceIntent).toBeUndefined();
  });

  it('counts the price bands of what the price words left', () => {
    const { index } = catalogue();
    const facets = index.query(query('slack miễn phí')).facets;
    expect(facets.price.find((band) => band.band === 'free')?.count).toBe(1);
    expect(facets.price.find((band) => band.band === 'paid')?.count).toBe(0);
  });
});

describe('app names with or without spaces', () => {
  it('finds Google Sheets by "googlesheets" as by "google sheets", without a correction', () => {
    const { index, items } = catalogue();
    const spaced = index.query(query('google sheets'));
    const joined = index.query(query('googlesheets'));
    expect(spaced.ids[0]).toBe(items.sheets.id);
    expect(joined.ids[0]).toBe(items.sheets.id);
    expect(joined.correctedSearch).toBeUndefined();
    // The Drive workflow has "google" and "sheets" apart: it may follow, never lead.
    expect(joined.ids.indexOf(items.drive.id)).not.toBe(0);
    expect(index.query(query('googledrive')).ids[0]).toBe(items.drive.id);
  });

  it('finds HubSpot by "hub spot" and YouTube by "you tube"', () => {
    const { index, items } = catalogue();
    for (const search of ['hub spot', 'Hub Spot', 'hubspot']) {
      const result = index.query(query(search));
      expect(result.ids, search).toEqual([items.paidSlack.id]);
      expect(result.correctedSearch, search).toBeUndefined();
    }
    expect(index.query(query('you tube')).ids).toEqual([items.youtube.id]);
    expect(index.query(query('hub spot slack')).ids).toEqual([items.paidSlack.id]);
  });

  it('still finds two words that are not an app written apart', () => {
    const { index, items } = catalogue();
    // "weather" + "to" is no app: the words are searched as typed.
    expect(index.query(query('morning weather')).ids).toEqual([items.freeSlack.id]);
  });
});

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES_EN } from './messages.en.ts';
import { MESSAGES_VI } from './messages.vi.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const I18N = 'apps/web/src/i18n';
/**
 * The texts people read that are not in the message catalogue: every e-mail, the unsubscribe page,
 * the licence terms, what the MCP tools and the n8n template library say, and the share images.
 */
const SERVER_TEXTS = [
  'packages/domain/src/licences.ts',
  'apps/server/src/infra/mailer/templates.ts',
  'apps/server/src/modules/mcp/mcp.text.ts',
  'apps/server/src/modules/n8n/n8n.service.ts',
  'apps/server/src/modules/notifications/notifications.routes.ts',
  'apps/server/src/modules/share-images/share-image.service.ts',
  'apps/server/src/modules/accounts/accounts.mail.ts',
  'apps/server/src/modules/invoices/invoices.mail.ts',
  'apps/server/src/modules/moderation/moderation.mail.ts',
  'apps/server/src/modules/notifications/notifications.mail.ts',
  'apps/server/src/modules/notifications/unsubscribe-page.ts',
  'apps/server/src/modules/orders/orders.mail.ts',
  'apps/server/src/modules/ratings/ratings.mail.ts',
  'apps/server/src/modules/sales/sales.mail.ts',
];

type Language = 'en' | 'vi';
interface Text {
  /** Where a reader finds it: a file and a key, or a file and a line. */
  where: string;
  text: string;
}
interface Term {
  concept: string;
  use: Record<Language, string[]>;
  not: Record<Language, string[]>;
}

/** The table under "## Terms" in docs/glossary.md: the backticked words of each language's columns. */
function glossary(): Term[] {
  const markdown = readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8');
  const table = markdown.split(/^## Terms$/m)[1]?.split(/^## /m)[0] ?? '';
  const words = (cell: string | undefined) =>
    [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!.normalize('NFC'));
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) => line.split('|').slice(1, -1))
    .slice(1)
    .map(([concept, enUse, enNot, viUse, viNot]) => ({
      concept: concept!.trim(),
      use: { en: words(enUse), vi: words(viUse) },
      not: { en: words(enNot), vi: words(viNot) },
    }));
}

/** Every string of a JSON tree or message catalogue, by its key. */
function leaves(tree: unknown, where: string, key = ''): Text[] {
  if (typeof tree === 'string') return [{ where: `${where} ${key}`, text: tree }];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([name, child]) =>
    leaves(child, where, Array.isArray(tree) ? `${key}[${name}]` : key ? `${key}.${name}` : name),
  );
}

function jsonTexts(file: string): Text[] {
  return leaves(JSON.parse(readFileSync(join(ROOT, I18N, file), 'utf8')), `${I18N}/${file}`);
}

const VIETNAMESE_LETTER = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/i;

/**
 * The language of a string in server code: Vietnamese letters say Vietnamese; otherwise the branch
 * it sits in (`vi ? … : …`, `language === 'vi' ? … : …`, `{ en: …, vi: … }`). Other strings are
 * code (an address, a header) and are not read.
 */
function languageOf(node: ts.Node, text: string): Language | null {
  if (VIETNAMESE_LETTER.test(text)) return 'vi';
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
      const name = parent.name.getText();
      if (name === 'vi' || name === 'en') return name;
    }
    const branch =
      ts.isConditionalExpression(parent) && parent.condition !== child
        ? { condition: parent.condition, first: parent.whenTrue === child }
        : ts.isIfStatement(parent) && parent.expression !== child
          ? { condition: parent.expression, first: parent.thenStatement === child }
          : null;
    if (!branch) continue;
    const condition = branch.condition.getText();
    const asksVi = /\bvi\b|'vi'/.test(condition);
    if (!asksVi && !/'en'/.test(condition)) continue;
    return asksVi === branch.first ? 'vi' : 'en';
  }
  return null;
}

/** The e-mails' and server pages' strings, each with its language, by file and line. */
function serverTexts(): Record<Language, Text[]> {
  const found: Record<Language, Text[]> = { en: [], vi: [] };
  for (const file of SERVER_TEXTS) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(ROOT, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        const whole = ts.isTemplateHead(node) || ts.isTemplateSpan(node.parent) ? node.parent : node;
        const language = languageOf(ts.isTemplateSpan(whole) ? whole.parent : whole, node.text);
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        if (language)
          found[language].push({ where: `${relative(ROOT, join(ROOT, file))}:${line}`, text: node.text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function textsOf(language: Language, server: Record<Language, Text[]>): Text[] {
  return [
    ...jsonTexts(`${language}.json`),
    ...jsonTexts(`signed-in.${language}.json`),
    ...jsonTexts(`pages.${language}.json`),
    ...leaves(language === 'vi' ? MESSAGES_VI : MESSAGES_EN, `packages/domain/src/messages.${language}.ts`),
    ...server[language],
  ];
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A whole word or phrase: no letter, mark or digit on either side; any case; accents exact. */
function wholeWord(word: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_])${escape(word)}(?![\\p{L}\\p{M}\\p{N}_])`, 'giu');
}

/** "file key: «word» in “text”" for each rejected word of the glossary in the texts. */
function offences(language: Language, texts: Text[], terms: Term[]): string[] {
  const used = terms.flatMap((term) => term.use[language]).sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (const { where, text } of texts) {
    let readable = text
      .normalize('NFC')
      .replace(/\{\{[^}]*\}\}/g, ' ')
      .replace(/https?:\/\/\S+|\S+@\S+/g, ' ');
    for (const word of used) readable = readable.replace(wholeWord(word), ' ');
    for (const term of terms) {
      for (const word of term.not[language]) {
        if (wholeWord(word).test(readable))
          found.push(
            `${where}: «${word}» (${term.concept}: use ${term.use[language].join(' / ')}) in “${text}”`,
          );
      }
    }
  }
  return found;
}

describe('the glossary (docs/glossary.md)', () => {
  const terms = glossary();
  const server = serverTexts();

  it('has its table, with the concepts the texts share and the words it rejects', () => {
    expect(terms.length).toBeGreaterThan(20);
    const vi = Object.fromEntries(terms.map((term) => [term.use.vi[0], term.not.vi]));
    expect(vi['quy trình']).toContain('workflow');
    expect(vi['phê duyệt']).toContain('duyệt');
    expect(vi['khám phá']).toContain('duyệt');
    expect(vi['xóa']).toContain('xoá');
    expect(terms.find((term) => term.use.en.includes('use case'))?.not.en).toContain('job type');
  });

  it('finds a rejected word whole, in any case, accent for accent, but not inside a word to use', () => {
    const sample = (text: string) => offences('vi', [{ where: 'sample', text }], terms);
    // Browse, approve and moderation each reject a bare "duyệt"; "workflow" is the fourth.
    expect(sample('Duyệt workflow')).toHaveLength(4);
    expect(sample('Đang chờ phê duyệt trên trình duyệt')).toEqual([]);
    expect(sample('Xoá bộ lọc')).toHaveLength(1);
    expect(sample('Xóa bộ lọc')).toEqual([]);
    expect(sample('{{workflow}} và https://flowbay.vn/workflows/x, hỗ trợ: ho-tro@email.vn')).toEqual([]);
    expect(sample('Duyet')).toEqual([]);
  });

  it('reads the e-mails in both languages', () => {
    expect(server.vi.some((text) => text.where.includes('orders.mail.ts'))).toBe(true);
    expect(server.en.some((text) => text.where.includes('orders.mail.ts'))).toBe(true);
    expect(server.vi.some((text) => /Đội ngũ Flowbay/.test(text.text))).toBe(true);
    expect(server.en.some((text) => /The Flowbay team/.test(text.text))).toBe(true);
  });

  for (const language of ['vi', 'en'] as const) {
    it(`no ${language === 'vi' ? 'Vietnamese' : 'English'} text of the app, the API, the e-mails or the static pages uses a rejected word`, () => {
      expect(offences(language, textsOf(language, server), terms)).toEqual([]);
    });
  }
});

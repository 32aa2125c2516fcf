/**
 * Markdown as the plain text a reader would see: for share texts (Zalo, Facebook, a copied link)
 * and meta descriptions, where markup would show as literal asterisks and brackets.
 * Paragraphs stay apart, list items keep a bullet, and link and image texts keep their words.
 */
export function markdownToPlainText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const fenceMark = /^\s*(```|~~~)/.exec(line);
    if (fenceMark) {
      fence = fence === null ? fenceMark[1]! : fence === fenceMark[1] ? null : fence;
      continue;
    }
    if (fence !== null) {
      out.push(line);
      continue;
    }
    // A table's header rule is not a paragraph break: the rows stay together.
    if (!TABLE_RULE.test(line)) out.push(plainLine(line));
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const TABLE_RULE = /^\s*\|\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function plainLine(line: string): string {
  if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return '';
  let text = line
    .replace(/^\s{0,3}#{1,6}\s+/, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/^\s{0,3}(>\s?)+/, '')
    .replace(/^(\s*)(?:[-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '$1• ');
  text = inline(text);
  if (/^\s*\|.*\|\s*$/.test(text)) {
    text = text
      .trim()
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim())
      .join(' · ');
  }
  return text.trimEnd();
}

// Escaped characters are set aside first so no rule below reads them as markup.
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!|>~])/g;
const SET_ASIDE = 0xe000;

function inline(line: string): string {
  const text = line.replace(ESCAPED, (_, char: string) =>
    String.fromCharCode(SET_ASIDE + char.charCodeAt(0)),
  );
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])([*_])(?=\S)([\s\S]*?\S)\2(?![\w*])/g, '$1$3')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/[\ue000-\ue07f]/g, (char) => String.fromCharCode(char.charCodeAt(0) - SET_ASIDE));
}

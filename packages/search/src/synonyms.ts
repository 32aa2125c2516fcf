import { words } from './text.ts';

/**
 * Phrases that mean the same thing across English and Vietnamese (and common English variants), so
 * "hóa đơn" finds invoice workflows and "invoice" finds "hóa đơn" ones. A query phrase found here
 * matches a workflow that contains any phrase of its group. Written with accents; compared without.
 * Keep groups narrow: a loose group ("quản lý" = "manage" = "admin") floods results.
 */
const GROUPS: string[][] = [
  ['invoice', 'invoices', 'hóa đơn', 'hoá đơn'],
  ['receipt', 'receipts', 'biên lai'],
  // Not "quản lý tác vụ": in IT writing "tác vụ" is a job or an operation, not a to-do.
  ['task management', 'task manager', 'task list', 'to-do', 'todo', 'quản lý công việc'],
  ['task', 'tasks', 'công việc', 'tác vụ'],
  ['project management', 'quản lý dự án'],
  ['order', 'orders', 'đơn hàng'],
  ['customer', 'customers', 'client', 'khách hàng'],
  ['customer support', 'customer service', 'chăm sóc khách hàng', 'hỗ trợ khách hàng'],
  ['lead', 'leads', 'khách hàng tiềm năng'],
  ['email', 'emails', 'e-mail', 'mail', 'thư điện tử'],
  ['meeting', 'meetings', 'cuộc họp', 'lịch họp'],
  ['calendar', 'lịch'],
  ['appointment', 'booking', 'đặt lịch', 'lịch hẹn'],
  ['message', 'messages', 'messaging', 'tin nhắn', 'nhắn tin'],
  ['news', 'tin tức'],
  ['summary', 'summarize', 'summarise', 'summaries', 'tóm tắt'],
  ['report', 'reports', 'reporting', 'báo cáo'],
  ['translate', 'translation', 'dịch', 'dịch thuật'],
  ['image', 'images', 'photo', 'photos', 'hình ảnh', 'ảnh'],
  ['sales', 'bán hàng', 'doanh số'],
  ['marketing', 'tiếp thị'],
  ['finance', 'tài chính'],
  ['accounting', 'kế toán'],
  ['recruitment', 'recruiting', 'hiring', 'tuyển dụng'],
  ['social media', 'mạng xã hội'],
  ['notification', 'notifications', 'notify', 'alert', 'alerts', 'thông báo', 'cảnh báo'],
  ['schedule', 'scheduled', 'lên lịch', 'lịch trình'],
  ['data', 'dữ liệu'],
  ['extract', 'extraction', 'trích xuất'],
  ['document', 'documents', 'tài liệu', 'văn bản'],
  ['file', 'files', 'tệp', 'tập tin'],
  ['attachment', 'attachments', 'tệp đính kèm'],
  ['weather', 'thời tiết'],
  ['assistant', 'trợ lý'],
  ['chatbot', 'chat bot', 'trợ lý ảo'],
  ['backup', 'sao lưu'],
  ['sync', 'synchronize', 'synchronise', 'đồng bộ'],
  ['inventory', 'stock', 'tồn kho', 'kho hàng'],
  ['payment', 'payments', 'thanh toán'],
  ['product', 'products', 'sản phẩm'],
  ['contract', 'contracts', 'hợp đồng'],
  ['dashboard', 'bảng điều khiển'],
  ['scraping', 'scraper', 'scrape', 'crawl', 'cào dữ liệu', 'thu thập dữ liệu'],
  ['spreadsheet', 'spreadsheets', 'bảng tính'],
  ['automation', 'automate', 'automatic', 'tự động hóa', 'tự động'],
  ['form', 'forms', 'biểu mẫu'],
  ['survey', 'surveys', 'khảo sát'],
  ['post', 'posts', 'bài đăng'],
  ['article', 'articles', 'blog', 'bài viết'],
  ['background removal', 'remove background', 'xóa nền', 'tách nền'],
  ['ocr', 'text recognition', 'nhận dạng chữ'],
  ['language learning', 'học ngoại ngữ'],
  ['e-commerce', 'ecommerce', 'online store', 'thương mại điện tử'],
  ['productivity', 'năng suất'],
  ['video', 'videos', 'clip'],
  ['contact', 'contacts', 'liên hệ'],
  ['feedback', 'phản hồi'],
  ['price', 'prices', 'pricing', 'giá'],
  ['employee', 'employees', 'staff', 'nhân viên', 'nhân sự'],
  ['student', 'students', 'học sinh', 'sinh viên'],
  ['agent', 'agents', 'tác tử'],
  // People name OpenAI's models by its chat product: "gpt" or "chat gpt" wants the OpenAI workflows.
  ['openai', 'open ai', 'chatgpt', 'chat gpt', 'gpt'],
];

/**
 * Words about the price, not the workflow: they filter by price band instead of being searched for in
 * the text ("slack miễn phí" lists the free Slack workflows even though no description says "miễn phí").
 * Not "paid": "paid invoices" and "mark orders paid" are about what a workflow does.
 */
const PRICE_INTENTS: Array<[PriceIntent, string[]]> = [
  ['free', ['free', 'for free', 'free of charge', 'gratis', 'miễn phí', 'không mất phí', 'không tính phí']],
  ['paid', ['premium', 'có phí', 'trả phí', 'mất phí', 'tính phí', 'có trả phí']],
];

export type PriceIntent = 'free' | 'paid';

/** Price words as index words (phrase → intent), and the longest of them in words. */
export const PRICE_WORDS: { readonly byPhrase: ReadonlyMap<string, PriceIntent>; readonly longest: number } =
  (() => {
    const byPhrase = new Map<string, PriceIntent>();
    let longest = 1;
    for (const [intent, phrases] of PRICE_INTENTS) {
      for (const phrase of phrases) {
        const phraseWords = words(phrase);
        longest = Math.max(longest, phraseWords.length);
        byPhrase.set(phraseWords.join(' '), intent);
      }
    }
    return { byPhrase, longest };
  })();

export interface SynonymTable {
  /** Phrase (words joined by a space) → every phrase of its groups, itself included. */
  readonly byPhrase: ReadonlyMap<string, readonly string[][]>;
  /** The longest phrase, in words. */
  readonly longest: number;
}

/** The shipped groups plus pairs of names the catalogue itself knows in both languages (use cases). */
export function buildSynonyms(extraPairs: Array<readonly [string, string]> = []): SynonymTable {
  const byPhrase = new Map<string, Map<string, string[]>>();
  let longest = 1;
  const add = (group: string[]) => {
    const phrases = group.map(words).filter((phrase) => phrase.length > 0);
    for (const phrase of phrases) {
      longest = Math.max(longest, phrase.length);
      const key = phrase.join(' ');
      const entry = byPhrase.get(key) ?? new Map<string, string[]>();
      for (const other of phrases) entry.set(other.join(' '), other);
      byPhrase.set(key, entry);
    }
  };
  for (const group of GROUPS) add(group);
  for (const [english, vietnamese] of extraPairs) add([english, vietnamese]);
  return {
    byPhrase: new Map([...byPhrase].map(([key, entry]) => [key, [...entry.values()]])),
    longest,
  };
}

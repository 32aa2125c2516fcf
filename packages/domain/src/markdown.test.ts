import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './markdown.ts';
import { truncateDescription } from './text.ts';

describe('markdownToPlainText', () => {
  it('drops headings, emphasis and inline code marks but keeps their words', () => {
    expect(markdownToPlainText('## Quản lý **đơn hàng** với _n8n_ và `Gmail`')).toBe(
      'Quản lý đơn hàng với n8n và Gmail',
    );
  });

  it('keeps the words of links and images, not their addresses', () => {
    expect(markdownToPlainText('See [the guide](https://example.com/guide) ![diagram](/a.png)')).toBe(
      'See the guide diagram',
    );
    expect(markdownToPlainText('Mail <mailto:hi@example.com> or <https://flowbay.vn>')).toBe(
      'Mail mailto:hi@example.com or https://flowbay.vn',
    );
  });

  it('turns list markers into bullets and keeps paragraphs apart', () => {
    const text = '# Steps\n\n1. Connect Slack\n2. Add a ~~cron~~ schedule\n- [x] done\n\n\n\n> Note: *free*';
    expect(markdownToPlainText(text)).toBe(
      'Steps\n\n• Connect Slack\n• Add a cron schedule\n• done\n\nNote: free',
    );
  });

  it('keeps the content of code blocks without their fences', () => {
    expect(markdownToPlainText('Run:\n```bash\nnpm start # with *stars*\n```\nDone')).toBe(
      'Run:\nnpm start # with *stars*\nDone',
    );
  });

  it('removes rules and HTML tags, and reads table rows as text', () => {
    const text = 'A<br>B\n\n---\n\n| App | Use |\n|---|---|\n| Slack | alerts |';
    expect(markdownToPlainText(text)).toBe('AB\n\nApp · Use\nSlack · alerts');
  });

  it('leaves plain text and snake_case words alone, and shows escaped characters', () => {
    expect(markdownToPlainText('Giá 2*3 = 6, file_name_here, \\*not bold\\*')).toBe(
      'Giá 2*3 = 6, file_name_here, *not bold*',
    );
  });
});

describe('truncateDescription', () => {
  it('gives link previews plain words on one line, cut at 160 characters', () => {
    expect(truncateDescription('## Tự động hoá\n\n- **Gửi** [email](https://x.vn)\n- Lưu vào _Sheets_')).toBe(
      'Tự động hoá • Gửi email • Lưu vào Sheets',
    );
    const long = truncateDescription(`**${'a'.repeat(200)}**`);
    expect(long).toHaveLength(160);
    expect(long.endsWith('...')).toBe(true);
  });
});

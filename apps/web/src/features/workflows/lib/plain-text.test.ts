import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';

describe('markdownToPlainText', () => {
  it('drops emphasis, headings, list markers, code fences and link targets', () => {
    expect(
      markdownToPlainText(
        '## Setup\n\nKeep **Notion** and _Todoist_ in sync.\n\n1. Import `workflow.json`\n- See [the docs](https://example.com)\n```js\nx()\n```',
      ),
    ).toBe('Setup Keep Notion and Todoist in sync. Import workflow.json See the docs');
  });
});

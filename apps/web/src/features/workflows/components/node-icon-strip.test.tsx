import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { NodeIconStrip } from './node-icon-strip';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

describe('NodeIconStrip', () => {
  it('shows the apps a template connects before its trigger and logic nodes', () => {
    render(
      <NodeIconStrip
        apps={[
          { key: 'schedule', name: 'Schedule', count: 1, core: true },
          { key: 'set', name: 'Edit Fields (Set)', count: 2, core: true },
          { key: 'if', name: 'If', count: 1, core: true },
          { key: 'openai', name: 'OpenAI', count: 1, core: false },
          { key: 'merge', name: 'Merge', count: 1, core: true },
          { key: 'slack', name: 'Slack', count: 1, core: false },
          { key: 'microsoft-outlook', name: 'Microsoft Outlook', count: 1, core: false },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Apps used' });
    const icons = within(list).getAllByRole('img');
    expect(icons.map((icon) => icon.getAttribute('alt'))).toEqual([
      'OpenAI',
      'Slack',
      'Microsoft Outlook',
      'Schedule',
      'Edit Fields (Set)',
    ]);
    expect(icons[0]!.getAttribute('src')).toBe('/api/icons/openai.png');
    expect(within(list).getByText('+2').getAttribute('title')).toBe('If, Merge');
  });
});

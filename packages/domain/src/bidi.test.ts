import { describe, expect, it } from 'vitest';
import { AuthProfileFields, ProfileUpdate } from './accounts.ts';
import { CreateWorkflowInput, UpdateWorkflowInput } from './publishing.ts';
import { stripBidiControls } from './bidi.ts';

const EVERY_CONTROL = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';

describe('bidirectional controls', () => {
  it('are all removed, and nothing else is', () => {
    expect(stripBidiControls(`a${EVERY_CONTROL}b`)).toBe('ab');
    expect(stripBidiControls('Tự động hoá Gmail → Slack ✓')).toBe('Tự động hoá Gmail → Slack ✓');
  });

  it('never reach a workflow title', () => {
    const title = 'Invoice \u202Efdp.exe\u202C sync';
    expect(UpdateWorkflowInput.parse({ title }).title).toBe('Invoice fdp.exe sync');
    const created = CreateWorkflowInput.safeParse({ title: `\u2067${title}\u2069`, file_url: 'upload://x' });
    expect(created.success && created.data.title).toBe('Invoice fdp.exe sync');
  });

  it('do not make a title long enough: only controls around one letter is still too short', () => {
    expect(UpdateWorkflowInput.safeParse({ title: `${EVERY_CONTROL}a${EVERY_CONTROL}` }).success).toBe(false);
  });

  it('never reach a full name, a display name or the name Better Auth stores', () => {
    const parsed = ProfileUpdate.parse({ full_name: ' Minh\u202E Thư ', display_name: '\u2066admin\u2069' });
    expect(parsed).toMatchObject({ full_name: 'Minh Thư', display_name: 'admin' });
    expect(AuthProfileFields.parse({ name: 'Lan\u202Enimda' }).name).toBe('Lannimda');
  });
});

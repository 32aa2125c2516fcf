import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { LoadError } from './load-error';

beforeAll(() => initI18n('en'));
afterEach(cleanup);

describe('LoadError', () => {
  it('announces every reason and retries on request', () => {
    const onRetry = vi.fn();
    render(
      <LoadError
        messages={['Could not load platform list', 'Could not load use case list']}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load platform list');
    expect(alert.textContent).toContain('Could not load use case list');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

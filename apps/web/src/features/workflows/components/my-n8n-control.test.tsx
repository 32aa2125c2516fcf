import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, inLanguage } from '@/test/render';
import { MyN8nControl } from './my-n8n-control';

afterEach(() => {
  document.cookie = 'n8n=; path=/; max-age=0';
});

function renderControl(onlyMine = '') {
  const onOnlyMineChange = vi.fn();
  const view = renderInApp(<MyN8nControl onlyMine={onlyMine} onOnlyMineChange={onOnlyMineChange} />, {
    path: '/workflows',
  });
  return { onOnlyMineChange, view };
}

describe('"My n8n version" in the catalogue', () => {
  it('refuses what is not a release at the field, remembers one in a cookie, and forgets it', async () => {
    await inLanguage('en');
    const { onOnlyMineChange } = renderControl();
    const field = screen.getByLabelText('My n8n version');
    expect(screen.queryByRole('checkbox', { name: 'Only what runs on my n8n' })).toBeNull();

    fireEvent.change(field, { target: { value: 'latest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remember' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter an n8n version such as 1.98 or 2.41.1.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.cookie).not.toContain('n8n=');

    fireEvent.change(field, { target: { value: ' v1.98 ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(document.cookie).toContain('n8n=1.98');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText(/Your n8n: 1\.98/)).toBeTruthy();

    // The switch sends the remembered release with the catalogue's form (name="n8n").
    const only = screen.getByRole('checkbox', { name: 'Only what runs on my n8n' }) as HTMLInputElement;
    expect(only.name).toBe('n8n');
    expect(only.value).toBe('1.98');
    fireEvent.click(only);
    expect(onOnlyMineChange).toHaveBeenLastCalledWith('1.98');

    fireEvent.click(screen.getByRole('button', { name: 'Forget my n8n version 1.98' }));
    expect(document.cookie).not.toContain('n8n=1.98');
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('checkbox', { name: 'Only what runs on my n8n' })).toBeNull();
  });

  it('starts from the remembered release, moves the switch to a new one and turns it off when forgotten', async () => {
    await inLanguage('vi');
    document.cookie = 'n8n=1.98; path=/';
    const { onOnlyMineChange } = renderControl('1.98');
    const field = screen.getByLabelText('Phiên bản n8n của tôi') as HTMLInputElement;
    // The remembered release is read from the cookie once the page is there.
    await waitFor(() => expect(field.value).toBe('1.98'));
    const only = screen.getByRole('checkbox', {
      name: 'Chỉ hiện quy trình chạy được trên n8n của tôi',
    }) as HTMLInputElement;
    expect(only.checked).toBe(true);
    fireEvent.change(field, { target: { value: '2.3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ghi nhớ' }));
    expect(onOnlyMineChange).toHaveBeenLastCalledWith('2.3');
    fireEvent.click(await screen.findByRole('button', { name: 'Xóa phiên bản n8n 2.3 đã ghi nhớ' }));
    expect(onOnlyMineChange).toHaveBeenLastCalledWith('');
  });

  it("lets a visitor turn off a shared address's release filter they never set themselves", async () => {
    await inLanguage('en');
    const { onOnlyMineChange } = renderControl('2.3');
    const only = screen.getByRole('checkbox', { name: 'Only what runs on my n8n' }) as HTMLInputElement;
    expect(only.checked).toBe(true);
    expect(only.value).toBe('2.3');
    fireEvent.click(only);
    expect(onOnlyMineChange).toHaveBeenLastCalledWith('');
  });
});

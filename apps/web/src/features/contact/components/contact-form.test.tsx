import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { ContactForm } from './contact-form';
// The form loads its checks (zod and the schema) on the first submit; imported here, they are loaded
// before any test runs, and no wait below depends on how long their first transform takes.
import '../lib/contact-resolver';

beforeAll(() => inLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

/** The contact endpoint, recording what it is sent. */
function stubContactApi() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/contact' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return Response.json({ id: '7d3f1c0e-2b4a-4e6f-9a8b-1c2d3e4f5a6b', received: true }, { status: 201 });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  return sent;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the contact form', () => {
  it('checks what was typed (its checks load on the first submit) and sends nothing invalid', async () => {
    const sent = stubContactApi();
    renderInApp(<ContactForm />, { path: '/contact' });
    type('E-mail', 'not an address');
    type('Subject', 'Hi');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Please write at least 3 characters.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends a valid message and thanks the visitor', async () => {
    const sent = stubContactApi();
    renderInApp(<ContactForm />, { path: '/contact' });
    type('Full name', 'Lê Minh');
    type('E-mail', 'minh@example.com');
    type('Subject', 'A question about buying');
    type('Message', 'Can I pay by bank transfer instead of a card?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for writing' })).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      full_name: 'Lê Minh',
      email: 'minh@example.com',
      subject: 'A question about buying',
      message: 'Can I pay by bank transfer instead of a card?',
    });
  });
});

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { sendableWorkflow, sendOfferCases } from '@/test/send-to-service';
import { SendToN8n } from './send-to-n8n';
// The dialog loads its panel lazily when it opens; imported here, the panel is loaded before any test
// runs, and no wait below depends on how long its first transform takes.
import './send-to-n8n-panel';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10';

const CONNECTION = {
  id: 'c1',
  name: 'Home n8n',
  base_url: 'https://n8n.example.com',
  key_hint: '…WXYZ',
  created_at: '2026-11-01T00:00:00.000Z',
  last_used_at: null,
};

describe('Send to my n8n', () => {
  it('is offered only to a signed-in viewer who may download an n8n workflow', () => {
    stubFetch(() => undefined);
    for (const [props, shown] of sendOfferCases(ID, 'n8n', ['make'])) {
      renderInApp(<SendToN8n {...props} />);
      expect(Boolean(screen.queryByRole('button', { name: 'Send to my n8n' }))).toBe(shown);
      cleanup();
    }
  });

  it('sends to the chosen connection and shows the link and the credentials to create', async () => {
    const calls = stubFetch(({ url, method }) => {
      if (url.endsWith('/api/me/n8n-connections') && method === 'GET') return Response.json([CONNECTION]);
      if (url.endsWith(`/api/workflows/${ID}/send-to-n8n`)) {
        return Response.json({
          url: 'https://n8n.example.com/workflow/abc',
          workflow_id: 'abc',
          credentials: ['Slack', 'Google Sheets'],
        });
      }
      return undefined;
    });
    renderInApp(<SendToN8n workflow={sendableWorkflow(ID, 'n8n')} signedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Send to my n8n' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const link = await screen.findByRole('link', { name: 'Open in your n8n' });
    expect(link.getAttribute('href')).toBe('https://n8n.example.com/workflow/abc');
    expect(screen.getByText('Slack')).toBeTruthy();
    expect(screen.getByText('Google Sheets')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ connection_id: 'c1' });
  });

  it("asks for a connection first when there is none, and shows n8n's words when it refuses", async () => {
    const calls = stubFetch(({ url, method }) => {
      if (url.endsWith('/api/me/n8n-connections') && method === 'GET') return Response.json([]);
      if (url.endsWith('/api/me/n8n-connections') && method === 'POST') {
        return Response.json(
          {
            error: {
              code: 'N8N_API_KEY_REJECTED',
              message: 'Your n8n did not accept this API key.',
              details: { n8n_status: 401, n8n_message: 'unauthorized' },
            },
          },
          { status: 422 },
        );
      }
      return undefined;
    });
    renderInApp(<SendToN8n workflow={sendableWorkflow(ID, 'n8n')} signedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Send to my n8n' }));
    fireEvent.change(await screen.findByLabelText('n8n address'), {
      target: { value: 'https://n8n.example.com' },
    });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'n8n_api_key_123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('n8n said: unauthorized'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      base_url: 'https://n8n.example.com',
      api_key: 'n8n_api_key_123456',
      name: '',
    });
  });
});

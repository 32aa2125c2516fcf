import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { sendableWorkflow, sendOfferCases } from '@/test/send-to-service';
import { SendToMake } from './send-to-make';
// The dialog loads its panel lazily when it opens; imported here, the panel is loaded before any test
// runs, and no wait below depends on how long its first transform takes.
import './send-to-make-panel';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const CONNECTION = {
  id: 'm1',
  name: 'Agency team',
  zone: 'eu2.make.com',
  team_id: 4321,
  token_hint: '…9f3a',
  created_at: '2026-11-01T00:00:00.000Z',
};

describe('Send to Make', () => {
  it('is offered only to a signed-in viewer who may download a Make workflow', () => {
    stubFetch(() => undefined);
    for (const [props, shown] of sendOfferCases(ID, 'make', ['n8n', 'zapier'])) {
      renderInApp(<SendToMake {...props} />);
      expect(Boolean(screen.queryByRole('button', { name: 'Send to Make' }))).toBe(shown);
      cleanup();
    }
  });

  it('sends to the chosen connection and links to the new scenario in Make', async () => {
    const calls = stubFetch(({ url, method }) => {
      if (url.endsWith('/api/me/make-connections') && method === 'GET') return Response.json([CONNECTION]);
      if (url.endsWith(`/api/workflows/${ID}/send-to-make`)) {
        return Response.json({ url: 'https://eu2.make.com/4321/scenarios/77/edit', scenario_id: 77 });
      }
      return undefined;
    });
    renderInApp(<SendToMake workflow={sendableWorkflow(ID, 'make')} signedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Send to Make' }));
    const picker = await screen.findByLabelText('Connection');
    expect(picker.textContent).toContain('Agency team (eu2.make.com, team 4321)');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const link = await screen.findByRole('link', { name: 'Open in Make' });
    expect(link.getAttribute('href')).toBe('https://eu2.make.com/4321/scenarios/77/edit');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ connection_id: 'm1' });
  });

  it("shows Flowbay's message and Make's own words when Make refuses", async () => {
    stubFetch(({ url, method }) => {
      if (url.endsWith('/api/me/make-connections') && method === 'GET') return Response.json([CONNECTION]);
      if (url.endsWith(`/api/workflows/${ID}/send-to-make`)) {
        return Response.json(
          {
            error: {
              code: 'MAKE_REJECTED',
              message: 'Make refused the request.',
              details: {
                make_status: 403,
                make_message: 'Permission denied — The token lacks scenarios:write.',
              },
            },
          },
          { status: 422 },
        );
      }
      return undefined;
    });
    renderInApp(<SendToMake workflow={sendableWorkflow(ID, 'make')} signedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Send to Make' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Make said: Permission denied — The token lacks scenarios:write.',
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('Make refused the request.');
  });
});

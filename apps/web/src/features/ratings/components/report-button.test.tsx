import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/i18n';
import { ReportReviewButton, ReportWorkflowButton } from './report-button';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const REVIEW = '1b0c7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f';
const WORKFLOW = '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f';

function stubReports() {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
      return Response.json(
        { id: REVIEW, review_id: REVIEW, reason: 'spam', details: '', status: 'open', created_at: '' },
        { status: 201 },
      );
    }),
  );
  return sent;
}

function renderWith(element: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the report dialog', () => {
  it('chooses no reason for the reporter: sending without one asks for it and sends nothing', async () => {
    const sent = stubReports();
    renderWith(<ReportReviewButton reviewId={REVIEW} />);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('ratings.reportReview') }));
    const select = screen.getByLabelText(i18n.t('report.reason')) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe(i18n.t('report.chooseReason'));

    fireEvent.click(screen.getByRole('button', { name: i18n.t('report.send') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a reason for the report.');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(select, { target: { value: 'personal_data' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('report.send') }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: `/api/reviews/${REVIEW}/reports`,
      body: { reason: 'personal_data', details: '' },
    });
    expect(await screen.findByText(i18n.t('report.receivedText'))).toBeTruthy();
  });

  it("offers a review's own reasons, not the workflow's", () => {
    stubReports();
    renderWith(<ReportReviewButton reviewId={REVIEW} />);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('ratings.reportReview') }));
    const reviewOptions = optionTexts(screen.getByLabelText(i18n.t('report.reason')));
    expect(reviewOptions).toEqual([
      'Choose a reason',
      'Not about this workflow',
      'Insulting or abusive',
      'Fake or not from a real buyer',
      'Shares personal data',
      'Spam or advertising',
      'Something else',
    ]);
    expect(reviewOptions).not.toContain(i18n.t('report.reasons.malicious'));
  });

  it("lists the workflow's reasons, still with none chosen", () => {
    stubReports();
    renderWith(<ReportWorkflowButton workflowId={WORKFLOW} />);
    const select = screen.getByLabelText(i18n.t('report.reason')) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(optionTexts(select)).toContain('Harmful or sends data away');
    expect(optionTexts(select)).not.toContain('Shares personal data');
  });
});

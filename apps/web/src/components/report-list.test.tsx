import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { inLanguage, renderInApp } from '@/test/render';
import { ReportList, ReportSubject, type ReportTexts } from './report-list';

beforeEach(() => inLanguage('en'));
afterEach(cleanup);

interface Report {
  id: string;
  created_at: string;
  title: string;
}

const REPORT: Report = { id: 'r1', created_at: '2026-11-20T09:30:00.000Z', title: 'Invoice alerts' };

const TEXTS: ReportTexts = {
  loadFailed: 'Reports could not be loaded',
  empty: 'No open reports',
  remove: 'Unlist',
  removed: 'Unlisted',
  dismiss: 'Dismiss',
  dismissed: 'Dismissed',
  answerFailed: 'The decision failed',
};

function Reports({
  reports,
  resolve,
}: {
  reports: Report[];
  resolve: (report: Report, remove: boolean) => Promise<unknown>;
}) {
  const query = useQuery({ queryKey: ['reports'], queryFn: () => Promise.resolve(reports) });
  return (
    <ReportList query={query} texts={TEXTS} resolve={resolve}>
      {(report) => (
        <ReportSubject to={`/workflows/${report.id}`} reason="Spam">
          {report.title}
        </ReportSubject>
      )}
    </ReportList>
  );
}

describe('ReportList', () => {
  it('shows what was reported, why and when, and answers with the report it belongs to', async () => {
    const resolve = vi.fn(() => Promise.resolve());
    renderInApp(<Reports reports={[REPORT]} resolve={resolve} />);
    const row = (await screen.findByRole('listitem')) as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Invoice alerts' }).getAttribute('href')).toBe(
      '/workflows/r1',
    );
    expect(within(row).getByText('Spam')).toBeTruthy();
    expect(within(row).getByText(formatDate(REPORT.created_at, 'en'))).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(REPORT, false));
    fireEvent.click(within(row).getByRole('button', { name: 'Unlist' }));
    await waitFor(() => expect(resolve).toHaveBeenCalledWith(REPORT, true));
  });

  it('says so when no report is open', async () => {
    renderInApp(<Reports reports={[]} resolve={() => Promise.resolve()} />);
    expect(await screen.findByText('No open reports')).toBeTruthy();
  });
});

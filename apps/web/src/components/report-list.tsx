import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { RowCard } from '@/components/row-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

/** The words of a report list: its states, its two answers and what they say once done. */
export interface ReportTexts {
  loadFailed: string;
  empty: string;
  remove: string;
  removed: string;
  dismiss: string;
  dismissed: string;
  answerFailed: string;
}

/**
 * Open reports for administrators (of workflows, of reviews): what was reported (`children`) and when,
 * then the two answers, removing what was reported or dismissing the report (`resolve`).
 */
export function ReportList<Report extends { id: string; created_at: string }>({
  query,
  texts,
  resolve,
  children,
}: {
  query: UseQueryResult<Report[]>;
  texts: ReportTexts;
  resolve: (report: Report, remove: boolean) => Promise<unknown>;
  children: (report: Report) => ReactNode;
}) {
  return (
    <QueryList
      query={query}
      items={(reports) => reports}
      failed={texts.loadFailed}
      retry={false}
      empty={<EmptyState>{texts.empty}</EmptyState>}
    >
      {(report) => (
        <ReportRow
          key={report.id}
          texts={texts}
          createdAt={report.created_at}
          resolve={(remove) => resolve(report, remove)}
        >
          {children(report)}
        </ReportRow>
      )}
    </QueryList>
  );
}

function ReportRow({
  texts,
  createdAt,
  resolve,
  children,
}: {
  texts: ReportTexts;
  createdAt: string;
  resolve: (remove: boolean) => Promise<unknown>;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState(false);
  const answer = async (remove: boolean) => {
    setPending(true);
    try {
      await resolve(remove);
      toast.success(remove ? texts.removed : texts.dismissed);
    } catch (error) {
      toast.error(texts.answerFailed, { description: t(errorKey(error)) });
    } finally {
      setPending(false);
    }
  };
  return (
    <RowCard
      actions={
        <div className="flex shrink-0 gap-2">
          <Button variant="destructive" size="sm" disabled={pending} onClick={() => void answer(true)}>
            {texts.remove}
          </Button>
          <Button variant="outline" size="sm" disabled={pending} onClick={() => void answer(false)}>
            {texts.dismiss}
          </Button>
        </div>
      }
    >
      {children}
      <p className="mt-1 text-xs text-slate-600">{formatDate(createdAt, i18n.language)}</p>
    </RowCard>
  );
}

/** The first line of a report: a link to what was reported (`children`), then the reason as a badge. */
export function ReportSubject({
  to,
  reason,
  className,
  children,
}: {
  to: string;
  reason: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Link to={to} className="font-semibold text-slate-900 hover:text-brand-700">
        {children}
      </Link>
      <Badge variant="danger">{reason}</Badge>
    </div>
  );
}

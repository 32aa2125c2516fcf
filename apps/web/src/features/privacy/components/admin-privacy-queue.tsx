import { useState } from 'react';
import type { AdminDataRequest } from '@flowbay/domain';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useAnswerRequest, usePrivacyQueue, type QueueFilter } from '../api/privacy';

const FILTERS: QueueFilter[] = ['open', 'done', 'refused', 'all'];

/** The administrators' queue of data requests: overdue first, then by due date; each answered once. */
export function AdminPrivacyQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<QueueFilter>('open');
  const queue = usePrivacyQueue(filter);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex max-w-xs flex-col gap-1">
        <Label htmlFor="privacy-queue-filter">{t('adminPrivacy.filter')}</Label>
        <NativeSelect
          id="privacy-queue-filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value as QueueFilter)}
          options={FILTERS.map((value) => ({ value, label: t(`adminPrivacy.filters.${value}`) }))}
        />
      </div>
      <QueryView
        query={queue}
        failed={t('adminPrivacy.loadFailed')}
        loading={<Skeleton className="h-40 w-full rounded-2xl" />}
        isEmpty={(data) => data.requests.length === 0}
        empty={<EmptyState>{t('adminPrivacy.empty')}</EmptyState>}
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.requests.map((request) => (
              <QueueItem key={request.id} request={request} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

function QueueItem({ request }: { request: AdminDataRequest }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerRequest();
  const [text, setText] = useState('');
  const send = (status: 'done' | 'refused') =>
    answer.mutate(
      { id: request.id, status, answer: text.trim() },
      {
        onSuccess: () => toast.success(t('adminPrivacy.answered')),
        onError: (error) => toast.error(t('adminPrivacy.answerFailed'), { description: t(errorKey(error)) }),
      },
    );
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-white p-4 text-sm',
        request.overdue ? 'border-red-300' : 'border-slate-200',
      )}
      data-testid="privacy-request"
    >
      <p className="font-medium text-slate-900">
        {t(`privacySettings.kinds.${request.kind}`)} · {t(`privacySettings.status.${request.status}`)}
        {request.overdue && (
          <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
            {t('adminPrivacy.overdue')}
          </span>
        )}
      </p>
      <p className="text-slate-600">
        {request.requester_email} · {t(`languages.${request.language}`)} ·{' '}
        {t('adminPrivacy.due', { date: formatDateTime(request.due_at, i18n.language) })}
      </p>
      {request.details && <p className="whitespace-pre-wrap text-slate-800">{request.details}</p>}
      {request.answer && (
        <p className="whitespace-pre-wrap text-slate-900">
          <strong>{t('privacySettings.answer')}</strong> {request.answer}
        </p>
      )}
      {request.status === 'open' && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`answer-${request.id}`}>{t('adminPrivacy.answerLabel')}</Label>
          <Textarea
            id={`answer-${request.id}`}
            value={text}
            maxLength={4000}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="button" disabled={answer.isPending || !text.trim()} onClick={() => send('done')}>
              {t('adminPrivacy.markDone')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={answer.isPending || !text.trim()}
              onClick={() => send('refused')}
            >
              {t('adminPrivacy.refuse')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

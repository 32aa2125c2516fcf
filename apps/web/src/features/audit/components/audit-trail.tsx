import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, type AuditEvent } from '@flowbay/domain';
import { pageFromSearchParams, paths } from '@flowbay/domain/routes';
import { DownloadLink } from '@/components/download-link';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useTranslation } from '@/i18n/use-translation';
import { formatDateTime } from '@/lib/format';
import { auditCsvHref, useAuditTrail, type AuditFilters } from '../api/get-audit-trail';

const FILTER_NAMES = ['action', 'actor', 'subject_type', 'subject_id', 'from', 'to', 'q'] as const;
type FilterName = (typeof FILTER_NAMES)[number];

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

/** A before or after value as short text: `status: listed, amount: 150000`. */
function describeValue(value: Record<string, unknown> | null): string {
  if (!value) return '';
  return Object.entries(value)
    .map(([name, item]) => `${name}: ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
    .join(', ');
}

/** Where a subject can be opened: a workflow's page, an account's public profile. */
function subjectHref(event: AuditEvent): string | null {
  if (event.subject_type === 'workflow') return `/workflows/${encodeURIComponent(event.subject_id)}`;
  if (event.subject_type === 'user') return paths.publicProfile(event.subject_id);
  return null;
}

/**
 * The audit trail for admins: the filters (kept in the address, so a filtered view can be shared),
 * the rows newest first, and the same filters as a CSV export.
 */
export function AuditTrail() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const page = pageFromSearchParams(searchParams);
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const trail = useAuditTrail(filters, page);

  const set = (name: FilterName) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = draft[name]?.trim();
      if (value) next.set(name, value);
    }
    setSearchParams(next);
  };
  const clear = () => {
    setDraft({});
    setSearchParams(new URLSearchParams());
  };
  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next > 0) params.set('page', String(next + 1));
    else params.delete('page');
    setSearchParams(params);
  };

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={apply}
        aria-label={t('auditTrail.filters')}
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <SelectField
          id="audit-action"
          label={t('auditTrail.action')}
          value={draft.action ?? ''}
          onValueChange={set('action')}
          options={[
            { value: '', label: t('auditTrail.allActions') },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`auditTrail.actions.${action}`) })),
          ]}
        />
        <TextField
          id="audit-actor"
          label={t('auditTrail.actor')}
          value={draft.actor ?? ''}
          onValueChange={set('actor')}
        />
        <SelectField
          id="audit-subject-type"
          label={t('auditTrail.subjectType')}
          value={draft.subject_type ?? ''}
          onValueChange={set('subject_type')}
          options={[
            { value: '', label: t('auditTrail.allSubjects') },
            ...AUDIT_SUBJECT_TYPES.map((type) => ({ value: type, label: t(`auditTrail.subjects.${type}`) })),
          ]}
        />
        <TextField
          id="audit-subject-id"
          label={t('auditTrail.subjectId')}
          value={draft.subject_id ?? ''}
          onValueChange={set('subject_id')}
        />
        <TextField
          id="audit-from"
          type="date"
          label={t('auditTrail.from')}
          value={draft.from ?? ''}
          onValueChange={set('from')}
        />
        <TextField
          id="audit-to"
          type="date"
          label={t('auditTrail.to')}
          value={draft.to ?? ''}
          onValueChange={set('to')}
        />
        <TextField id="audit-q" label={t('auditTrail.q')} value={draft.q ?? ''} onValueChange={set('q')} />
        <div className="flex items-end gap-2">
          <Button type="submit">{t('auditTrail.apply')}</Button>
          <Button type="button" variant="outline" onClick={clear}>
            {t('auditTrail.clear')}
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-testid="audit-count">
          {trail.data ? t('auditTrail.count', { count: trail.data.total }) : ''}
        </p>
        <DownloadLink href={auditCsvHref(filters)}>{t('auditTrail.exportCsv')}</DownloadLink>
      </div>
      <QueryView
        query={trail}
        failed={t('auditTrail.loadFailed')}
        loading={<Skeleton className="h-64 w-full rounded-2xl" />}
        isEmpty={(data) => data.events.length === 0}
        empty={<EmptyState>{t('auditTrail.empty')}</EmptyState>}
      >
        {(data) => (
          <>
            <AuditTable events={data.events} />
            <ListPagination
              page={data.page}
              total={data.total}
              pageSize={data.page_size}
              onPageChange={goTo}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}

function AuditTable({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useTranslation();
  const actorName = (label: string) =>
    label === 'cli' || label === 'system' || label === 'payos' ? t(`auditTrail.actors.${label}`) : label;
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {(['when', 'who', 'what', 'subject', 'change', 'note'] as const).map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {t(`auditTrail.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const href = subjectHref(event);
            const subject = `${t(`auditTrail.subjects.${event.subject_type}`)} ${event.subject_id}`;
            const before = describeValue(event.before);
            const after = describeValue(event.after);
            return (
              <tr key={event.id} className="border-t border-slate-100 align-top" data-testid="audit-row">
                <td className="whitespace-nowrap px-4 py-2">
                  {formatDateTime(event.occurred_at, i18n.language)}
                </td>
                <td className="px-4 py-2 break-all">{actorName(event.actor_label)}</td>
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  {t(`auditTrail.actions.${event.action}`)}
                </th>
                <td className="px-4 py-2 break-all">
                  {href ? (
                    <Link to={href} className="text-indigo-700 underline">
                      {subject}
                    </Link>
                  ) : (
                    subject
                  )}
                </td>
                <td className="px-4 py-2 font-mono text-xs break-all">
                  {before || after
                    ? `${before || t('auditTrail.nothing')} → ${after || t('auditTrail.nothing')}`
                    : t('auditTrail.nothing')}
                </td>
                <td className="px-4 py-2">{event.note ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

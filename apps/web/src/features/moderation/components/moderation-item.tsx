import { AlertTriangle, CheckCircle2, Copy, Flag, ShieldAlert } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { CompatDetails } from '@/components/checks/compat-details';
import { SetupText } from '@/components/checks/compat-badge';
import { FindingList, highestSeverity } from '@/components/checks/finding-list';
import { SeverityBadge } from '@/components/checks/severity-badge';
import { ApiRequestError, errorKey } from '@/lib/api-client';
import { asLanguage, formatDate, formatNumber } from '@/lib/format';
import { usePriceLabel } from '@/lib/use-price-label';
import {
  APPROVAL_NOTE_MAX,
  otherListingLanguage,
  type ListingLanguage,
  type ListingTranslation,
  type PlatformCheck,
  type VersionDiff,
} from '@flowbay/domain';
import { platformName } from '@flowbay/workflow-formats/platforms';
import { useApprove, type QueueItem, type QueueVersion } from '../api/moderation-queue';
import {
  CaptionTranslation,
  isListingLanguage,
  LanguageChange,
  ListingLanguagesSection,
  NotesTranslation,
  TranslationChange,
} from './listing-languages';
import { RejectDialog } from './reject-dialog';
import { translateMessage } from '@/i18n/keys';

const NOTE_REQUIRED = 'errors.APPROVAL_NOTE_REQUIRED';

/**
 * One submission: its safety findings first (the most serious named in the header), what changed, the
 * automated checks of each file, a preview on demand, approve (with a note, required when a file has a
 * high-severity finding) or reject.
 */
export function ModerationItem({
  item,
  renderPreview,
}: {
  item: QueueItem;
  renderPreview: (fileUrl: string, title: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const approve = useApprove();
  const priceLabel = usePriceLabel();
  const { workflow } = item;
  const changes = item.edit?.changes ?? {};
  // The language the listing is written in once approved: an edit may change it.
  const language = isListingLanguage(changes.language) ? changes.language : workflow.language;
  const translationLanguage = language && otherListingLanguage(language);
  const findings = item.versions.flatMap((version) => version.checks.safety);
  const highest = item.highest_severity ?? highestSeverity(findings);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  // The server may know of a high finding the queue did not show: its refusal opens the field too.
  const [serverWantsNote, setServerWantsNote] = useState(false);
  const noteRequired = highest === 'high' || serverWantsNote;
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const onApprove = () => {
    const trimmed = note.trim();
    if (noteRequired && !trimmed) {
      setNoteError(NOTE_REQUIRED);
      noteInput.current?.focus();
      return;
    }
    setNoteError(null);
    approve.mutate(
      { workflowId: workflow.id, note: trimmed || undefined },
      {
        onSuccess: () => toast.success(t('moderationQueue.approved', { title: workflow.title })),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'APPROVAL_NOTE_REQUIRED') {
            setServerWantsNote(true);
            setNoteError(NOTE_REQUIRED);
            // The field appears with this render; focus it once it is there.
            setTimeout(() => noteInput.current?.focus());
            return;
          }
          if (error instanceof ApiRequestError && error.field === 'note') {
            setNoteError(errorKey(error));
            return;
          }
          toast.error(t('moderationQueue.decisionFailed'), { description: t(errorKey(error)) });
        },
      },
    );
  };
  return (
    <Card data-testid="moderation-item">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={item.kind === 'new' ? 'default' : 'neutral'}>
            {t(`moderationQueue.kind.${item.kind}`)}
          </Badge>
          <Badge variant="neutral">{priceLabel(workflow.price)}</Badge>
          {highest && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-700">
              {t('moderationQueue.highest', { severity: t(`severities.${highest}`) })}
            </span>
          )}
          {item.open_reports > 0 && (
            <Badge variant="danger">
              <Flag className="size-3" aria-hidden="true" />
              {t('moderationQueue.openReports', { count: item.open_reports })}
            </Badge>
          )}
        </div>
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={`/workflows/${workflow.slug}-${workflow.id}`} className="hover:text-brand-700">
            {workflow.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-600">
          {t('moderationQueue.submittedBy', {
            name: workflow.author.name || workflow.author.email,
            email: workflow.author.email,
            date: formatDate(item.submitted_at, i18n.language),
          })}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FindingsSection item={item} />
        {item.previous_rejection && (
          <div
            className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
            data-testid="previous-rejection"
          >
            <p className="font-medium text-amber-900">
              {t('moderationQueue.previousRejection', {
                date: formatDate(item.previous_rejection.decided_at, i18n.language),
              })}
            </p>
            <p className="mt-1 whitespace-pre-line text-amber-900">
              {item.previous_rejection.reason || t('moderationQueue.previousRejectionNoReason')}
            </p>
          </div>
        )}
        <PlatformRow platforms={item.platforms} />
        {workflow.cover_image_url && (
          <img
            src={workflow.cover_image_url}
            alt={t('moderationQueue.coverAlt', { title: workflow.title })}
            loading="lazy"
            className="aspect-[1200/630] w-full max-w-sm rounded-lg border border-slate-200 object-cover"
          />
        )}
        {workflow.description && (
          <p className="line-clamp-4 text-sm whitespace-pre-line text-slate-700">{workflow.description}</p>
        )}
        {item.kind === 'new' && <ListingLanguagesSection workflow={workflow} />}
        {item.edit && (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
            <p className="font-medium text-slate-900">{t('moderationQueue.editedFields')}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
              {Object.entries(item.edit.changes)
                .filter(([field]) => field !== 'language' && field !== 'translation')
                .map(([field, value]) => (
                  <div key={field} className="contents">
                    <dt className="font-medium">{field}</dt>
                    <dd className="break-words">
                      <ChangedValue field={field} value={value} captionLanguage={translationLanguage} />
                    </dd>
                  </div>
                ))}
            </dl>
            {isListingLanguage(changes.language) && (
              <div className="mt-2 text-slate-700">
                <LanguageChange from={workflow.language} to={changes.language} />
              </div>
            )}
            {'translation' in changes && (
              <div className="mt-2 rounded-lg border border-slate-200 bg-white p-3 text-slate-700">
                <TranslationChange
                  before={workflow.translation ?? null}
                  after={(changes.translation as ListingTranslation | null | undefined) ?? null}
                  language={translationLanguage}
                />
              </div>
            )}
            {item.edit.findings && item.edit.findings.length > 0 && (
              <div className="mt-2">
                <FindingList findings={item.edit.findings} audience="admin" />
              </div>
            )}
          </div>
        )}
        {item.versions.map((version) => (
          <VersionChecks
            key={version.id}
            version={version}
            title={workflow.title}
            notesLanguage={translationLanguage}
            renderPreview={renderPreview}
          />
        ))}
        {noteRequired && (
          <FormField
            id={`approval-note-${workflow.id}`}
            label={t('moderationQueue.noteLabel')}
            help={t('moderationQueue.noteHelp')}
            error={noteError ? translateMessage(t, noteError) : undefined}
          >
            {(control) => (
              <Textarea
                {...control}
                ref={noteInput}
                required
                rows={3}
                maxLength={APPROVAL_NOTE_MAX}
                value={note}
                onChange={(event) => {
                  setNote(event.target.value);
                  if (noteError && event.target.value.trim()) setNoteError(null);
                }}
              />
            )}
          </FormField>
        )}
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Button onClick={onApprove} disabled={approve.isPending}>
            {approve.isPending ? t('moderationQueue.approving') : t('moderationQueue.approve')}
          </Button>
          <RejectDialog workflowId={workflow.id} title={workflow.title} />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * What the safety check found in the waiting versions, before anything else about the files: each
 * version's findings, most serious first, with the node they are in.
 */
function FindingsSection({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const highest = item.highest_severity ?? highestSeverity(item.versions.flatMap((v) => v.checks.safety));
  const several = item.versions.length > 1;
  return (
    <section
      className={
        highest === 'high'
          ? 'rounded-xl border border-red-300 bg-red-50 p-4'
          : 'rounded-xl border border-slate-200 bg-slate-50 p-4'
      }
      aria-labelledby={`findings-${item.workflow.id}`}
      data-testid="queue-findings"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ShieldAlert className="size-4 text-slate-700" aria-hidden="true" />
        <h3 id={`findings-${item.workflow.id}`} className="text-sm font-semibold text-slate-900">
          {t('moderationQueue.findingsTitle')}
        </h3>
        {highest && <SeverityBadge severity={highest} />}
      </div>
      <div className="mt-3 flex flex-col gap-3">
        {item.versions.map((version) => (
          <div key={version.id}>
            {several && (
              <p className="mb-1 text-xs font-medium text-slate-700">
                {t('moderationQueue.versionChecks', { version: version.version })}
              </p>
            )}
            {version.checks.safety.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-emerald-800">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {t('publish.checks.noFindings')}
              </p>
            ) : (
              <FindingList findings={version.checks.safety} audience="admin" />
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function VersionChecks({
  version,
  title,
  notesLanguage,
  renderPreview,
}: {
  version: QueueVersion;
  title: string;
  /** The language of the notes' translation: the listing's other one. */
  notesLanguage: ListingLanguage | undefined;
  renderPreview: (fileUrl: string, title: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [previewOpen, setPreviewOpen] = useState(false);
  const { checks } = version;
  const language = i18n.language;
  const apps = checks.node_summary?.apps.filter((app) => !app.core).map((app) => app.name) ?? [];
  return (
    <section
      className="rounded-xl border border-slate-200 p-4"
      aria-label={t('moderationQueue.versionChecks', { version: version.version })}
    >
      <h3 className="text-sm font-semibold text-slate-900">
        {t('moderationQueue.versionChecks', { version: version.version })}
      </h3>
      <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm" data-testid="version-notes">
        <p className="font-medium text-slate-900">{t('listing.reviewNotes')}</p>
        <p className="mt-1 break-words whitespace-pre-line text-slate-700">
          {version.notes || t('listing.reviewNoNotes')}
        </p>
        <NotesTranslation notes={version.notes_translation} language={notesLanguage} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt>{t('moderationQueue.format')}</dt>
        <dd className="font-medium">{checks.format ?? '—'}</dd>
        <dt>{t('publish.nodes')}</dt>
        <dd className="font-medium">{formatNumber(checks.node_summary?.nodeCount ?? 0, language)}</dd>
        <dt>{t('publish.apps')}</dt>
        <dd className="font-medium">{apps.length > 0 ? apps.join(', ') : t('publish.noApps')}</dd>
        <dt>{t('moderationQueue.size')}</dt>
        <dd className="font-medium">{formatNumber(Math.ceil(checks.size / 1024), language)} KB</dd>
      </dl>
      <ul className="mt-3 flex flex-col gap-1 text-sm">
        {checks.secrets.found === 0 ? (
          <li className="flex items-center gap-2 text-emerald-800">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('publish.noSecrets')}
          </li>
        ) : (
          <li className="flex items-center gap-2 text-amber-900">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {t('moderationQueue.secretsRedacted', { count: checks.secrets.found })}
          </li>
        )}
        {checks.warnings.map((warning) => (
          <li key={`${warning.code}-${warning.message}`} className="flex items-center gap-2 text-amber-900">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {warning.message}
          </li>
        ))}
        {(checks.requirements?.communityPackages.length ?? 0) > 0 && (
          <li className="text-slate-700">
            {t('moderationQueue.communityPackages', {
              names: checks.requirements!.communityPackages.join(', '),
            })}
          </li>
        )}
      </ul>
      {checks.setup && (
        <SetupText setup={checks.setup} className="mt-3 flex items-center gap-1 text-sm text-slate-700" />
      )}
      {checks.compatibility && (
        <div className="mt-3 rounded-lg border border-slate-200 p-3">
          <p className="mb-2 text-sm font-semibold text-slate-900">{t('checks.runsOnTitle')}</p>
          <CompatDetails compat={checks.compatibility} headingLevel={4} />
        </div>
      )}
      {version.duplicates.length > 0 && (
        <div
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="duplicates"
        >
          <p className="flex items-center gap-2 font-medium">
            <Copy className="size-4" aria-hidden="true" />
            {t('moderationQueue.duplicatesTitle')}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {version.duplicates.map((match) => (
              <li key={match.workflow_id}>
                <Link to={match.path} className="font-medium underline">
                  {match.title}
                </Link>{' '}
                ·{' '}
                {match.match === 'identical'
                  ? t('moderationQueue.duplicateIdentical')
                  : t('moderationQueue.duplicateSimilar', {
                      percent: Math.round(match.similarity * 100),
                    })}{' '}
                · {t(`moderation.status.${match.status}`, { defaultValue: match.status })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {version.diff && <DiffList diff={version.diff} />}
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() => setPreviewOpen((open) => !open)}
        aria-expanded={previewOpen}
      >
        {previewOpen ? t('moderationQueue.hidePreview') : t('moderationQueue.showPreview')}
      </Button>
      {previewOpen && <div className="mt-3">{renderPreview(version.download_url, title)}</div>}
    </section>
  );
}

function PlatformRow({ platforms }: { platforms: PlatformCheck }) {
  const { t, i18n } = useTranslation();
  const name = (id: string) => platformName(id, asLanguage(i18n.language));
  return (
    <p
      className={
        platforms.mismatch
          ? 'flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-900'
          : 'text-sm text-slate-700'
      }
      data-testid="platform-check"
    >
      {platforms.mismatch && <AlertTriangle className="size-4" aria-hidden="true" />}
      {t('moderationQueue.platformDeclaredDetected', {
        declared: platforms.declared.map(name).join(', ') || '—',
        detected: platforms.detected ? name(platforms.detected) : '—',
      })}
    </p>
  );
}

/** What the submitted version changes against the listed one. */
function DiffList({ diff }: { diff: VersionDiff }) {
  const { t } = useTranslation();
  const node = (entry: string) => {
    const bar = entry.indexOf('|');
    return bar === -1 ? entry : `${entry.slice(bar + 1)} (${entry.slice(0, bar)})`;
  };
  const rows: [string, string[]][] = [
    ['moderationQueue.diffNodesAdded', diff.nodes_added.map(node)],
    ['moderationQueue.diffNodesRemoved', diff.nodes_removed.map(node)],
    ['moderationQueue.diffAppsAdded', diff.apps_added],
    ['moderationQueue.diffAppsRemoved', diff.apps_removed],
  ];
  const changed = rows.some(([, items]) => items.length > 0);
  return (
    <div className="mt-3 text-sm" data-testid="version-diff">
      <p className="font-medium text-slate-900">{t('moderationQueue.diffTitle')}</p>
      {changed ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
          {rows
            .filter(([, items]) => items.length > 0)
            .map(([key, items]) => (
              <div key={key} className="contents">
                <dt>{translateMessage(t, key)}</dt>
                <dd className="break-words font-medium">{items.join(', ')}</dd>
              </div>
            ))}
        </dl>
      ) : (
        <p className="text-slate-600">{t('moderationQueue.diffNone')}</p>
      )}
    </div>
  );
}

/** A changed field of a pending edit: screenshots as thumbnails, the FAQ as questions and answers. */
function ChangedValue({
  field,
  value,
  captionLanguage,
}: {
  field: string;
  value: unknown;
  /** The language of a screenshot's `caption_translation`. */
  captionLanguage: ListingLanguage | undefined;
}) {
  if (field === 'screenshots' && Array.isArray(value)) {
    const shots = value as {
      id: string;
      url: string;
      width: number;
      height: number;
      caption: string;
      caption_translation?: string;
    }[];
    return (
      <ul className="flex flex-wrap gap-2">
        {shots.map((shot) => (
          <li key={shot.id} className="w-28">
            <img
              src={shot.url}
              width={shot.width}
              height={shot.height}
              alt={shot.caption}
              className="h-auto w-full rounded border border-slate-200"
            />
            {shot.caption && <span className="text-xs">{shot.caption}</span>}
            <CaptionTranslation caption={shot.caption_translation} language={captionLanguage} />
          </li>
        ))}
      </ul>
    );
  }
  if (field === 'faq' && Array.isArray(value)) {
    const items = value as { question: string; answer: string }[];
    return (
      <dl className="flex flex-col gap-1">
        {items.map((item, index) => (
          <div key={index}>
            <dt className="font-medium">{item.question}</dt>
            <dd className="whitespace-pre-line">{item.answer}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{typeof value === 'string' ? value : JSON.stringify(value)}</>;
}

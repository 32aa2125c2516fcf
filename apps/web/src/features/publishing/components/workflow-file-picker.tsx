import { AlertOctagon, AlertTriangle, CheckCircle2, FileJson, Loader2 } from 'lucide-react';
import { useCallback, useRef, useState, type Ref } from 'react';
import type { UploadResult } from '@flowbay/domain';
import { platformName, type PlatformId } from '@flowbay/workflow-formats/platforms';
import { useTranslation } from '@/i18n/use-translation';
import { describedBy } from '@/components/ui/form-field';
import { FieldError, Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { asLanguage, formatNumber } from '@/lib/format';
import { errorKey } from '@/lib/api-client';
import { uploadFile } from '../api/upload-file';
import { checkWorkflowFile, type FileCheck } from '../lib/check-workflow-file';
import { translateMessage } from '@/i18n/keys';
import { CompatDetails } from '@/components/checks/compat-details';
import { SetupText } from '@/components/checks/compat-badge';
import { FindingList, highestSeverity } from '@/components/checks/finding-list';

export type FileCheckState =
  { status: 'idle' } | { status: 'checking' } | { status: 'done'; result: FileCheck };

/** Flowbay's own check of the file (its upload's answer): findings, compatibility, setup. */
export type ServerCheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; result: UploadResult }
  /** `error`: the i18n key of why (the server's refusal, or a network failure). */
  | { status: 'failed'; error: string };

interface PendingUpload {
  file: File;
  redact: boolean;
  promise: Promise<UploadResult>;
}

/**
 * The chosen workflow file, its browser-side check, and whether the author chose to remove found
 * secrets. Once the browser has read it (and any secrets are to be removed), the file is uploaded at
 * once, so the author sees Flowbay's own findings, with how to fix them, before submitting; submitting
 * then uses that upload.
 */
export function useWorkflowFile() {
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<FileCheckState>({ status: 'idle' });
  const [server, setServer] = useState<ServerCheckState>({ status: 'idle' });
  const [removeSecrets, setRemoveSecretsState] = useState(false);
  const latest = useRef<File | null>(null);
  const pending = useRef<PendingUpload | null>(null);
  const progress = useRef<((percent: number) => void) | null>(null);

  const startUpload = useCallback((next: File, redact: boolean): Promise<UploadResult> => {
    const promise = uploadFile(next, next.name, {
      folder: 'workflows',
      redact,
      onProgress: (percent) => progress.current?.(percent),
    });
    pending.current = { file: next, redact, promise };
    setServer({ status: 'checking' });
    promise.then(
      (result) => {
        if (pending.current?.promise === promise) setServer({ status: 'done', result });
      },
      (error: unknown) => {
        // Submitting tries again, and says why at the field if it fails then.
        if (pending.current?.promise !== promise) return;
        pending.current = null;
        setServer({ status: 'failed', error: errorKey(error) });
      },
    );
    return promise;
  }, []);

  const forgetUpload = () => {
    pending.current = null;
    setServer({ status: 'idle' });
  };

  const choose = useCallback(
    async (next: File | null) => {
      latest.current = next;
      pending.current = null;
      setFile(next);
      setRemoveSecretsState(false);
      setServer({ status: 'idle' });
      if (!next) return setCheck({ status: 'idle' });
      setCheck({ status: 'checking' });
      const result = await checkWorkflowFile(next).catch((): FileCheck => ({
        ok: false,
        code: 'INVALID_JSON',
      }));
      // A slower check of an earlier file must not overwrite the newer one's.
      if (latest.current !== next) return;
      setCheck({ status: 'done', result });
      // A file with secrets waits for the author to have them removed.
      if (result.ok && result.secrets.length === 0) void startUpload(next, false).catch(() => undefined);
    },
    [startUpload],
  );

  /** Removing the secrets uploads the file again, asking the server to remove them. */
  const setRemoveSecrets = (remove: boolean) => {
    setRemoveSecretsState(remove);
    if (remove && file && check.status === 'done' && check.result.ok)
      void startUpload(file, true).catch(() => undefined);
    else forgetUpload();
  };

  const reset = useCallback(() => void choose(null), [choose]);

  /** The error to show at the field, as an i18n key, or null when the file may be uploaded. */
  const blockingError = (): string | null => {
    if (!file) return null;
    if (check.status !== 'done') return 'publish.fileStillChecking';
    if (!check.result.ok) return fileErrorKey(check.result.code);
    if (check.result.secrets.length > 0 && !removeSecrets) return 'publish.secretsBlock';
    return null;
  };

  /**
   * Uploads the chosen file. Secrets are removed by the server (`redact`), not here: its scan is the
   * one that counts, and the moderation queue then tells the administrator what was removed.
   */
  const upload = (onProgress: (percent: number) => void): Promise<UploadResult> => {
    if (!file) return Promise.reject(new Error('no file'));
    progress.current = onProgress;
    const ready = pending.current;
    if (ready && ready.file === file && ready.redact === removeSecrets) {
      if (server.status === 'done') onProgress(100);
      return ready.promise;
    }
    return startUpload(file, removeSecrets);
  };

  return { file, check, server, removeSecrets, setRemoveSecrets, choose, reset, blockingError, upload };
}

export type WorkflowFileState = ReturnType<typeof useWorkflowFile>;

function fileErrorKey(code: string): string {
  if (code === 'ONLY_JSON') return 'publish.onlyJson';
  if (code === 'IMAGE_NOT_WORKFLOW') return 'publish.imageNotWorkflow';
  return `errors.${code}`;
}

/** The .json picker with the in-browser check: platform, node count, apps, secrets (with the option to remove them). */
export function WorkflowFilePicker({
  id,
  label,
  state,
  error,
  inputRef,
  onChosen,
  disabled,
}: {
  id: string;
  label: string;
  state: WorkflowFileState;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChosen?: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const help = t('publish.fileHelp');
  // A broken file is named at the field as soon as the browser has read it, not on submit.
  const { check } = state;
  const shownError =
    error ??
    (check.status === 'done' && !check.result.ok
      ? translateMessage(t, fileErrorKey(check.result.code))
      : undefined);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept=".json,application/json"
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(id, { help, error: shownError })}
        className={cn(
          'block w-full cursor-pointer rounded-lg border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-brand-50 file:px-3 file:py-2.5 file:font-medium file:text-brand-800 hover:file:bg-brand-100 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none',
          shownError && 'border-red-500',
        )}
        onChange={(event) => {
          const next = event.target.files?.[0] ?? null;
          void state.choose(next);
          onChosen?.(next);
        }}
      />
      <p id={`${id}-help`} className="text-xs text-slate-600">
        {help}
      </p>
      <FileCheckPanel state={state} />
      <ServerCheckPanel state={state.server} />
      <FieldError id={`${id}-error`} message={shownError} />
    </div>
  );
}

/** The platform the chosen file is for, once the browser has recognised it. */
export function detectedPlatform(state: WorkflowFileState): PlatformId | null {
  return state.check.status === 'done' && state.check.result.ok ? state.check.result.platform : null;
}

function FileCheckPanel({ state }: { state: WorkflowFileState }) {
  const { t, i18n } = useTranslation();
  const { check } = state;
  if (check.status === 'idle') return null;
  if (check.status === 'checking') {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {t('publish.checkingFile')}
      </p>
    );
  }
  const { result } = check;
  if (!result.ok) return null;
  const secrets = result.secrets;
  return (
    <div
      className="mt-1 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
      role="status"
      aria-live="polite"
      data-testid="file-check"
    >
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <FileJson className="size-4 text-brand-700" aria-hidden="true" />
        {t('publish.fileRecognised', { platform: platformName(result.platform, asLanguage(i18n.language)) })}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        <dt>{t('publish.nodes')}</dt>
        <dd className="font-medium">{formatNumber(result.nodeCount, i18n.language)}</dd>
        {result.workflowCount > 1 && (
          <>
            <dt>{t('publish.workflowsInFile')}</dt>
            <dd className="font-medium">{formatNumber(result.workflowCount, i18n.language)}</dd>
          </>
        )}
        <dt>{t('publish.apps')}</dt>
        <dd className="font-medium">
          {result.apps.length > 0 ? result.apps.join(', ') : t('publish.noApps')}
        </dd>
      </dl>
      {secrets.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-emerald-800">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {t('publish.noSecrets')}
        </p>
      ) : (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {t('publish.secretsFound', { count: secrets.length })}
          </p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-xs">
            {secrets.slice(0, 8).map((finding) => (
              <li key={`${finding.node}-${finding.path}`}>
                <span className="font-medium">{finding.node}</span> · {finding.kind} ·{' '}
                <code>{finding.preview}</code>
              </li>
            ))}
            {secrets.length > 8 && <li>{t('publish.moreSecrets', { count: secrets.length - 8 })}</li>}
          </ul>
          <label className="mt-3 flex cursor-pointer items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={state.removeSecrets}
              onChange={(event) => state.setRemoveSecrets(event.target.checked)}
            />
            <span>{t('publish.removeSecrets')}</span>
          </label>
        </div>
      )}
    </div>
  );
}

/**
 * What Flowbay's checks found in the uploaded file, for its author: every finding with its severity,
 * node and how to fix it (a high one needs an admin's note to be approved), the n8n releases it runs
 * on with outdated nodes, and the setup estimate.
 */
export function ServerCheckPanel({ state }: { state: ServerCheckState }) {
  const { t } = useTranslation();
  if (state.status === 'idle') return null;
  if (state.status === 'checking')
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {t('publish.checks.checking')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <p className="text-sm text-slate-600" role="status">
        {t('publish.checks.failed', { reason: translateMessage(t, state.error) })}
      </p>
    );
  const checks = state.result.checks;
  if (!checks) return null;
  const findings = checks.safety;
  const high = (checks.highest_severity ?? highestSeverity(findings)) === 'high';
  return (
    <section
      className="mt-1 flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
      aria-labelledby="server-checks-title"
      data-testid="server-checks"
    >
      <h3 id="server-checks-title" className="font-medium text-slate-900">
        {t('publish.checks.title')}
      </h3>
      {high && (
        <p
          className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
          role="alert"
        >
          <AlertOctagon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('publish.checks.highNeedsNote')}
        </p>
      )}
      {findings.length === 0 ? (
        <p className="flex items-center gap-2 text-emerald-800">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {t('publish.checks.noFindings')}
        </p>
      ) : (
        <FindingList findings={findings} audience="author" />
      )}
      <SetupText setup={checks.setup} className="flex items-center gap-1 text-slate-700" />
      {checks.compatibility && <CompatDetails compat={checks.compatibility} />}
    </section>
  );
}

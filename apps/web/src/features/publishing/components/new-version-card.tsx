import { useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { VALIDATION_KEYS, VERSION_MAX, VERSION_NOTES_MAX, VERSION_RE } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useCreateVersion } from '../api/workflow-mutations';
import { fieldErrorOf } from '../lib/workflow-form-schema';
import { looksLikeJson } from '../lib/check-workflow-file';
import { UploadProgress } from './upload-progress';
import { WorkflowFilePicker, detectedPlatform, useWorkflowFile } from './workflow-file-picker';
import { translateMessage } from '@/i18n/keys';

const PLATFORM_CHANGED = 'errors.VERSION_PLATFORM_CHANGED';

/**
 * A new version: version text, what changed (and, optionally, the same in the listing's other
 * language), the .json picker with the browser checks, upload; the fields clear afterwards. A file
 * for another platform than the workflow's is refused at the field at once.
 */
export function NewVersionCard({
  workflowId,
  platform,
  language = 'en',
}: {
  workflowId: string;
  platform: string | null;
  /** The listing's original language; the optional second note is in the other one. */
  language?: 'en' | 'vi';
}) {
  const { t } = useTranslation();
  const otherLanguage = language === 'vi' ? 'en' : 'vi';
  const other = t(`publish.texts.languageInText.${otherLanguage}`);
  const createVersion = useCreateVersion(workflowId);
  const workflowFile = useWorkflowFile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState('');
  const [versionError, setVersionError] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [notesTranslation, setNotesTranslation] = useState('');
  const [notesTranslationError, setNotesTranslationError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const pending = progress !== null || createVersion.isPending;
  const chosenPlatform = detectedPlatform(workflowFile);
  const platformChanged = Boolean(platform && chosenPlatform && chosenPlatform !== platform);

  const clear = () => {
    setVersion('');
    setNotes('');
    setNotesTranslation('');
    workflowFile.reset();
    if (fileInput.current) fileInput.current.value = '';
  };

  const onChosen = (file: File | null) => {
    setFileError(null);
    // Only JSON files are accepted; anything else is refused with a toast and not kept.
    if (file && !looksLikeJson(file)) {
      toast.error(t('publish.onlyJson'));
      workflowFile.reset();
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setVersionError(null);
    setFileError(null);
    setNotesError(null);
    setNotesTranslationError(null);
    const trimmed = version.trim();
    const trimmedNotes = notes.trim();
    const translatedNotes = notesTranslation.trim();
    if (!workflowFile.file || !trimmed) {
      const key = VALIDATION_KEYS.fileAndVersionRequired;
      if (!trimmed) setVersionError(key);
      else setFileError(key);
      toast.error(t(key));
      return;
    }
    if (trimmed.length > VERSION_MAX || !VERSION_RE.test(trimmed))
      return setVersionError(VALIDATION_KEYS.versionFormat);
    if (!trimmedNotes) return setNotesError(VALIDATION_KEYS.notesRequired);
    if (trimmedNotes.length > VERSION_NOTES_MAX) return setNotesError(VALIDATION_KEYS.notesMax);
    if (translatedNotes.length > VERSION_NOTES_MAX) return setNotesTranslationError(VALIDATION_KEYS.notesMax);
    const blocking = workflowFile.blockingError() ?? (platformChanged ? PLATFORM_CHANGED : null);
    if (blocking) return setFileError(blocking);
    try {
      setProgress(0);
      const uploaded = await workflowFile.upload(setProgress);
      await createVersion.mutateAsync({
        version: trimmed,
        notes: trimmedNotes,
        ...(translatedNotes ? { notes_translation: translatedNotes } : {}),
        file_url: uploaded.url,
      });
      toast.success(t('manage.versionUploaded', { version: trimmed }), {
        description: t('manage.versionAwaitingModeration'),
      });
      clear();
    } catch (error) {
      const fieldError = fieldErrorOf(error, ['version', 'notes', 'notes_translation', 'file']);
      if (fieldError?.field === 'version') setVersionError(fieldError.key);
      else if (fieldError?.field === 'notes') setNotesError(fieldError.key);
      else if (fieldError?.field === 'notes_translation') setNotesTranslationError(fieldError.key);
      else setFileError(fieldError?.key ?? errorKey(error));
      toast.error(t('manage.versionFailed'), {
        description: translateMessage(t, fieldError?.key ?? errorKey(error)),
      });
    } finally {
      setProgress(null);
    }
  };

  const versionMessage = versionError ? translateMessage(t, versionError) : undefined;
  return (
    <TitledCard title={t('manage.newVersionTitle')} description={t('manage.newVersionSubtitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
        <FormField id="version-text" label={t('manage.versionLabel')} error={versionMessage}>
          {(control) => (
            <Input
              {...control}
              value={version}
              onChange={(event) => setVersion(event.target.value)}
              placeholder={t('manage.versionPlaceholder')}
              maxLength={VERSION_MAX + 5}
            />
          )}
        </FormField>
        <FormField
          id="version-notes"
          label={t('listing.notesLabel')}
          help={t('listing.notesHelp', { count: notes.length, max: VERSION_NOTES_MAX })}
          error={notesError ? translateMessage(t, notesError) : undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              required
              rows={3}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              placeholder={t('listing.notesPlaceholder')}
              maxLength={VERSION_NOTES_MAX}
            />
          )}
        </FormField>
        <FormField
          id="version-notes-translation"
          label={t('publish.texts.notesTranslation', { language: other })}
          help={t('publish.texts.notesTranslationHelp', { language: other })}
          error={notesTranslationError ? translateMessage(t, notesTranslationError) : undefined}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              lang={otherLanguage}
              value={notesTranslation}
              onChange={(event) => setNotesTranslation(event.target.value)}
              maxLength={VERSION_NOTES_MAX}
            />
          )}
        </FormField>
        <WorkflowFilePicker
          id="version-file"
          label={t('manage.versionFile')}
          state={workflowFile}
          error={
            fileError
              ? translateMessage(t, fileError)
              : platformChanged
                ? translateMessage(t, PLATFORM_CHANGED)
                : undefined
          }
          inputRef={fileInput}
          onChosen={onChosen}
          disabled={pending}
        />
        <UploadProgress label={t('publish.uploadingFile')} percent={progress} />
        <Button type="submit" disabled={pending} className="self-start">
          {pending ? t('manage.uploading') : t('manage.uploadVersion')}
        </Button>
      </form>
    </TitledCard>
  );
}

import { zodResolver } from '@/lib/zod-resolver';
import { useEffect, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import type { FaqItem, WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { uploadFile } from '../api/upload-file';
import { postScreenshot } from '../api/listing-extras';
import { useCreateWorkflow } from '../api/workflow-mutations';
import {
  createWorkflowFormSchema,
  fieldErrorOf,
  listingTextErrorOf,
  listingTextsBody,
  otherTextLanguage,
  tierBody,
  type CreateWorkflowFormInput,
  type CreateWorkflowFormValues,
  type ListingTextValues,
  type TextLanguage,
} from '../lib/workflow-form-schema';
import { cleanedFaq } from './faq-items-editor';
import { ListingTextsFields } from './listing-texts-fields';
import { NewScreenshotsField, type NewScreenshot } from './new-screenshots-field';
import { UploadProgress } from './upload-progress';
import { WorkflowFields, type Option, type WorkflowFieldsInput } from './workflow-fields';
import { WorkflowFilePicker, detectedPlatform, useWorkflowFile } from './workflow-file-picker';
import { translateMessage } from '@/i18n/keys';

const FIELDS = [
  'price',
  'category_ids',
  'subcategory_ids',
  'tested_with',
  'zapier_share_url',
  'show_notes_before_purchase',
  'commercial_price',
  'agency_price',
  'agency_clients',
  'file',
  'cover',
] as const;
type Step = 'idle' | 'cover' | 'file' | 'create' | 'screenshots';

/** What happened to the screenshots chosen in the form, once the workflow exists. */
export interface CreatedExtras {
  /** The screenshots that could not be uploaded (the workflow exists; they can be added on its edit page). */
  failedScreenshots: number;
}

/**
 * Uploads the chosen screenshots to the new workflow one by one, in order, with their captions in
 * both languages; a refusal does not stop the others. Answers the translated reasons of those that failed.
 */
async function uploadScreenshots(
  workflowId: string,
  shots: NewScreenshot[],
  onProgress: (done: number) => void,
): Promise<{ name: string; error: unknown }[]> {
  const failed: { name: string; error: unknown }[] = [];
  for (const [index, shot] of shots.entries()) {
    onProgress(index);
    try {
      await postScreenshot(workflowId, shot.file, shot.caption.trim(), shot.captionTranslation.trim());
    } catch (error) {
      failed.push({ name: shot.file.name, error });
    }
  }
  onProgress(shots.length);
  return failed;
}

/**
 * The create form (docs/product.md, publishing), with every validation message shown at its field.
 * A paid listing may offer Commercial and Agency licences; the FAQ is sent with the workflow, and the
 * chosen screenshots are uploaded as soon as it exists (a failed one does not undo the workflow).
 */
export function CreateWorkflowForm({
  platforms,
  jobTypes,
  onCreated,
}: {
  platforms: Option[];
  jobTypes: Option[];
  onCreated: (workflow: WorkflowDetail, extras: CreatedExtras) => void;
}) {
  const { t, i18n } = useTranslation();
  const uiLanguage: TextLanguage = i18n.language === 'vi' ? 'vi' : 'en';
  const create = useCreateWorkflow();
  const workflowFile = useWorkflowFile();
  const [step, setStep] = useState<Step>('idle');
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const [fileProgress, setFileProgress] = useState<number | null>(null);
  const [screenshots, setScreenshots] = useState<NewScreenshot[]>([]);
  const [screenshotsError, setScreenshotsError] = useState<string | undefined>();
  const [screenshotsDone, setScreenshotsDone] = useState<number | null>(null);
  const [faq, setFaq] = useState<Record<TextLanguage, FaqItem[]>>({ en: [], vi: [] });
  const [faqErrors, setFaqErrors] = useState<Partial<Record<TextLanguage, string>>>({});
  const form = useForm<CreateWorkflowFormInput, unknown, CreateWorkflowFormValues>({
    resolver: zodResolver(createWorkflowFormSchema),
    defaultValues: {
      // The original language is the interface's until the author chooses.
      language: uiLanguage,
      title_en: '',
      description_en: '',
      title_vi: '',
      description_vi: '',
      price: '0',
      category_ids: [],
      subcategory_ids: [],
      tested_with: '',
      zapier_share_url: '',
      show_notes_before_purchase: false,
      commercial_price: '',
      agency_price: '',
      agency_clients: '',
      file: null,
      cover: null,
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const fileError = errors.file?.message ? translateMessage(t, errors.file.message) : undefined;
  // The platform comes from the file: once it is recognised it is chosen, and the others are locked.
  const platform = detectedPlatform(workflowFile);
  useEffect(() => {
    if (platform) form.setValue('category_ids', [platform], { shouldValidate: form.formState.isSubmitted });
  }, [platform, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const blocking = workflowFile.blockingError();
    if (blocking) {
      form.setError('file', { message: blocking }, { shouldFocus: true });
      return;
    }
    // The state updates below render later; the catch needs to know the phase now.
    let phase: Step = 'idle';
    setFaqErrors({});
    const questions = { en: cleanedFaq(faq.en), vi: cleanedFaq(faq.vi) };
    const texts = listingTextsBody(values, questions);
    // Translated questions need a translated title, as the server says.
    const other = otherTextLanguage(values.language);
    if (texts.translation && !texts.translation.title) {
      form.setError(
        `title_${other}`,
        { message: 'publish.texts.translationTitleRequired' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      let coverUrl: string | null = null;
      if (values.cover) {
        setStep((phase = 'cover'));
        setCoverProgress(0);
        coverUrl = (
          await uploadFile(values.cover, values.cover.name, {
            folder: 'covers',
            onProgress: setCoverProgress,
          })
        ).url;
      }
      setStep((phase = 'file'));
      setFileProgress(0);
      const uploaded = await workflowFile.upload(setFileProgress);
      setStep((phase = 'create'));
      const original = questions[values.language];
      const workflow = await create.mutateAsync({
        ...texts,
        price: values.price,
        ...tierBody(values),
        cover_image_url: coverUrl,
        file_url: uploaded.url,
        tested_with: values.tested_with || null,
        zapier_share_url: values.zapier_share_url || null,
        show_notes_before_purchase: values.price > 0 && values.show_notes_before_purchase,
        category_ids: values.category_ids,
        subcategory_ids: values.subcategory_ids,
        ...(original.length > 0 ? { faq: original } : {}),
      });
      let failed: { name: string; error: unknown }[] = [];
      if (screenshots.length > 0) {
        setStep((phase = 'screenshots'));
        failed = await uploadScreenshots(workflow.id, screenshots, setScreenshotsDone);
      }
      if (failed.length === 0) {
        toast.success(t('publish.created'), { description: t('publish.createdAwaitingModeration') });
      } else {
        toast.error(t('publish.screenshots.someFailed', { count: failed.length }), {
          description: failed
            .map(({ name, error }) => `${name}: ${translateMessage(t, errorKey(error))}`)
            .join(' '),
        });
      }
      onCreated(workflow, { failedScreenshots: failed.length });
    } catch (error) {
      const textError = listingTextErrorOf(error, values.language);
      if (textError?.field.startsWith('faq_')) setFaqErrors({ [textError.field.slice(4)]: textError.key });
      else if (textError)
        form.setError(
          textError.field as keyof ListingTextValues,
          { message: textError.key },
          { shouldFocus: true },
        );
      const fieldError = textError ?? fieldErrorOf(error, FIELDS) ?? uploadFieldError(error, phase);
      if (fieldError && !textError)
        form.setError(
          fieldError.field as (typeof FIELDS)[number],
          { message: fieldError.key },
          { shouldFocus: true },
        );
      toast.error(t('publish.createFailed'), {
        description: translateMessage(t, fieldError?.key ?? errorKey(error)),
      });
    } finally {
      setStep('idle');
      setCoverProgress(null);
      setFileProgress(null);
      setScreenshotsDone(null);
    }
  });

  const submitting = isSubmitting || step !== 'idle';

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <WorkflowFields
        form={form as unknown as UseFormReturn<WorkflowFieldsInput>}
        idPrefix="wf"
        platforms={platforms}
        jobTypes={jobTypes}
        filePlatform={platform}
        texts={
          <ListingTextsFields
            form={form as unknown as UseFormReturn<ListingTextValues>}
            idPrefix="wf"
            faq={faq}
            onFaqChange={(language, items) => setFaq((current) => ({ ...current, [language]: items }))}
            faqErrors={faqErrors}
            descriptionRows={6}
          />
        }
        filePicker={
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <WorkflowFilePicker
                id="wf-file"
                label={t('publish.workflowFile')}
                state={workflowFile}
                error={fileError}
                inputRef={field.ref}
                onChosen={(file) => {
                  field.onChange(file);
                  form.clearErrors('file');
                }}
              />
            )}
          />
        }
      />
      <NewScreenshotsField
        id="wf-screenshots"
        value={screenshots}
        onChange={setScreenshots}
        error={screenshotsError}
        onError={setScreenshotsError}
        language={form.watch('language')}
      />
      {(coverProgress !== null || fileProgress !== null || screenshotsDone !== null) && (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
          <UploadProgress label={t('publish.uploadingCover')} percent={coverProgress} />
          <UploadProgress label={t('publish.uploadingFile')} percent={fileProgress} />
          {screenshotsDone !== null && (
            <p className="text-sm text-slate-700" aria-live="polite">
              {t('publish.screenshots.uploading', {
                done: Math.min(screenshotsDone + 1, screenshots.length),
                count: screenshots.length,
              })}
            </p>
          )}
        </div>
      )}
      <p className="text-sm text-slate-600">{t('publish.moderationNote')}</p>
      <Button type="submit" size="lg" disabled={submitting} className="self-start">
        {submitting ? t(`publish.steps.${step === 'idle' ? 'validating' : step}`) : t('publish.submit')}
      </Button>
    </form>
  );
}

/** An upload refusal without a field of ours belongs to the file being uploaded when it failed. */
function uploadFieldError(error: unknown, step: Step): { field: string; key: string } | null {
  if (step !== 'cover' && step !== 'file') return null;
  return { field: step, key: errorKey(error) };
}

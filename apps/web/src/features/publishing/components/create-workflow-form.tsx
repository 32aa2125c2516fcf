import { zodResolver } from '@/lib/zod-resolver';
import { useEffect, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { DESCRIPTION_MAX, type WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { uploadFile } from '../api/upload-file';
import { useCreateWorkflow } from '../api/workflow-mutations';
import {
  createWorkflowFormSchema,
  fieldErrorOf,
  type CreateWorkflowFormInput,
  type CreateWorkflowFormValues,
} from '../lib/workflow-form-schema';
import { UploadProgress } from './upload-progress';
import { WorkflowFields, type Option, type WorkflowFieldsInput } from './workflow-fields';
import { WorkflowFilePicker, detectedPlatform, useWorkflowFile } from './workflow-file-picker';
import { translateMessage } from '@/i18n/keys';

const FIELDS = [
  'title',
  'description',
  'price',
  'category_ids',
  'subcategory_ids',
  'tested_with',
  'zapier_share_url',
  'show_notes_before_purchase',
  'file',
  'cover',
] as const;
type Step = 'idle' | 'cover' | 'file' | 'create';

/** The create form (docs/product.md, publishing), with every validation message shown at its field. */
export function CreateWorkflowForm({
  platforms,
  jobTypes,
  onCreated,
}: {
  platforms: Option[];
  jobTypes: Option[];
  onCreated: (workflow: WorkflowDetail) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWorkflow();
  const workflowFile = useWorkflowFile();
  const [step, setStep] = useState<Step>('idle');
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const [fileProgress, setFileProgress] = useState<number | null>(null);
  const form = useForm<CreateWorkflowFormInput, unknown, CreateWorkflowFormValues>({
    resolver: zodResolver(createWorkflowFormSchema),
    defaultValues: {
      title: '',
      description: '',
      price: '0',
      category_ids: [],
      subcategory_ids: [],
      tested_with: '',
      zapier_share_url: '',
      show_notes_before_purchase: false,
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
  const description = form.watch('description');

  const onSubmit = form.handleSubmit(async (values) => {
    const blocking = workflowFile.blockingError();
    if (blocking) {
      form.setError('file', { message: blocking }, { shouldFocus: true });
      return;
    }
    // The state updates below render later; the catch needs to know the phase now.
    let phase: Step = 'idle';
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
      const workflow = await create.mutateAsync({
        title: values.title,
        description: values.description,
        price: values.price,
        cover_image_url: coverUrl,
        file_url: uploaded.url,
        tested_with: values.tested_with || null,
        zapier_share_url: values.zapier_share_url || null,
        show_notes_before_purchase: values.price > 0 && values.show_notes_before_purchase,
        category_ids: values.category_ids,
        subcategory_ids: values.subcategory_ids,
      });
      toast.success(t('publish.created'), { description: t('publish.createdAwaitingModeration') });
      onCreated(workflow);
    } catch (error) {
      const fieldError = fieldErrorOf(error, FIELDS) ?? uploadFieldError(error, phase);
      if (fieldError)
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
        descriptionHelp={t('publish.descriptionHelp', { count: description.length, max: DESCRIPTION_MAX })}
        descriptionRows={6}
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
      {(coverProgress !== null || fileProgress !== null) && (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
          <UploadProgress label={t('publish.uploadingCover')} percent={coverProgress} />
          <UploadProgress label={t('publish.uploadingFile')} percent={fileProgress} />
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

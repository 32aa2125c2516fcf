import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, type WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { uploadFile } from '../api/upload-file';
import { useCreateWorkflow } from '../api/workflow-mutations';
import {
  createWorkflowFormSchema,
  fieldErrorOf,
  type CreateWorkflowFormInput,
  type CreateWorkflowFormValues,
  isPaidPrice,
} from '../lib/workflow-form-schema';
import { CheckboxGroup } from './checkbox-group';
import { CoverPicker } from './cover-picker';
import { PriceInput } from './price-input';
import { UploadProgress } from './upload-progress';
import { WorkflowFilePicker, detectedPlatform, useWorkflowFile } from './workflow-file-picker';
import { translateMessage } from '@/i18n/keys';

export interface Option {
  id: string;
  label: string;
}

const FIELDS = [
  'title',
  'description',
  'price',
  'category_ids',
  'subcategory_ids',
  'tested_with',
  'file',
  'cover',
] as const;
type Step = 'idle' | 'cover' | 'file' | 'create';

/** The create form of spec section 2, with every section 5 message shown at its field. */
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
      file: null,
      cover: null,
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const message = (field: (typeof FIELDS)[number]) => {
    const key = errors[field]?.message;
    return key ? translateMessage(t, key) : undefined;
  };
  const paid = isPaidPrice(form.watch('price'));
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
      const payload = await workflowFile.payload();
      const uploaded = await uploadFile(payload.blob, payload.name, {
        folder: 'workflows',
        redact: payload.redact,
        onProgress: setFileProgress,
      });
      setStep((phase = 'create'));
      const workflow = await create.mutateAsync({
        title: values.title,
        description: values.description,
        price: values.price,
        cover_image_url: coverUrl,
        file_url: uploaded.url,
        tested_with: values.tested_with || null,
        category_ids: values.category_ids,
        subcategory_ids: values.subcategory_ids,
      });
      toast.success(t('publish.created'), { description: t('publish.createdAwaitingReview') });
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
  const titleError = message('title');
  const descriptionError = message('description');
  const priceError = message('price');
  const testedError = message('tested_with');

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <FormField id="wf-title" label={t('publish.title')} error={titleError}>
        <Input
          id="wf-title"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={describedBy('wf-title', { error: titleError })}
          {...form.register('title')}
        />
      </FormField>
      <FormField
        id="wf-description"
        label={t('publish.description')}
        error={descriptionError}
        help={t('publish.descriptionHelp', { count: description.length, max: DESCRIPTION_MAX })}
      >
        <Textarea
          id="wf-description"
          rows={6}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={describedBy('wf-description', { help: true, error: descriptionError })}
          {...form.register('description')}
        />
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="price"
          render={({ field }) => (
            <PriceInput
              id="wf-price"
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={priceError}
            />
          )}
        />
        <FormField
          id="wf-tested"
          label={t('publish.testedWith')}
          error={testedError}
          help={t('publish.testedWithHelp')}
        >
          <Input
            id="wf-tested"
            placeholder="n8n 1.80"
            aria-invalid={testedError ? true : undefined}
            aria-describedby={describedBy('wf-tested', { help: true, error: testedError })}
            {...form.register('tested_with')}
          />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="category_ids"
        render={({ field }) => (
          <CheckboxGroup
            id="wf-platforms"
            legend={t('publish.platforms.label')}
            options={platforms}
            value={field.value}
            onChange={field.onChange}
            error={message('category_ids')}
            disabledIds={platform ? platforms.map((option) => option.id).filter((id) => id !== platform) : []}
            help={platform ? t('publish.platformFromFile') : t('publish.platformFromFileLater')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="subcategory_ids"
        render={({ field }) => (
          <CheckboxGroup
            id="wf-job-types"
            legend={t('publish.jobTypes')}
            options={jobTypes}
            value={field.value}
            onChange={field.onChange}
            error={message('subcategory_ids')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <WorkflowFilePicker
            id="wf-file"
            label={t('publish.workflowFile')}
            state={workflowFile}
            error={message('file')}
            inputRef={field.ref}
            onChosen={(file) => {
              field.onChange(file);
              form.clearErrors('file');
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="cover"
        render={({ field }) => (
          <CoverPicker
            id="wf-cover"
            file={field.value}
            onChange={field.onChange}
            paid={paid}
            error={message('cover')}
            inputRef={field.ref}
          />
        )}
      />
      {(coverProgress !== null || fileProgress !== null) && (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
          <UploadProgress label={t('publish.uploadingCover')} percent={coverProgress} />
          <UploadProgress label={t('publish.uploadingFile')} percent={fileProgress} />
        </div>
      )}
      <p className="text-sm text-slate-600">{t('publish.reviewNote')}</p>
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

import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { translateMessage } from '@/i18n/keys';
import { useSellingRates } from '../api/get-selling-rates';
import { isPaidPrice } from '../lib/workflow-form-schema';
import { CheckboxGroup } from './checkbox-group';
import { CoverPicker } from './cover-picker';
import { LicenceTierFields, type LicenceTierInput } from './licence-tier-fields';
import { PriceInput } from '@/components/price-input';

export interface Option {
  id: string;
  label: string;
}

/** The fields the create form and the edit card share, as typed (the price is still text). */
export interface WorkflowFieldsInput extends LicenceTierInput {
  price: string;
  tested_with: string;
  zapier_share_url: string;
  show_notes_before_purchase: boolean;
  category_ids: string[];
  subcategory_ids: string[];
  cover: File | null;
}

/**
 * A workflow's information, the same in the create form and on the edit page: its texts (`texts`,
 * the title, description and questions in both languages), price (a paid one with its Commercial and Agency licences), tested-with, platforms (the file's platform chosen and the others locked), use cases, and
 * the cover. Ids are `${idPrefix}-title`, `${idPrefix}-price`, …
 */
export function WorkflowFields({
  form,
  idPrefix,
  platforms,
  jobTypes,
  filePlatform,
  texts,
  currentCover,
  filePicker,
}: {
  form: UseFormReturn<WorkflowFieldsInput>;
  idPrefix: string;
  platforms: Option[];
  jobTypes: Option[];
  /** The platform of the workflow's file, once it is known. */
  filePlatform: string | null;
  /** The listing's texts (ListingTextsFields), first. */
  texts: ReactNode;
  /** The cover the workflow already has. */
  currentCover?: string | null;
  /** The workflow file's picker, placed before the cover (the create form has one; the platform then comes from it). */
  filePicker?: ReactNode;
}) {
  const { t } = useTranslation();
  const rates = useSellingRates().data;
  const { errors } = form.formState;
  // Its own subscription: the cover's help and "(optional)" follow the price as it is typed.
  const paid = isPaidPrice(useWatch({ control: form.control, name: 'price' }));
  const message = (field: keyof WorkflowFieldsInput) => {
    const key = errors[field]?.message;
    return key ? translateMessage(t, key) : undefined;
  };
  return (
    <>
      {texts}
      {/* The form's own spacing, across and down. */}
      <div className="grid gap-[inherit] sm:grid-cols-2">
        <Controller
          control={form.control}
          name="price"
          render={({ field }) => (
            <PriceInput
              id={`${idPrefix}-price`}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={message('price')}
              rates={rates}
            />
          )}
        />
        <FormField
          id={`${idPrefix}-tested`}
          label={t('publish.testedWith')}
          error={message('tested_with')}
          help={t('publish.testedWithHelp')}
        >
          {(control) => <Input {...control} placeholder="n8n 1.80" {...form.register('tested_with')} />}
        </FormField>
        {filePlatform === 'zapier' && (
          <FormField
            id={`${idPrefix}-zapier`}
            label={t('zapier.shareUrl')}
            error={message('zapier_share_url')}
            help={t('zapier.shareUrlHelp')}
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://zapier.com/shared/…"
                {...form.register('zapier_share_url')}
              />
            )}
          </FormField>
        )}
      </div>
      {paid && (
        <LicenceTierFields
          form={form as unknown as UseFormReturn<LicenceTierInput>}
          idPrefix={idPrefix}
          rates={rates}
        />
      )}
      {paid && (
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${idPrefix}-show-notes`} className="flex cursor-pointer items-start gap-2">
            <input
              id={`${idPrefix}-show-notes`}
              type="checkbox"
              className="accent-brand-600 mt-0.5 size-4"
              aria-describedby={`${idPrefix}-show-notes-help`}
              {...form.register('show_notes_before_purchase')}
            />
            <span className="font-medium text-slate-800">{t('publish.showNotesBeforePurchase')}</span>
          </label>
          <p id={`${idPrefix}-show-notes-help`} className="pl-6 text-slate-600">
            {t('publish.showNotesBeforePurchaseHelp')}
          </p>
        </div>
      )}
      <Controller
        control={form.control}
        name="category_ids"
        render={({ field }) => (
          <CheckboxGroup
            id={`${idPrefix}-platforms`}
            legend={t('publish.platforms.label')}
            options={platforms}
            value={field.value}
            onChange={field.onChange}
            error={message('category_ids')}
            disabledIds={
              filePlatform ? platforms.map((option) => option.id).filter((id) => id !== filePlatform) : []
            }
            help={
              filePlatform
                ? t('publish.platformFromFile')
                : filePicker
                  ? t('publish.platformFromFileLater')
                  : undefined
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name="subcategory_ids"
        render={({ field }) => (
          <CheckboxGroup
            id={`${idPrefix}-job-types`}
            legend={t('publish.jobTypes')}
            options={jobTypes}
            value={field.value}
            onChange={field.onChange}
            error={message('subcategory_ids')}
          />
        )}
      />
      {filePicker}
      <Controller
        control={form.control}
        name="cover"
        render={({ field }) => (
          <CoverPicker
            id={`${idPrefix}-cover`}
            file={field.value}
            onChange={field.onChange}
            paid={paid}
            error={message('cover')}
            inputRef={field.ref}
            currentUrl={currentCover}
          />
        )}
      />
    </>
  );
}

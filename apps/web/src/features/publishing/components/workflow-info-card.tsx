import { zodResolver } from '@/lib/zod-resolver';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { z } from 'zod';
import { formatAmount } from '@flowbay/domain/price';
import { VALIDATION_KEYS as K, type FaqItem, type WorkflowDetail } from '@flowbay/domain';
import { DialogActions } from '@/components/dialog-actions';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { asLanguage } from '@/lib/format';
import { uploadFile } from '../api/upload-file';
import { useDeleteWorkflow, useUpdateWorkflow } from '../api/workflow-mutations';
import {
  agencyClientsField,
  ALWAYS,
  checkListingTexts,
  checkTiers,
  coverField,
  fieldErrorOf,
  initialListingTexts,
  listingTextErrorOf,
  listingTextFields,
  listingTextsBody,
  otherTextLanguage,
  platformsField,
  priceField,
  testedWithField,
  zapierShareUrlField,
  showNotesField,
  tierBody,
  tierPriceField,
  useCasesField,
  type ListingTextValues,
  type TextLanguage,
} from '../lib/workflow-form-schema';
import { cleanedFaq } from './faq-items-editor';
import { ListingTextsFields } from './listing-texts-fields';
import { WorkflowFields, type Option, type WorkflowFieldsInput } from './workflow-fields';
import { translateMessage } from '@/i18n/keys';

const infoFields = {
  ...listingTextFields,
  price: priceField,
  tested_with: testedWithField,
  zapier_share_url: zapierShareUrlField,
  show_notes_before_purchase: showNotesField,
  commercial_price: tierPriceField,
  agency_price: tierPriceField,
  agency_clients: agencyClientsField,
  category_ids: platformsField,
  subcategory_ids: useCasesField,
  cover: coverField,
};
/** The same rules as the create form; a workflow that already has a cover may become paid without a new one. */
function infoSchema(hasCover: boolean) {
  return z
    .object(infoFields)
    .superRefine((values, ctx) => {
      if (values.price > 0 && !values.cover && !hasCover)
        ctx.addIssue({ code: 'custom', path: ['cover'], message: K.coverRequired });
      checkTiers(values, ctx);
    })
    .superRefine((values, ctx) => checkListingTexts(values, false, ctx), ALWAYS);
}
type InfoInput = z.input<ReturnType<typeof infoSchema>>;
type InfoValues = z.output<ReturnType<typeof infoSchema>>;
const FIELDS = [
  'price',
  'tested_with',
  'zapier_share_url',
  'show_notes_before_purchase',
  'commercial_price',
  'agency_price',
  'agency_clients',
  'category_ids',
  'subcategory_ids',
  'cover',
] as const;
type Field = (typeof FIELDS)[number];

function sameSet(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((item) => b.includes(item));
}

function initialValues(workflow: WorkflowDetail, language: string): InfoInput {
  const amount = (value: number | null) => (value ? formatAmount(value, asLanguage(language)) : '');
  return {
    // The approved texts per language, not the ones shown in the author's interface language.
    ...initialListingTexts(workflow).values,
    price: String(workflow.price),
    commercial_price: amount(workflow.commercial_price),
    agency_price: amount(workflow.agency_price),
    agency_clients: workflow.agency_clients ? String(workflow.agency_clients) : '',
    tested_with: workflow.tested_with ?? '',
    zapier_share_url: workflow.zapier_share_url ?? '',
    show_notes_before_purchase: workflow.show_notes_before_purchase,
    category_ids: workflow.categories.map((category) => category.id),
    subcategory_ids: workflow.workflow_subcategories.map((link) => link.subcategory_id),
    cover: null,
  };
}

/**
 * Everything the create form sets, with Save (a listed workflow's changes wait for moderation), and
 * Delete behind a confirmation. The platform stays the file's.
 */
export function WorkflowInfoCard({
  workflow,
  platforms,
  jobTypes,
  onDeleted,
}: {
  workflow: WorkflowDetail;
  platforms: Option[];
  jobTypes: Option[];
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateWorkflow(workflow.id);
  const [uploadingCover, setUploadingCover] = useState(false);
  const hasCover = Boolean(workflow.cover_image_url);
  const schema = useMemo(() => infoSchema(hasCover), [hasCover]);
  const form = useForm<InfoInput, unknown, InfoValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(workflow, i18n.language),
  });
  const filePlatform = workflow.node_summary?.platform ?? null;
  const [faq, setFaq] = useState<Record<TextLanguage, FaqItem[]>>(() => initialListingTexts(workflow).faq);
  const [faqErrors, setFaqErrors] = useState<Partial<Record<TextLanguage, string>>>({});

  const onSubmit = form.handleSubmit(async (values) => {
    const loaded = form.formState.defaultValues as InfoInput;
    setFaqErrors({});
    const questions = { en: cleanedFaq(faq.en), vi: cleanedFaq(faq.vi) };
    const texts = listingTextsBody(values, questions);
    if (texts.translation && !texts.translation.title) {
      form.setError(
        `title_${otherTextLanguage(values.language)}`,
        { message: 'publish.texts.translationTitleRequired' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      let coverUrl: string | undefined;
      if (values.cover) {
        setUploadingCover(true);
        coverUrl = (await uploadFile(values.cover, values.cover.name, { folder: 'covers' })).url;
      }
      const saved = await update.mutateAsync({
        ...texts,
        faq: questions[values.language],
        price: values.price,
        ...tierBody(values),
        tested_with: values.tested_with || null,
        ...(filePlatform === 'zapier' ? { zapier_share_url: values.zapier_share_url || null } : {}),
        ...(values.show_notes_before_purchase !== loaded.show_notes_before_purchase
          ? { show_notes_before_purchase: values.show_notes_before_purchase }
          : {}),
        ...(coverUrl ? { cover_image_url: coverUrl } : {}),
        ...(sameSet(values.category_ids, loaded.category_ids ?? [])
          ? {}
          : { category_ids: values.category_ids }),
        ...(sameSet(values.subcategory_ids, loaded.subcategory_ids ?? [])
          ? {}
          : { subcategory_ids: values.subcategory_ids }),
        updated_at: new Date().toISOString(),
      });
      const typed = form.getValues();
      form.reset({
        ...values,
        price: String(values.price),
        commercial_price: typed.commercial_price,
        agency_price: typed.agency_price,
        agency_clients: typed.agency_clients,
        cover: null,
      });
      toast.success(t('manage.saved'), {
        description:
          saved.status === 'listed' && saved.has_pending_changes
            ? t('manage.savedAwaitingModeration')
            : undefined,
      });
    } catch (error) {
      const textError = listingTextErrorOf(error, values.language);
      if (textError?.field.startsWith('faq_')) setFaqErrors({ [textError.field.slice(4)]: textError.key });
      else if (textError)
        form.setError(
          textError.field as keyof ListingTextValues,
          { message: textError.key },
          { shouldFocus: true },
        );
      const fieldError = textError ?? fieldErrorOf(error, FIELDS);
      if (fieldError && !textError)
        form.setError(fieldError.field as Field, { message: fieldError.key }, { shouldFocus: true });
      toast.error(t('manage.saveFailed'), {
        description: translateMessage(t, fieldError?.key ?? errorKey(error)),
      });
    } finally {
      setUploadingCover(false);
    }
  });

  const saving = update.isPending || uploadingCover;
  return (
    <TitledCard title={t('manage.infoTitle')} description={t('manage.infoSubtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
        <WorkflowFields
          form={form as unknown as UseFormReturn<WorkflowFieldsInput>}
          idPrefix="manage"
          platforms={platforms}
          jobTypes={jobTypes}
          filePlatform={filePlatform}
          texts={
            <ListingTextsFields
              form={form as unknown as UseFormReturn<ListingTextValues>}
              idPrefix="manage"
              faq={faq}
              onFaqChange={(language, items) => setFaq((current) => ({ ...current, [language]: items }))}
              faqErrors={faqErrors}
              descriptionRows={4}
            />
          }
          currentCover={workflow.cover_image_url}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? t('manage.saving') : t('manage.save')}
          </Button>
          <DeleteWorkflowButton workflow={workflow} onDeleted={onDeleted} />
        </div>
      </form>
    </TitledCard>
  );
}

function DeleteWorkflowButton({ workflow, onDeleted }: { workflow: WorkflowDetail; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteWorkflow(workflow.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('manage.deleted'));
        onDeleted();
      },
      onError: (error) => toast.error(t('manage.deleteFailed'), { description: t(errorKey(error)) }),
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          {t('manage.delete')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('manage.deleteTitle')}
        description={t('manage.deleteIrreversible')}
        closeLabel={t('common.close')}
      >
        {(workflow.purchase_count ?? 0) > 0 && (
          <p
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            role="note"
          >
            {t('manage.deleteBoughtWarning')}
          </p>
        )}
        <DialogActions pending={remove.isPending} className="mt-5">
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? t('manage.deleting') : t('manage.confirmDelete')}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

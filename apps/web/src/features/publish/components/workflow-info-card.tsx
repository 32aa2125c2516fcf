import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useDeleteWorkflow, useUpdateWorkflow } from '../api/workflow-mutations';
import { descriptionField, fieldErrorOf, priceField, titleField } from '../lib/workflow-form-schema';

const infoSchema = z.object({ title: titleField, description: descriptionField, price: priceField });
type InfoInput = z.input<typeof infoSchema>;
type InfoValues = z.output<typeof infoSchema>;
const FIELDS = ['title', 'description', 'price'] as const;

/** Title, description and price with Save, and Delete behind a confirmation. */
export function WorkflowInfoCard({
  workflow,
  onDeleted,
}: {
  workflow: WorkflowDetail;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateWorkflow(workflow.id);
  const form = useForm<InfoInput, unknown, InfoValues>({
    resolver: zodResolver(infoSchema),
    defaultValues: {
      title: workflow.title,
      description: workflow.description,
      price: String(workflow.price),
    },
  });
  const { errors } = form.formState;
  const message = (field: (typeof FIELDS)[number]) =>
    errors[field]?.message ? t(errors[field]!.message!) : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ ...values, updated_at: new Date().toISOString() });
      form.reset({ title: values.title, description: values.description, price: String(values.price) });
      toast.success(t('manage.saved'), {
        description:
          saved.status === 'listed' && saved.has_pending_changes
            ? t('manage.savedAwaitingReview')
            : undefined,
      });
    } catch (error) {
      const fieldError = fieldErrorOf(error, FIELDS);
      if (fieldError)
        form.setError(
          fieldError.field as (typeof FIELDS)[number],
          { message: fieldError.key },
          { shouldFocus: true },
        );
      toast.error(t('manage.saveFailed'), { description: t(fieldError?.key ?? errorKey(error)) });
    }
  });

  const titleError = message('title');
  const descriptionError = message('description');
  const priceError = message('price');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('manage.infoTitle')}</CardTitle>
        <CardDescription>{t('manage.infoSubtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField id="manage-title" label={t('publish.title')} error={titleError}>
            <Input
              id="manage-title"
              aria-invalid={titleError ? true : undefined}
              aria-describedby={describedBy('manage-title', { error: titleError })}
              {...form.register('title')}
            />
          </FormField>
          <FormField id="manage-description" label={t('publish.description')} error={descriptionError}>
            <Textarea
              id="manage-description"
              rows={4}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={describedBy('manage-description', { error: descriptionError })}
              {...form.register('description')}
            />
          </FormField>
          <FormField
            id="manage-price"
            label={t('publish.price')}
            error={priceError}
            help={t('publish.priceHelp')}
          >
            <Input
              id="manage-price"
              type="number"
              inputMode="numeric"
              step={1000}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={describedBy('manage-price', { help: true, error: priceError })}
              {...form.register('price')}
            />
          </FormField>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t('manage.saving') : t('manage.save')}
            </Button>
            <DeleteWorkflowButton workflow={workflow} onDeleted={onDeleted} />
          </div>
        </form>
      </CardContent>
    </Card>
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
        <div className="mt-5 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t('manage.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? t('manage.deleting') : t('manage.confirmDelete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

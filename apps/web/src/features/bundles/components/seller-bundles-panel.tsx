import { useState } from 'react';
import { Link } from 'react-router';
import {
  BUNDLE_DESCRIPTION_MAX,
  BUNDLE_ITEMS_MAX,
  BUNDLE_ITEMS_MIN,
  PAID_PRICE_MIN,
  TITLE_MAX,
  paths,
  type BundleCard,
  type MyWorkflow,
} from '@flowbay/domain';
import { formatAmount, readPrice } from '@flowbay/domain/price';
import { PriceInput } from '@/components/price-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { asLanguage, formatPrice } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { bundleQueryOptions } from '../api/get-bundles';
import {
  useBundleCandidates,
  useCreateBundle,
  useDeleteBundle,
  useMyBundles,
  useUpdateBundle,
} from '../api/seller-bundles';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/**
 * The seller's bundles (docs/decisions, bundles): make one from two or more of their listed
 * workflows at a bundle price, seeing what they cost one by one; edit, unlist, list again or delete.
 */
export function SellerBundlesPanel() {
  const { t } = useTranslation();
  const bundles = useMyBundles();
  const candidates = useBundleCandidates();
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const workflows = candidates.data ?? [];
  // Opened from "Bundles" on My workflows (/me/sales#bundles): the section comes into view.
  useScrollToHash('bundles');

  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="seller-bundles">
      <p className="text-sm text-slate-600">{t('sales.bundles.intro')}</p>
      {editing === null && (
        <div>
          <Button
            onClick={() => setEditing('new')}
            disabled={!candidates.data || workflows.length < BUNDLE_ITEMS_MIN}
          >
            {t('sales.bundles.new')}
          </Button>
          {candidates.data && workflows.length < BUNDLE_ITEMS_MIN && (
            <p className="mt-2 text-sm text-slate-600">{t('sales.bundles.noCandidates')}</p>
          )}
        </div>
      )}
      {editing === 'new' && <BundleForm workflows={workflows} onDone={() => setEditing(null)} />}
      {editing !== null && editing !== 'new' && (
        <EditBundle id={editing} workflows={candidates.data} onDone={() => setEditing(null)} />
      )}
      {bundles.isError && <p className="text-sm text-red-700">{t('sales.bundles.loadFailed')}</p>}
      {bundles.data && bundles.data.bundles.length === 0 && (
        <p className="text-sm text-slate-600">{t('sales.bundles.none')}</p>
      )}
      <ul className="flex flex-col gap-2" aria-label={t('sales.bundles.listLabel')}>
        {bundles.data?.bundles.map((bundle) => (
          <BundleRow key={bundle.id} bundle={bundle} onEdit={() => setEditing(bundle.id)} />
        ))}
      </ul>
    </div>
  );
}

function BundleRow({ bundle, onEdit }: { bundle: BundleCard; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateBundle();
  const remove = useDeleteBundle();
  const [confirming, setConfirming] = useState(false);
  const listed = bundle.status === 'listed';
  const onError = (error: unknown) => toast.error(t(errorKey(error)));
  const setStatus = () =>
    update.mutate(
      { id: bundle.id, body: { status: listed ? 'unlisted' : 'listed' } },
      {
        onSuccess: () => toast.success(t(listed ? 'sales.bundles.unlisted' : 'sales.bundles.relisted')),
        onError,
      },
    );
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
      data-testid="seller-bundle"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <Link to={paths.bundle(bundle.slug)} className="font-semibold text-brand-800 hover:underline">
            {bundle.title}
          </Link>
          <Badge variant="neutral">
            {t(listed ? 'sales.bundles.statusListed' : 'sales.bundles.statusUnlisted')}
          </Badge>
        </span>
        <span>
          {t('bundles.itemCount', { count: bundle.item_count })} ·{' '}
          {t('sales.bundles.priceAgainst', {
            price: formatPrice(bundle.price, i18n.language),
            separately: formatPrice(bundle.items_price, i18n.language),
          })}
        </span>
      </div>
      {listed && !bundle.for_sale && <p className="text-amber-800">{t('sales.bundles.notForSale')}</p>}
      {confirming ? (
        <div
          className="flex flex-wrap items-center gap-2"
          role="group"
          aria-label={t('sales.bundles.confirmDelete')}
        >
          <span>{t('sales.bundles.confirmDelete')}</span>
          <Button
            variant="destructive"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(bundle.id, {
                onSuccess: () => toast.success(t('sales.bundles.deleted')),
                onError,
              })
            }
          >
            {t('sales.bundles.confirmDeleteYes')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
            {t('sales.bundles.cancel')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t('sales.bundles.editNamed', { title: bundle.title })}
            onClick={onEdit}
          >
            {t('sales.bundles.edit')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            aria-label={t(listed ? 'sales.bundles.unlistNamed' : 'sales.bundles.relistNamed', {
              title: bundle.title,
            })}
            onClick={setStatus}
          >
            {t(listed ? 'sales.bundles.unlist' : 'sales.bundles.relist')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('sales.bundles.deleteNamed', { title: bundle.title })}
            onClick={() => setConfirming(true)}
          >
            {t('sales.bundles.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The form of a bundle being edited, once its items and the seller's listed workflows are read (the
 * card does not carry the items). An item no longer listed is taken out, and the form says so: the
 * seller cannot tick it again, and the bundle is on sale again once saved without it.
 */
function EditBundle({
  id,
  workflows,
  onDone,
}: {
  id: string;
  workflows: MyWorkflow[] | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const detail = useQuery(bundleQueryOptions(id));
  if (detail.isError) return <p className="text-sm text-red-700">{t('sales.bundles.loadFailed')}</p>;
  if (!detail.data || !workflows) {
    return <p className="text-sm text-slate-600">{t('sales.bundles.loading')}</p>;
  }
  const listed = new Set(workflows.map((workflow) => workflow.id));
  const kept = detail.data.workflow_ids.filter((workflowId) => listed.has(workflowId));
  const takenOut = detail.data.workflow_ids.length - kept.length;
  return (
    <BundleForm
      workflows={workflows}
      onDone={onDone}
      editing={{
        id,
        title: detail.data.title,
        description: detail.data.description,
        price: detail.data.price,
        workflowIds: kept,
        takenOut,
      }}
    />
  );
}

interface Editing {
  id: string;
  title: string;
  description: string;
  price: number;
  workflowIds: string[];
  /** How many of its items are no longer listed (left out of `workflowIds`). */
  takenOut: number;
}

type Problem = 'title' | 'items' | 'itemsMax' | 'price' | 'priceMin' | 'priceTooHigh';

function BundleForm({
  workflows,
  editing,
  onDone,
}: {
  workflows: MyWorkflow[];
  editing?: Editing;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const create = useCreateBundle();
  const update = useUpdateBundle();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [price, setPrice] = useState(editing ? formatAmount(editing.price, language) : '');
  const [chosen, setChosen] = useState<string[]>(editing?.workflowIds ?? []);
  const [shown, setShown] = useState(false);
  const idPrefix = editing ? `bundle-${editing.id}` : 'bundle-new';

  const separately = workflows
    .filter((workflow) => chosen.includes(workflow.id))
    .reduce((sum, workflow) => sum + workflow.price, 0);
  const reading = readPrice(price);
  const amount = reading.ok ? reading.amount : null;

  const problems = new Set<Problem>();
  if (title.trim().length < 3) problems.add('title');
  if (chosen.length < BUNDLE_ITEMS_MIN) problems.add('items');
  if (chosen.length > BUNDLE_ITEMS_MAX) problems.add('itemsMax');
  if (amount === null || amount === 0) problems.add('price');
  else if (amount < PAID_PRICE_MIN) problems.add('priceMin');
  else if (chosen.length >= BUNDLE_ITEMS_MIN && amount >= separately) problems.add('priceTooHigh');
  const shownProblem = (...which: Problem[]) => {
    const problem = shown ? which.find((one) => problems.has(one)) : undefined;
    if (!problem) return undefined;
    return t(`sales.bundles.problems.${problem}`, {
      min: formatPrice(PAID_PRICE_MIN, i18n.language),
      max: BUNDLE_ITEMS_MAX,
      separately: formatPrice(separately, i18n.language),
    });
  };

  const pending = create.isPending || update.isPending;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (problems.size > 0 || amount === null) return;
    const body = {
      title: title.trim(),
      description: description.trim(),
      price: amount,
      workflow_ids: chosen,
    };
    const onError = (error: unknown) => toast.error(t(errorKey(error)));
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            toast.success(t('sales.bundles.saved'));
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast.success(t('sales.bundles.created'));
          onDone();
        },
        onError,
      });
    }
  };

  const toggle = (id: string) =>
    setChosen((now) => (now.includes(id) ? now.filter((one) => one !== id) : [...now, id]));
  const itemsError = shownProblem('items', 'itemsMax');
  const titleError = shownProblem('title');

  return (
    <form
      className="flex max-w-2xl flex-col gap-4 rounded-xl border border-slate-200 p-4"
      aria-label={t(editing ? 'sales.bundles.editTitle' : 'sales.bundles.newTitle')}
      onSubmit={submit}
      noValidate
    >
      <h3 className="text-base font-semibold text-slate-900">
        {t(editing ? 'sales.bundles.editTitle' : 'sales.bundles.newTitle')}
      </h3>
      <FormField id={`${idPrefix}-title`} label={t('sales.bundles.name')} error={titleError}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-description`} label={t('sales.bundles.description')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={BUNDLE_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </FormField>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={itemsError ? `${idPrefix}-items-error` : `${idPrefix}-items-help`}
      >
        <legend className="text-sm font-medium">{t('sales.bundles.items')}</legend>
        {editing && editing.takenOut > 0 && (
          <p className="text-sm text-amber-800" role="status">
            {t('sales.bundles.takenOut', { count: editing.takenOut })}
          </p>
        )}
        <p id={`${idPrefix}-items-help`} className="text-sm text-slate-600">
          {t('sales.bundles.itemsHelp', { max: BUNDLE_ITEMS_MAX })}
        </p>
        {workflows.map((workflow) => (
          <label key={workflow.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(workflow.id)}
              onChange={() => toggle(workflow.id)}
            />
            <span>{workflow.title}</span>
            <span className="text-slate-600">
              ({workflow.price > 0 ? formatPrice(workflow.price, i18n.language) : t('common.free')})
            </span>
          </label>
        ))}
        {itemsError && (
          <p id={`${idPrefix}-items-error`} className="text-sm text-red-700">
            {itemsError}
          </p>
        )}
      </fieldset>
      <PriceInput
        id={`${idPrefix}-price`}
        label={t('sales.bundles.price')}
        help={t('sales.bundles.priceHelp', { min: formatPrice(PAID_PRICE_MIN, i18n.language) })}
        value={price}
        onChange={setPrice}
        error={shownProblem('price', 'priceMin', 'priceTooHigh')}
      />
      <dl className="grid max-w-sm grid-cols-2 gap-1 text-sm" data-testid="bundle-sum">
        <dt className="text-slate-600">{t('sales.bundles.separately')}</dt>
        <dd className="text-right font-medium">{formatPrice(separately, i18n.language)}</dd>
        <dt className="text-slate-600">{t('sales.bundles.bundlePrice')}</dt>
        <dd className="text-right font-medium">
          {amount !== null && amount > 0 ? formatPrice(amount, i18n.language) : '—'}
        </dd>
        <dt className="text-slate-600">{t('sales.bundles.buyersSave')}</dt>
        <dd className="text-right font-medium text-emerald-700">
          {amount !== null && amount > 0 && separately > amount
            ? formatPrice(separately - amount, i18n.language)
            : '—'}
        </dd>
      </dl>
      <p className="text-xs text-slate-600">{t('sales.bundles.licenceNote')}</p>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {t(editing ? 'sales.bundles.save' : 'sales.bundles.create')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {t('sales.bundles.cancel')}
        </Button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import {
  NATIONAL_ID_RE,
  SELLER_TAX_KINDS,
  TAX_CODE_RE,
  type SellerTaxKind,
  type TaxProfile,
} from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useSetTaxProfile } from '../api/tax-profile';

type Errors = Partial<Record<'name' | 'taxId' | 'address', string>>;

/**
 * Who the seller is for the tax office (decision 0150). Once saved, the tax code or ID is only ever
 * shown masked: the field stays empty and is needed again only to change the profile.
 */
export function TaxProfileForm({ profile }: { profile: TaxProfile | null }) {
  const { t } = useTranslation();
  const save = useSetTaxProfile();
  const [kind, setKind] = useState<SellerTaxKind>(profile?.kind ?? 'individual');
  const [name, setName] = useState(profile?.legal_name ?? '');
  const [taxId, setTaxId] = useState('');
  const [address, setAddress] = useState(profile?.address ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = taxId.replace(/[\s.]/g, '');
    const validId = TAX_CODE_RE.test(id) || (kind !== 'company' && NATIONAL_ID_RE.test(id));
    const found: Errors = {
      name: name.trim().length >= 2 ? undefined : t('tax.invalidName'),
      taxId: validId ? undefined : t(kind === 'company' ? 'tax.invalidCompanyTaxId' : 'tax.invalidTaxId'),
      address: address.trim().length >= 5 ? undefined : t('tax.invalidAddress'),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(
      { kind, legal_name: name.trim(), tax_id: id, address: address.trim() },
      {
        onSuccess: () => {
          setTaxId('');
          toast.success(t('tax.profileSaved'));
        },
        onError: (error) => toast.error(t(errorKey(error))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="tax-profile-title">
      <SelectField
        id="tax-kind"
        label={t('tax.kind')}
        help={t('tax.kindHelp')}
        value={kind}
        onValueChange={(value) => setKind(value as SellerTaxKind)}
        options={SELLER_TAX_KINDS.map((value) => ({ value, label: t(`tax.kinds.${value}`) }))}
      />
      <TextField
        id="tax-name"
        label={t('tax.legalName')}
        error={errors.name}
        autoComplete="name"
        value={name}
        onValueChange={setName}
      />
      <TextField
        id="tax-id"
        label={t('tax.taxId')}
        error={errors.taxId}
        help={profile ? t('tax.taxIdSaved', { masked: profile.tax_id_masked }) : t('tax.taxIdHelp')}
        inputMode="numeric"
        autoComplete="off"
        value={taxId}
        onValueChange={setTaxId}
      />
      {profile && (
        <p className="text-sm text-slate-700" data-testid="tax-id-masked">
          {t('tax.taxIdOnFile')} <span className="font-mono">{profile.tax_id_masked}</span>
        </p>
      )}
      <TextField
        id="tax-address"
        label={t('tax.address')}
        error={errors.address}
        autoComplete="street-address"
        value={address}
        onValueChange={setAddress}
      />
      <p className="text-sm text-slate-600">{t('tax.withholdingNote')}</p>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('tax.saveProfile')}
        </Button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import {
  ACCOUNT_NUMBER_RE,
  HOLDER_NAME_MAX,
  HOLDER_NAME_RE,
  normalizeHolderName,
  type PayoutAccount,
} from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useBanks } from '../api/get-banks';
import { useSetPayoutAccount } from '../api/set-payout-account';

type Errors = Partial<Record<'bank' | 'number' | 'holder', string>>;

/** The payout bank account: a NAPAS/VietQR bank, digits only, the holder in capitals without accents. */
export function PayoutAccountForm({ account }: { account: PayoutAccount | null }) {
  const { t } = useTranslation();
  const banks = useBanks();
  const save = useSetPayoutAccount();
  const [bank, setBank] = useState(account?.bank_code ?? '');
  // The server answers the number masked: it is typed again in full to change the account.
  const [number, setNumber] = useState('');
  const [holder, setHolder] = useState(account?.holder_name ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = number.replace(/[\s.-]/g, '');
    const name = normalizeHolderName(holder);
    const found: Errors = {
      bank: bank ? undefined : t('sales.invalidBank'),
      number: ACCOUNT_NUMBER_RE.test(digits) ? undefined : t('sales.invalidAccountNumber'),
      holder:
        HOLDER_NAME_RE.test(name) && name.length <= HOLDER_NAME_MAX
          ? undefined
          : t('sales.invalidHolderName'),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(
      { bank_code: bank, account_number: digits, holder_name: name },
      {
        onSuccess: () => toast.success(t('sales.accountSaved')),
        onError: (error) => toast.error(t(errorKey(error))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="payout-account-title">
      <SelectField
        id="payout-bank"
        label={t('sales.bank')}
        error={errors.bank}
        value={bank}
        onValueChange={setBank}
        options={[
          { value: '', label: t('sales.bankPlaceholder') },
          ...(banks.data?.banks ?? []).map((option) => ({
            value: option.code,
            label: `${option.short_name} — ${option.name}`,
          })),
        ]}
      />
      <TextField
        id="payout-number"
        label={t('sales.accountNumber')}
        error={errors.number}
        inputMode="numeric"
        autoComplete="off"
        help={account ? t('sales.accountNumberCurrent', { number: account.account_number }) : undefined}
        value={number}
        onValueChange={setNumber}
      />
      <TextField
        id="payout-holder"
        label={t('sales.holderName')}
        error={errors.holder}
        help={t('sales.holderHelp')}
        autoComplete="off"
        value={holder}
        onValueChange={(typed) => setHolder(typed.toUpperCase())}
        onBlur={() => setHolder(normalizeHolderName(holder))}
      />
      <p className="text-sm text-slate-600">{t('sales.accountHoldNote')}</p>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('sales.saveAccount')}
        </Button>
      </div>
    </form>
  );
}

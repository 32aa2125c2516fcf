import { Link } from 'react-router';
import { paths } from '@flowbay/domain/routes';
import { AccountPageShell } from '@/components/account-page-shell';
import { AuditTrail } from '@/features/audit/components/audit-trail';
import { useTranslation } from '@/i18n/use-translation';

/** Admin → Audit trail: who did which administrator or money action, filtered, with a CSV export. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageShell
      title={t('auditTrail.title')}
      subtitle={t('auditTrail.subtitle')}
      width="full"
      action={
        <Link to={paths.admin()} className="text-sm text-indigo-700 underline">
          {t('auditTrail.backToAdmin')}
        </Link>
      }
    >
      <AuditTrail />
    </AccountPageShell>
  );
}

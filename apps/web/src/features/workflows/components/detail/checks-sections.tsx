import { Cpu, ShieldCheck, Sparkles } from 'lucide-react';
import type { WorkflowDetail } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { TitledCard } from '@/components/ui/card';
import { CompatBadgeView } from '@/components/checks/compat-badge';
import { CompatDetails } from '@/components/checks/compat-details';
import { FindingList } from '@/components/checks/finding-list';
import { ReleaseVerdict } from '@/components/checks/release-verdict';
import { formatDate } from '@/lib/format';
import { useMyN8nRelease } from '@/lib/n8n-release';

/**
 * "Runs on n8n": the releases an n8n listing runs on, the reason for each limit, community packages,
 * upgrade hints, and whether it runs on the release the visitor remembered in the catalogue.
 */
export function RunsOnN8nSection({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  const { release } = useMyN8nRelease();
  const compat = workflow.compatibility;
  if (!compat) return null;
  const badge = { min: compat.min, max: compat.max };
  return (
    <TitledCard
      data-testid="runs-on-n8n"
      title={
        <span className="flex items-center gap-2">
          <Cpu className="size-4 text-brand-700" aria-hidden="true" />
          {t('checks.runsOnTitle')}
        </span>
      }
    >
      <div className="flex flex-col items-start gap-3">
        <CompatBadgeView compat={badge} />
        <ReleaseVerdict compat={badge} release={release} className="text-sm" />
        <CompatDetails compat={compat} />
      </div>
    </TitledCard>
  );
}

/**
 * The public "Checked" panel: which checks ran, when, on which version, whether a language model took
 * part, and what a buyer should know, in plain words with its severity (no node names, no code), for
 * paid listings before purchase too.
 */
export function CheckedSection({ workflow }: { workflow: WorkflowDetail }) {
  const { t, i18n } = useTranslation();
  const checked = workflow.checked;
  if (!checked) return null;
  return (
    <TitledCard
      data-testid="checked-panel"
      title={
        <span className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-emerald-700" aria-hidden="true" />
          {t('checks.checkedTitle')}
        </span>
      }
      description={t('checks.checkedSummary', {
        version: checked.version,
        date: formatDate(checked.checked_at, i18n.language),
      })}
    >
      <div className="flex flex-col gap-4 text-sm">
        <p className="flex items-center gap-1.5 text-slate-700">
          {checked.ai_assisted && <Sparkles className="size-4 text-brand-700" aria-hidden="true" />}
          {t(checked.ai_assisted ? 'checks.aiAssisted' : 'checks.notAiAssisted')}
        </p>
        <div>
          <h3 className="font-medium text-slate-900">{t('checks.findingsTitle')}</h3>
          <div className="mt-2">
            {checked.findings.length === 0 ? (
              <p className="text-slate-700">{t('checks.noFindings')}</p>
            ) : (
              <FindingList findings={checked.findings} audience="buyer" />
            )}
          </div>
        </div>
        <div>
          <h3 className="font-medium text-slate-900">{t('checks.checkedWhat')}</h3>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
            {checked.checks.map((kind) => (
              <li key={kind} className="inline-flex items-center gap-1.5">
                <ShieldCheck className="size-3.5 text-emerald-700" aria-hidden="true" />
                {t(`checks.kinds.${kind}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </TitledCard>
  );
}

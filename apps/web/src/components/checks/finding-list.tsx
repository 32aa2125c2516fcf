import { SEVERITIES, type SafetyFinding, type Severity } from '@flowbay/domain/checks';
import { useTranslation } from '@/i18n/use-translation';
import { SeverityBadge } from './severity-badge';

type ShownFinding = Omit<SafetyFinding, 'node'> & { node?: string };

/** Most serious first; equal ones keep the checks' order. */
export function bySeverity<T extends { severity: Severity }>(findings: readonly T[]): T[] {
  return [...findings].sort((a, b) => SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity));
}

/** The most serious severity of a list, null when it is empty. */
export function highestSeverity(findings: readonly { severity: Severity }[]): Severity | null {
  return bySeverity(findings)[0]?.severity ?? null;
}

/** The language model's check that could not run: its detail is a code, said in words. */
const isPolicyNotChecked = (finding: ShownFinding) =>
  finding.code === 'policy' && finding.detail === 'not_checked';

/** A Make or Zapier webhook (its type has no n8n package prefix): its address is itself a secret link. */
const isSecretLinkWebhook = (finding: ShownFinding) =>
  finding.code === 'webhook_no_auth' && Boolean(finding.node_type) && !finding.node_type!.includes('.');

/**
 * Safety findings, most serious first, each with its severity in words. Buyers read the plain
 * sentence (the public Checked panel: no node names); authors read the title, the node, what was
 * found and how to fix it; admins the title, the node and what was found.
 */
export function FindingList({
  findings,
  audience,
}: {
  findings: readonly ShownFinding[];
  audience: 'buyer' | 'author' | 'admin';
}) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2" data-testid="findings">
      {bySeverity(findings).map((finding, index) => {
        const texts = `safety.${finding.code}` as const;
        return (
          <li
            key={`${finding.code}-${finding.node ?? ''}-${finding.detail ?? ''}-${index}`}
            className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm"
            data-severity={finding.severity}
          >
            <div className="flex flex-wrap items-center gap-2">
              <SeverityBadge severity={finding.severity} />
              <span className="font-medium text-slate-900">
                {audience === 'buyer'
                  ? isSecretLinkWebhook(finding)
                    ? t('safety.webhook_no_auth.buyerSecretUrl')
                    : t(`${texts}.buyer`)
                  : t(`${texts}.title`)}
              </span>
            </div>
            {audience !== 'buyer' && (finding.node || finding.detail) && (
              <p className="text-slate-700">
                {finding.node && <span>{t('publish.checks.node', { node: finding.node })}</span>}
                {finding.node && finding.detail && ' · '}
                {finding.detail &&
                  (isPolicyNotChecked(finding) ? (
                    <span>{t('safety.policy.notChecked')}</span>
                  ) : (
                    <code className="break-all">{finding.detail}</code>
                  ))}
              </p>
            )}
            {audience === 'author' && (
              <p className="text-slate-700">{t('publish.checks.howToFix', { fix: t(`${texts}.fix`) })}</p>
            )}
            {audience !== 'buyer' && finding.public && (
              <p className="text-xs text-slate-500">{t('publish.checks.shownToBuyers')}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

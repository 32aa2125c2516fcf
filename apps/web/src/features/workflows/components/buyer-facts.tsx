import { Blocks, KeyRound, Layers, Package, Waypoints, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuyerSummary } from '@flowbay/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { AppIcon } from './app-icon';

/**
 * What a buyer needs to decide before paying: apps, node count, credentials and community packages
 * (public names only), the platform version it was tested with and its versions.
 */
export function BuyerFacts({ summary }: { summary: BuyerSummary }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const latest = summary.versions[0];
  const none = <span className="text-slate-500">{t('facts.none')}</span>;
  return (
    <Card data-testid="buyer-facts">
      <CardHeader>
        <CardTitle>{t('facts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
          {summary.platform && (
            <Fact icon={<Layers aria-hidden="true" />} label={t('facts.platform')}>
              {summary.platform}
            </Fact>
          )}
          <Fact icon={<Waypoints aria-hidden="true" />} label={t('facts.nodes')}>
            {formatNumber(summary.node_count, language)}
          </Fact>
          <Fact icon={<Blocks aria-hidden="true" />} label={t('facts.apps')} wide>
            {summary.apps.length === 0 ? (
              none
            ) : (
              <ul className="flex flex-wrap gap-2">
                {summary.apps.map((app) => (
                  <li key={app.key} className="inline-flex items-center gap-1.5">
                    <AppIcon appKey={app.key} name={app.name} size="sm" />
                    <span>{app.name}</span>
                  </li>
                ))}
              </ul>
            )}
          </Fact>
          <Fact icon={<KeyRound aria-hidden="true" />} label={t('facts.credentials')}>
            {summary.credentials.length === 0 ? none : summary.credentials.join(', ')}
          </Fact>
          <Fact icon={<Package aria-hidden="true" />} label={t('facts.communityPackages')}>
            {summary.community_packages.length === 0 ? (
              none
            ) : (
              <span className="font-mono text-xs">{summary.community_packages.join(', ')}</span>
            )}
          </Fact>
          <Fact icon={<Wrench aria-hidden="true" />} label={t('facts.testedWith')}>
            {summary.tested_with ?? <span className="text-slate-500">{t('facts.unknown')}</span>}
          </Fact>
          {latest && (
            <Fact icon={<Layers aria-hidden="true" />} label={t('facts.versions')}>
              {t('facts.versionCount', {
                count: summary.versions.length,
                version: latest.version,
                date: formatDate(latest.created_at, language),
              })}
            </Fact>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

function Fact({
  icon,
  label,
  wide = false,
  children,
}: {
  icon: ReactNode;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="flex items-center gap-1.5 font-medium text-slate-600 [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

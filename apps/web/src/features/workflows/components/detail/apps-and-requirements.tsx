import { Blocks, Clock, Gauge, KeyRound, Layers, Package, Waypoints, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { SetupEstimate, WorkflowDetail } from '@flowbay/domain';
import { TitledCard } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { AppIcon } from '../app-icon';

/** The facts a visitor decides on, whatever the price: apps, credentials, platform, tested-with. */
export interface RequirementFacts {
  platform: string | null;
  apps: Array<{ key: string; name: string }>;
  nodeCount: number | null;
  credentials: string[];
  communityPackages: string[];
  testedWith: string | null;
  versions: Array<{ version: string; created_at: string }>;
  /** Difficulty and setup minutes, when computed. */
  setup: SetupEstimate | null;
}

/**
 * A paid workflow's facts come from its buyer summary (public names only); a free one's from its
 * node summary and requirements. The credentials are named as their platform names them ("Notion
 * API") when the checks listed them.
 */
export function requirementFacts(workflow: WorkflowDetail): RequirementFacts {
  const summary = workflow.buyer_summary;
  const needed = [...new Set(workflow.credentials_needed.map((credential) => credential.name))];
  if (summary) {
    return {
      platform: summary.platform,
      apps: summary.apps,
      nodeCount: summary.node_count,
      credentials: needed.length > 0 ? needed : summary.credentials,
      communityPackages: summary.community_packages,
      testedWith: summary.tested_with,
      versions: summary.versions,
      setup: workflow.setup,
    };
  }
  const nodes = workflow.node_summary;
  return {
    platform: nodes?.platform ?? null,
    apps: (nodes?.apps ?? []).filter((app) => !app.core).map(({ key, name }) => ({ key, name })),
    nodeCount: nodes?.nodeCount ?? null,
    credentials:
      needed.length > 0
        ? needed
        : [...new Set((workflow.requirements?.credentials ?? []).map((credential) => credential.app))],
    communityPackages: workflow.requirements?.communityPackages ?? [],
    testedWith: workflow.tested_with,
    versions: [],
    setup: workflow.setup,
  };
}

/** What the workflow connects and needs, before anything else is read about it. */
export function AppsAndRequirements({ facts }: { facts: RequirementFacts }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const latest = facts.versions[0];
  const none = <span className="text-slate-500">{t('facts.none')}</span>;
  return (
    <TitledCard data-testid="apps-and-requirements" title={t('facts.title')}>
      <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <Fact icon={<Blocks aria-hidden="true" />} label={t('facts.apps')} wide>
          {facts.apps.length === 0 ? (
            none
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={t('facts.apps')}>
              {facts.apps.map((app) => (
                <li key={app.key} className="inline-flex items-center gap-1.5">
                  {/* The name follows in words: the icon adds nothing to read. */}
                  <AppIcon appKey={app.key} name="" size="sm" />
                  <span>{app.name}</span>
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact icon={<KeyRound aria-hidden="true" />} label={t('facts.credentials')}>
          {facts.credentials.length === 0 ? none : facts.credentials.join(', ')}
        </Fact>
        {facts.setup && (
          <>
            <Fact icon={<Gauge aria-hidden="true" />} label={t('checks.difficultyFact')}>
              {t(`checks.difficulty.${facts.setup.difficulty}`)}
            </Fact>
            <Fact icon={<Clock aria-hidden="true" />} label={t('checks.setupTimeFact')}>
              {t('checks.setupMinutes', { minutes: formatNumber(facts.setup.setup_minutes, language) })}
            </Fact>
          </>
        )}
        {facts.platform && (
          <Fact icon={<Layers aria-hidden="true" />} label={t('facts.platform')}>
            {facts.platform}
          </Fact>
        )}
        <Fact icon={<Wrench aria-hidden="true" />} label={t('facts.testedWith')}>
          {facts.testedWith ?? <span className="text-slate-500">{t('facts.unknown')}</span>}
        </Fact>
        {facts.nodeCount !== null && (
          <Fact icon={<Waypoints aria-hidden="true" />} label={t('facts.nodes')}>
            {formatNumber(facts.nodeCount, language)}
          </Fact>
        )}
        {facts.communityPackages.length > 0 && (
          <Fact icon={<Package aria-hidden="true" />} label={t('facts.communityPackages')}>
            <span className="font-mono text-xs">{facts.communityPackages.join(', ')}</span>
          </Fact>
        )}
        {latest && (
          <Fact icon={<Layers aria-hidden="true" />} label={t('facts.versions')}>
            {t('facts.versionCount', {
              count: facts.versions.length,
              version: latest.version,
              date: formatDate(latest.created_at, language),
            })}
          </Fact>
        )}
      </dl>
    </TitledCard>
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

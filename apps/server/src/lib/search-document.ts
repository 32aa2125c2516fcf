import type { NodeSummary } from '@flowbay/domain';

interface Named {
  name: string;
  nameVi: string;
}

/**
 * The text a workflow is found by: its own words, the apps it uses (name and key, so "slack" and
 * "google sheets" both match) and its platform and use-case names in both languages.
 */
export function buildSearchDocument(input: {
  title: string;
  description: string;
  summary: Pick<NodeSummary, 'apps'> | null;
  taxonomy: Named[];
}): string {
  const apps = input.summary?.apps.flatMap((app) => [app.name, app.key.replace(/-/g, ' ')]) ?? [];
  const names = input.taxonomy.flatMap((item) => [item.name, item.nameVi]);
  return [input.title, input.description, ...new Set(apps), ...new Set(names)].join('\n');
}

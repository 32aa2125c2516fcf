import { FileWarning, Lock } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowStructure } from '@flowbay/domain';
import type { EdgeKind, Platform, WorkflowGraph } from '@flowbay/workflow-formats';
import { Skeleton } from '@/components/ui/skeleton';
import { useStructure } from '../api/get-structure';
import { PREVIEW_HEIGHT, WorkflowPreview } from './workflow-preview';

/** The skeleton's graphs in the preview's model: no settings, no requirements, the app's name on each node. */
export function structureGraphs(structure: WorkflowStructure): WorkflowGraph[] {
  return structure.graphs.map((graph) => ({
    name: '',
    platform: structure.platform as Platform,
    nodes: graph.nodes.map((node) => ({ ...node })),
    edges: graph.edges.map((edge) => ({ ...edge, kind: edge.kind as EdgeKind })),
    annotations: graph.notes,
    requirements: { credentials: [], communityPackages: [], nodeTypeVersions: [] },
    layout: 'export',
  }));
}

/**
 * A paid workflow's structure before purchase: the same interactive graph as a free preview,
 * drawn from what the server gives away (each node's app or type and the connections), never the file.
 */
export function StructurePreview({ structure, title }: { structure: WorkflowStructure; title: string }) {
  const { t } = useTranslation();
  const graphs = structureGraphs(structure).filter((graph) => graph.nodes.length > 0);
  if (graphs.length === 0) return <NoStructure />;
  return (
    <div className="flex flex-col gap-3" data-testid="structure-preview">
      <p className="flex items-start gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700">
        <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>{t('preview.structureOnly')}</span>
      </p>
      <WorkflowPreview graphs={graphs} title={title} bounded={structure.bounded} />
    </div>
  );
}

function NoStructure() {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center"
      style={{ minHeight: 240 }}
    >
      <FileWarning className="size-8 text-slate-500" aria-hidden="true" />
      <p className="text-slate-600">{t('detail.noPreview')}</p>
    </div>
  );
}

/** Loads the structure of workflow `workflowId` (lazy-loaded on the detail page, when scrolled to). */
export default function StructurePanel({ workflowId, title }: { workflowId: string; title: string }) {
  const structure = useStructure(workflowId);
  if (structure.isPending)
    return <Skeleton className="w-full rounded-2xl" style={{ height: PREVIEW_HEIGHT + 48 }} />;
  if (!structure.data) return <NoStructure />;
  return <StructurePreview structure={structure.data} title={title} />;
}

import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkflowGraph } from '@flowbay/workflow-formats';
import { cn } from '@/lib/cn';

export const PREVIEW_HEIGHT = 500;
const NODE_WIDTH = 180;

type StepData = { name: string; app: string; kind: string; disabled: boolean };
type NoteData = { text: string; width: number; height: number };

function StepNode({ data }: NodeProps<Node<StepData>>) {
  return (
    <div
      className={cn(
        'flex w-[180px] items-center gap-2.5 rounded-xl border bg-white px-3 py-2.5 shadow-sm',
        data.kind === 'trigger' ? 'border-amber-300' : 'border-slate-300',
        data.disabled && 'opacity-50',
      )}
    >
      <Handle type="target" position={Position.Left} className="!size-2 !border-0 !bg-slate-400" />
      <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-50">
        <img src={`/api/icons/${encodeURIComponent(data.app)}.svg`} alt="" width={20} height={20} />
      </span>
      <span className="line-clamp-2 text-xs leading-snug font-medium text-slate-800">{data.name}</span>
      <Handle type="source" position={Position.Right} className="!size-2 !border-0 !bg-slate-400" />
    </div>
  );
}

function NoteNode({ data }: NodeProps<Node<NoteData>>) {
  return (
    <div
      className="overflow-hidden rounded-lg border border-amber-200 bg-amber-50/90 p-3 text-[11px] leading-snug whitespace-pre-wrap text-amber-950"
      style={{ width: data.width, height: data.height }}
    >
      {data.text.replace(/[#*_`>]/g, '').trim()}
    </div>
  );
}

const nodeTypes = { step: StepNode, note: NoteNode };

export function toFlow(graph: WorkflowGraph): { nodes: Node[]; edges: Edge[] } {
  const notes: Node[] = graph.annotations.map((note) => ({
    id: `note:${note.id}`,
    type: 'note',
    position: note.position,
    data: { text: note.text, width: note.size?.width ?? 240, height: note.size?.height ?? 160 },
    draggable: false,
    selectable: false,
    zIndex: -1,
  }));
  const steps: Node[] = graph.nodes.map((node) => ({
    id: node.id,
    type: 'step',
    position: node.position,
    data: { name: node.name, app: node.app, kind: node.kind, disabled: node.disabled },
    width: NODE_WIDTH,
  }));
  const edges: Edge[] = graph.edges.map((edge) => ({
    id: edge.id,
    source: edge.from,
    target: edge.to,
    label: edge.label,
    style: {
      stroke: edge.kind === 'error' ? '#dc2626' : edge.kind.startsWith('ai-') ? '#7c3aed' : '#64748b',
      strokeDasharray: edge.kind.startsWith('ai-') ? '5 4' : undefined,
    },
    markerEnd: { type: MarkerType.ArrowClosed, color: '#64748b' },
    labelBgPadding: [6, 3],
    labelBgBorderRadius: 6,
    labelStyle: { fontSize: 11, fill: '#334155' },
  }));
  return { nodes: [...notes, ...steps], edges };
}

/** The interactive graph of one export: pan, zoom, app icons on nodes, edge labels and sticky notes. */
export function WorkflowPreview({
  graphs,
  title,
  bounded = false,
}: {
  graphs: WorkflowGraph[];
  title: string;
  /** The graphs are the first nodes of a larger file: say so instead of counting them. */
  bounded?: boolean;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const graph = graphs[index] ?? graphs[0];
  const flow = useMemo(() => (graph ? toFlow(graph) : { nodes: [], edges: [] }), [graph]);
  if (!graph) return null;
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {graphs.length > 1 && (
        <div
          className="flex gap-1 overflow-x-auto border-b border-slate-200 p-2"
          role="group"
          aria-label={t('preview.workflows')}
        >
          {graphs.map((item, itemIndex) => (
            <button
              key={`${item.name}-${itemIndex}`}
              type="button"
              aria-pressed={itemIndex === index}
              onClick={() => setIndex(itemIndex)}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-xs font-medium whitespace-nowrap',
                itemIndex === index ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {item.name || t('preview.untitled', { number: itemIndex + 1 })}
            </button>
          ))}
        </div>
      )}
      <div style={{ height: PREVIEW_HEIGHT }} className="bg-slate-50" data-testid="workflow-preview">
        <ReactFlow
          key={index}
          nodes={flow.nodes}
          edges={flow.edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={{ padding: 0.1, minZoom: 0.35 }}
          minZoom={0.1}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={20} color="#cbd5e1" />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <figcaption className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm">
        <span className="truncate font-medium text-slate-800">{title}</span>
        <span className="shrink-0 text-slate-600">
          {bounded
            ? t('preview.firstNodes', { count: graph.nodes.length })
            : t('preview.nodeCount', { count: graph.nodes.length })}
        </span>
      </figcaption>
    </figure>
  );
}

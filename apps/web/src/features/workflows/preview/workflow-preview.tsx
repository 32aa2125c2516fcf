import {
  Background,
  Controls,
  Handle,
  MarkerType,
  MiniMap,
  Position,
  ReactFlow,
  useStore,
  type Edge,
  type Node,
  type NodeProps,
  type Viewport,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Pause } from 'lucide-react';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { GraphNode, WorkflowGraph } from '@flowbay/workflow-formats';
import { cn } from '@/lib/cn';
import { NodeDetails } from './node-details';
import { appIconSrc } from '../components/app-icon';

export const PREVIEW_HEIGHT = 500;
const MIN_PREVIEW_HEIGHT = 280;
const NODE_WIDTH = 180;
/** Below this zoom a 13 px label is under 9 px on screen: nodes collapse to their icon, the name on hover. */
export const COMPACT_ZOOM = 0.7;
/** Graphs with more nodes than this get a minimap. */
export const MINIMAP_NODES = 15;
const COMPACT_SIZE = 'clamp(56px, calc(30px / var(--preview-zoom, 1)), 132px)';

type StepData = { node: GraphNode; pausedLabel: string };
type NoteData = { text: string; width: number; height: number };

const compactSelector = (state: { transform: [number, number, number] }) => state.transform[2] < COMPACT_ZOOM;

function StepNode({ data }: NodeProps<Node<StepData>>) {
  const compact = useStore(compactSelector);
  const { node } = data;
  const icon = (
    <img
      src={appIconSrc(node.app, 'svg')}
      alt=""
      width={20}
      height={20}
      className={compact ? 'size-[55%]' : undefined}
      draggable={false}
    />
  );
  const paused = node.paused && (
    <span
      className="absolute -top-2 -right-2 inline-flex size-5 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-600"
      title={data.pausedLabel}
    >
      <Pause className="size-3" aria-hidden="true" />
      <span className="sr-only">{data.pausedLabel}</span>
    </span>
  );
  return (
    <div
      className={cn(
        'group relative rounded-xl border bg-white shadow-sm',
        node.kind === 'trigger' ? 'border-amber-300' : 'border-slate-300',
        node.disabled && 'opacity-50',
        compact ? 'flex items-center justify-center' : 'flex w-[180px] items-center gap-2.5 px-3 py-2.5',
      )}
      // Collapsed, the icon grows as the graph shrinks, so it stays about 30 px on screen.
      style={compact ? { width: COMPACT_SIZE, height: COMPACT_SIZE } : undefined}
      data-testid="preview-node"
      data-compact={compact || undefined}
    >
      <Handle type="target" position={Position.Left} className="!size-2 !border-0 !bg-slate-400" />
      {compact ? (
        <>
          {icon}
          <span className="sr-only">{node.name}</span>
          {/* The name on hover, drawn at a readable size whatever the zoom (--preview-zoom is set on move). */}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute bottom-full left-1/2 mb-1 hidden -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 whitespace-nowrap text-white group-hover:block"
            style={{ fontSize: 'calc(12px / var(--preview-zoom, 1))' }}
          >
            {node.name}
          </span>
        </>
      ) : (
        <>
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-50">
            {icon}
          </span>
          <span className="line-clamp-2 text-[13px] leading-snug font-medium text-slate-800">
            {node.name}
          </span>
        </>
      )}
      {paused}
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

export function toFlow(graph: WorkflowGraph, pausedLabel = ''): { nodes: Node[]; edges: Edge[] } {
  const notes: Node[] = graph.annotations.map((note) => ({
    id: `note:${note.id}`,
    type: 'note',
    position: note.position,
    data: { text: note.text, width: note.size?.width ?? 240, height: note.size?.height ?? 160 },
    initialWidth: note.size?.width ?? 240,
    initialHeight: note.size?.height ?? 160,
    draggable: false,
    selectable: false,
    focusable: false,
    zIndex: -1,
  }));
  const steps: Node[] = graph.nodes.map((node) => ({
    id: node.id,
    type: 'step',
    position: node.position,
    data: { node, pausedLabel } satisfies StepData,
    // Initial sizes (not fixed ones): a node shrinks to its icon when zoomed out; the minimap uses them.
    initialWidth: NODE_WIDTH,
    initialHeight: 60,
    ariaLabel: node.name,
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

function zoomModifier(): string {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
}

function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;
}

/** Width over height of the drawn graph, so a wide workflow gets a lower frame instead of empty bands. */
function graphAspect(nodes: Node[]): number {
  if (nodes.length === 0) return 1;
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of nodes) {
    const width = (node.data as Partial<NoteData>).width ?? NODE_WIDTH;
    const height = (node.data as Partial<NoteData>).height ?? 64;
    left = Math.min(left, node.position.x);
    top = Math.min(top, node.position.y);
    right = Math.max(right, node.position.x + width);
    bottom = Math.max(bottom, node.position.y + height);
  }
  return (right - left + 120) / (bottom - top + 160);
}

/**
 * The interactive graph of one export. It lets the page scroll past it until the visitor clicks
 * or focuses it; then drag and wheel pan, Ctrl/⌘ + wheel (or a pinch) zooms, a node opens its
 * details, and Esc, "Done" or a click outside hands scrolling back to the page.
 */
export function WorkflowPreview({
  graphs,
  title,
  bounded = false,
  showSettings = false,
}: {
  graphs: WorkflowGraph[];
  title: string;
  /** The graphs are the first nodes of a larger file: say so instead of counting them. */
  bounded?: boolean;
  /** Whether the node panel lists settings (free workflows). */
  showSettings?: boolean;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [active, setActive] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const graph = graphs[index] ?? graphs[0];
  const pausedLabel = t('preview.paused');
  const flow = useMemo(
    () => (graph ? toFlow(graph, pausedLabel) : { nodes: [], edges: [] }),
    [graph, pausedLabel],
  );
  // Zoomed out, edge labels would be specks: they come back with the node labels.
  const [compact, setCompact] = useState(false);
  const edges = useMemo(
    () => (compact ? flow.edges.map((edge) => ({ ...edge, label: undefined })) : flow.edges),
    [flow.edges, compact],
  );
  const selected = graph?.nodes.find((node) => node.id === selectedId);
  const modifier = useMemo(zoomModifier, []);
  const touch = useMemo(isTouchScreen, []);
  const aspect = useMemo(() => graphAspect(flow.nodes), [flow.nodes]);

  const deactivate = useCallback(() => {
    setActive(false);
    setSelectedId(null);
  }, []);

  useEffect(() => {
    // Idle, swipes over the graph scroll the page: React Flow's pane refuses every touch gesture.
    const pane = frame.current?.querySelector<HTMLElement>('.react-flow__pane');
    if (pane) pane.style.touchAction = active ? '' : 'pan-x pan-y pinch-zoom';
  });

  useEffect(() => {
    if (!active) return;
    // The activating button is gone: keep keyboard focus in the graph.
    if (frame.current && !frame.current.contains(document.activeElement))
      frame.current.focus({ preventScroll: true });
    const onPointerDown = (event: PointerEvent) => {
      if (frame.current && !frame.current.contains(event.target as globalThis.Node)) deactivate();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (selectedId) setSelectedId(null);
      else deactivate();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active, selectedId, deactivate]);

  const onMove = useCallback((_: unknown, viewport: Viewport) => {
    frame.current?.style.setProperty('--preview-zoom', String(viewport.zoom));
    setCompact(viewport.zoom < COMPACT_ZOOM);
  }, []);

  /** Enter or Space on a focused node opens it, as a click does. */
  const openFocusedNode = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const id = (event.target as HTMLElement).closest('.react-flow__node')?.getAttribute('data-id');
    if (id && graph?.nodes.some((node) => node.id === id)) {
      event.preventDefault();
      setSelectedId(id);
    }
  };

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
              onClick={() => {
                setIndex(itemIndex);
                setSelectedId(null);
              }}
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
      <div
        ref={frame}
        style={{
          aspectRatio: aspect,
          maxHeight: PREVIEW_HEIGHT,
          minHeight: MIN_PREVIEW_HEIGHT,
          width: '100%',
        }}
        className={cn('relative bg-slate-50 outline-none', active && 'ring-brand-500 ring-2 ring-inset')}
        data-testid="workflow-preview"
        data-active={active}
        tabIndex={-1}
        onFocus={() => setActive(true)}
        onKeyDown={openFocusedNode}
        role="region"
        aria-label={t('preview.graphLabel', { title })}
      >
        <ReactFlow
          key={index}
          nodes={flow.nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={{ padding: 0.08, minZoom: 0.05, maxZoom: 1 }}
          minZoom={0.05}
          maxZoom={2}
          onInit={(instance) => onMove(null, instance.getViewport())}
          onMove={onMove}
          panOnDrag={active}
          panOnScroll={active}
          zoomOnScroll={false}
          zoomOnPinch={active}
          zoomOnDoubleClick={active}
          preventScrolling={active}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={active}
          edgesFocusable={false}
          elementsSelectable={false}
          onPaneClick={() => setActive(true)}
          onNodeClick={(_, node) => {
            setActive(true);
            if (node.type === 'step') setSelectedId(node.id);
          }}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={20} color="#cbd5e1" />
          {active && <Controls showInteractive={false} />}
          {graph.nodes.length > MINIMAP_NODES && (
            <MiniMap
              className="max-sm:!hidden"
              ariaLabel={t('preview.minimap')}
              pannable={active}
              zoomable={active}
              nodeColor={(node) => (node.type === 'note' ? '#fde68a' : '#94a3b8')}
            />
          )}
        </ReactFlow>
        {active ? (
          <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex items-start justify-between gap-2 p-2">
            <p className="rounded-md bg-white/90 px-2 py-1 text-xs text-slate-600 shadow-sm max-sm:hidden">
              {touch ? t('preview.activeHintTouch') : t('preview.activeHint', { modifier })}
            </p>
            <button
              type="button"
              onClick={deactivate}
              className="pointer-events-auto ml-auto cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-800 shadow-sm hover:bg-slate-100"
            >
              {t('preview.done')}
            </button>
          </div>
        ) : (
          <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex justify-end p-2">
            <button
              type="button"
              className="pointer-events-auto cursor-pointer rounded-full bg-slate-900/80 px-3 py-1.5 text-xs font-medium text-white shadow hover:bg-slate-900"
              onClick={() => setActive(true)}
              data-testid="preview-activate"
            >
              {touch ? t('preview.activateHintTouch') : t('preview.activateHint', { modifier })}
            </button>
          </div>
        )}
        {selected && (
          <NodeDetails node={selected} showSettings={showSettings} onClose={() => setSelectedId(null)} />
        )}
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

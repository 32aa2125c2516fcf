import type { DomainEvent } from '../../infra/events/domain-events.ts';
import type { Events } from '../../infra/events/events.ts';
import type { WorkflowsRepository } from '../workflows/index.ts';

/** Events after which a workflow's own search text is rebuilt (from the row inside the writer's tx). */
const WORKFLOW_WRITES = ['workflow.changed', 'version.approved', 'workflow.rejected'] as const;

/** Events that may change what a catalogue card shows: counts, names, avatars, listings. */
const CARD_CHANGES: readonly DomainEvent[] = [
  ...WORKFLOW_WRITES,
  'review.written',
  'favorite.changed',
  'profile.changed',
  'account.deleted',
];

/**
 * The catalogue follows every write that changes a card: the workflow's search document is rebuilt in
 * the writer's transaction, and this instance's cached pages and counts are dropped (its search index
 * reads the change back before the next search). Other instances catch up by their cache's few
 * seconds and their index's change stamps.
 */
export function registerCatalogListeners(
  events: Pick<Events, 'on'>,
  deps: {
    workflows: Pick<WorkflowsRepository, 'refreshSearchDocument'>;
    catalogueCache: { invalidate(): void };
  },
) {
  for (const event of WORKFLOW_WRITES) {
    events.on(
      event,
      'catalog.search-document',
      ({ workflowId }, { tx }) => deps.workflows.refreshSearchDocument(tx, workflowId),
      { inTransaction: true },
    );
  }
  for (const event of CARD_CHANGES) {
    events.on(event, 'catalog.cache', async () => deps.catalogueCache.invalidate(), { inTransaction: true });
  }
}

/**
 * The workflow aggregate (workflows, versions, pending edits, taxonomy links): its one repository
 * and the helpers catalog, publishing and review share. Other modules import it only from here.
 */
export {
  createWorkflowsRepository,
  pendingChanges,
  unknownTaxonomyError,
  versionExistsError,
  type EditChanges,
  type ManagedRow,
  type NewVersion,
  type Transaction,
  type WorkflowsRepository,
} from './workflows.repository.ts';
export { publicChanges } from './edit-changes.ts';

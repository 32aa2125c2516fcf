/**
 * The workflow aggregate (workflows, versions, pending edits, taxonomy links): its one repository,
 * the helpers catalog, publishing and moderation share, and who may see a workflow or have its file
 * (access.ts). Other modules import it only from here.
 */
export {
  createWorkflowsRepository,
  pendingChanges,
  unknownTaxonomyError,
  versionExistsError,
  type EditChanges,
  type ListingScreenshot,
  type ManagedRow,
  type NewVersion,
  type Transaction,
  type WorkflowsRepository,
} from './workflows.repository.ts';
export { publicChanges } from './edit-changes.ts';
export { screenshotOf, shownText, versionNotesOf } from './listing-texts.ts';
export * from './version-checks.ts';
export { canSeeUnlisted, canSeeWorkflow, resolveAccess, type AccessSubject } from './access.ts';

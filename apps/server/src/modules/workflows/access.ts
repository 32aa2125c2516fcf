import type { WorkflowAccess } from '@flowbay/domain';
import { isAdmin, isSignedIn, type Viewer } from '../../infra/request-viewer.ts';

/**
 * Who may see a workflow and who may have its file: the rules of the workflow aggregate, used by
 * catalog, publishing, orders and ratings (through modules/workflows/index.ts).
 */

export interface AccessSubject {
  userId: string;
  price: number;
}

/**
 * Who may have a workflow's file (docs/architecture.md, data rules): anyone for a free one; for a paid
 * one only its author, an admin or a buyer. `purchased` is looked up only when it matters.
 */
export async function resolveAccess(
  viewer: Viewer,
  workflow: AccessSubject,
  hasPurchased: () => Promise<boolean>,
): Promise<WorkflowAccess> {
  const isAuthor = isSignedIn(viewer) && viewer.id === workflow.userId;
  const canManage = isAuthor || isAdmin(viewer);
  if (workflow.price <= 0) {
    return { can_download: true, can_manage: canManage, purchased: false, reason: 'free' };
  }
  if (isAuthor) return { can_download: true, can_manage: true, purchased: false, reason: 'author' };
  if (isAdmin(viewer)) return { can_download: true, can_manage: true, purchased: false, reason: 'admin' };
  const purchased = isSignedIn(viewer) && (await hasPurchased());
  return purchased
    ? { can_download: true, can_manage: false, purchased: true, reason: 'purchased' }
    : { can_download: false, can_manage: false, purchased: false, reason: 'payment_required' };
}

/** Pending, rejected and unlisted workflows are seen only by their author and admins. */
export function canSeeUnlisted(viewer: Viewer, workflow: { userId: string }): boolean {
  return isAdmin(viewer) || (isSignedIn(viewer) && viewer.id === workflow.userId);
}

export interface VisibilitySubject {
  userId: string;
  status: string;
  deletedAt: Date | null;
}

/**
 * Who may see a workflow at all: anyone a listed one; its author and admins a pending, rejected or
 * unlisted one; admins and its buyers a deleted one (it stays reachable for those who bought it,
 * docs/decisions/0020-review-workflow.md). `hasPurchased` is asked only for a deleted one.
 */
export async function canSeeWorkflow(
  viewer: Viewer,
  workflow: VisibilitySubject,
  hasPurchased: (userId: string) => Promise<boolean>,
): Promise<boolean> {
  if (workflow.deletedAt) return isAdmin(viewer) || (isSignedIn(viewer) && (await hasPurchased(viewer.id)));
  return workflow.status === 'listed' || canSeeUnlisted(viewer, workflow);
}

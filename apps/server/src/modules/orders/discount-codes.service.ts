import type { CreateDiscountCodeBody, DiscountCode } from '@flowbay/domain';
import type { Clock } from '../../infra/jobs/queue.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import type { DiscountCodesRepository } from './discount-codes.repository.ts';
import type { DiscountCodeRow } from './licences.repository.ts';

const codeNotFound = () => notFound('DISCOUNT_CODE_NOT_FOUND', 'Discount code not found');

/**
 * A seller's discount codes (decision 0159): created for some or all of their own workflows, listed
 * with their uses, deactivated (never deleted: orders keep naming them). Only the seller sees them;
 * anyone else gets 404 for another seller's code.
 */
export function createDiscountCodesService(deps: { repository: DiscountCodesRepository; clock: Clock }) {
  const { repository, clock } = deps;

  function toCode(row: DiscountCodeRow): DiscountCode {
    const now = clock().getTime();
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.value,
      workflow_ids: row.workflowIds,
      max_uses: row.maxUses,
      uses: row.uses,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      active: row.deactivatedAt === null && now < row.endsAt.getTime() && row.uses < row.maxUses,
      deactivated_at: row.deactivatedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  }

  return {
    async list(viewer: Viewer) {
      const seller = requireUser(viewer);
      const rows = await repository.listOf(seller.id);
      return { codes: rows.map(toCode) };
    },

    async create(viewer: Viewer, body: CreateDiscountCodeBody) {
      const seller = requireUser(viewer);
      const workflowIds = body.workflow_ids ? [...new Set(body.workflow_ids)] : null;
      if (workflowIds) {
        const own = await repository.countOwnWorkflows(seller.id, workflowIds);
        // Another seller's workflow is as unknown as one that does not exist.
        if (own !== workflowIds.length) throw notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
      }
      const row = await repository.insert({
        sellerId: seller.id,
        code: body.code,
        kind: body.kind,
        value: body.value,
        workflowIds,
        maxUses: body.max_uses,
        startsAt: new Date(body.starts_at),
        endsAt: new Date(body.ends_at),
        createdAt: clock(),
      });
      if (!row) throw new AppError('DISCOUNT_CODE_EXISTS', 'You already have a discount code with this name');
      return { code: toCode(row) };
    },

    /** Stops a code from being used (orders already placed with it keep their price). */
    async deactivate(viewer: Viewer, id: string) {
      const seller = requireUser(viewer);
      const row = await repository.findOwn(seller.id, id);
      if (!row) throw codeNotFound();
      if (row.deactivatedAt) return { code: toCode(row) };
      return { code: toCode(await repository.deactivate(id, clock())) };
    },
  };
}

export type DiscountCodesService = ReturnType<typeof createDiscountCodesService>;

import type { FastifyInstance } from 'fastify';
import { WorkflowRefParams } from '@flowbay/domain';
import { contractRoutes, SIGNED_IN_ERRORS } from '../../lib/contract-routes.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import type { PublishingService } from './publishing.service.ts';

export async function publishingRoutes(
  root: FastifyInstance,
  { publishing }: { publishing: PublishingService },
) {
  const route = contractRoutes(root, {
    tags: ['publishing'],
    access: 'owner',
    errors: SIGNED_IN_ERRORS,
    params: WorkflowRefParams.shape,
  });

  route('POST /api/workflows', {
    summary:
      'Create a workflow from an uploaded file; it waits for review (pending) and the public cannot see it',
    access: 'signed-in',
    status: 201,
    handler: (request) => publishing.create(request.viewer, request.body),
  });

  route('PUT /api/workflows/:id', {
    summary:
      'Edit a workflow (author or admin). A listed workflow keeps its approved content until the edit is approved',
    handler: (request) => publishing.update(request.viewer, request.params.id, request.body),
  });

  route('DELETE /api/workflows/:id', {
    summary: 'Delete a workflow (author or admin). Buyers keep access to what they bought',
    handler: (request) => publishing.remove(request.viewer, request.params.id),
  });

  route('POST /api/workflows/:id/versions', {
    summary: 'Add a version from an uploaded file (unique per workflow); it waits for review',
    status: 201,
    handler: (request) => publishing.addVersion(request.viewer, request.params.id, request.body),
  });

  /** The separate link endpoints: link every pair, then answer the links as sent. */
  const linkAll =
    <L extends { workflow_id: string }>(kind: 'categoryIds' | 'subcategoryIds', idOf: (link: L) => string) =>
    async (request: { viewer: Viewer; body: L[] }) => {
      const items = request.body.map((link) => ({ workflow_id: link.workflow_id, id: idOf(link) }));
      await publishing.link(request.viewer, kind, items);
      return request.body;
    };

  route('POST /api/workflow-categories', {
    summary: 'Link platforms to workflows; POST /api/workflows can do it in the same transaction',
    status: 201,
    handler: linkAll('categoryIds', (link) => link.category_id),
  });

  route('POST /api/workflow-subcategories', {
    summary: 'Link use cases to workflows',
    status: 201,
    handler: linkAll('subcategoryIds', (link) => link.subcategory_id),
  });

  route('GET /api/me/workflows', {
    summary: "The caller's workflows in every status, with review decisions, reasons and pending changes",
    access: 'signed-in',
    errors: [401, 403],
    handler: (request) => publishing.mine(request.viewer, request.query.page),
  });
}

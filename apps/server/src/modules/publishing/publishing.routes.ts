import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  CreateVersionInput,
  CreateWorkflowInput,
  LinkCategoriesInput,
  LinkSubcategoriesInput,
  MyWorkflowList,
  PageQuery,
  UpdateWorkflowInput,
  WorkflowDeleted,
  WorkflowDetail,
  WorkflowVersion,
} from '@flowbay/domain';
import type { PublishingService } from './publishing.service.ts';
import { signedInSecurity } from '../../plugins/openapi.ts';

const WorkflowRef = z.object({ id: z.string().min(1).max(200) });
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };

export async function publishingRoutes(
  root: FastifyInstance,
  { publishing }: { publishing: PublishingService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/workflows',
    {
      schema: {
        tags: ['publishing'],
        summary:
          'Create a workflow from an uploaded file; it waits for review (pending) and the public cannot see it',
        security: signedInSecurity,
        body: CreateWorkflowInput,
        response: { 201: WorkflowDetail, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    async (request, reply) => reply.status(201).send(await publishing.create(request.viewer, request.body)),
  );

  app.put(
    '/api/workflows/:id',
    {
      schema: {
        tags: ['publishing'],
        summary:
          'Edit a workflow (author or admin). A listed workflow keeps its approved content until the edit is approved',
        security: signedInSecurity,
        params: WorkflowRef,
        body: UpdateWorkflowInput,
        response: { 200: WorkflowDetail, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => publishing.update(request.viewer, request.params.id, request.body),
  );

  app.delete(
    '/api/workflows/:id',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Delete a workflow (author or admin). Buyers keep access to what they bought',
        security: signedInSecurity,
        params: WorkflowRef,
        response: {
          200: WorkflowDeleted,
          ...errors,
        },
      },
      config: { invalidatesCatalogue: true },
    },
    (request) => publishing.remove(request.viewer, request.params.id),
  );

  app.post(
    '/api/workflows/:id/versions',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Add a version from an uploaded file (unique per workflow); it waits for review',
        security: signedInSecurity,
        params: WorkflowRef,
        body: CreateVersionInput,
        response: { 201: WorkflowVersion, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    async (request, reply) =>
      reply.status(201).send(await publishing.addVersion(request.viewer, request.params.id, request.body)),
  );

  app.post(
    '/api/workflow-categories',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Link platforms to workflows (spec); POST /api/workflows can do it in the same transaction',
        security: signedInSecurity,
        body: LinkCategoriesInput,
        response: { 201: LinkCategoriesInput, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    async (request, reply) => {
      const items = request.body.map((item) => ({ workflow_id: item.workflow_id, id: item.category_id }));
      await publishing.link(request.viewer, 'categoryIds', items);
      return reply.status(201).send(request.body);
    },
  );

  app.post(
    '/api/workflow-subcategories',
    {
      schema: {
        tags: ['publishing'],
        summary: 'Link use cases to workflows (spec)',
        security: signedInSecurity,
        body: LinkSubcategoriesInput,
        response: { 201: LinkSubcategoriesInput, ...errors },
      },
      config: { invalidatesCatalogue: true },
    },
    async (request, reply) => {
      const items = request.body.map((item) => ({ workflow_id: item.workflow_id, id: item.subcategory_id }));
      await publishing.link(request.viewer, 'subcategoryIds', items);
      return reply.status(201).send(request.body);
    },
  );

  app.get(
    '/api/me/workflows',
    {
      schema: {
        tags: ['publishing'],
        summary: "The caller's workflows in every status, with review decisions, reasons and pending changes",
        security: signedInSecurity,
        querystring: PageQuery,
        response: {
          200: MyWorkflowList,
          401: ApiError,
          403: ApiError,
        },
      },
    },
    (request) => publishing.mine(request.viewer, request.query.page),
  );
}

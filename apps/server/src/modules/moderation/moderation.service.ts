import type { z } from 'zod';
import {
  workflowPath,
  type DuplicateMatch,
  type NodeSummary,
  type PlatformCheck,
  type Requirements,
  type SafetyFinding,
  type VersionDiff,
} from '@flowbay/domain';
import { diffSummaries, isPlatformId, similarity, type ExportSummary } from '@flowbay/workflow-formats';
import type { Events } from '../../infra/events/events.ts';
import type { Storage } from '../../infra/storage/index.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { AppError, notFound, unauthenticated } from '../../lib/errors.ts';
import { requireAdmin } from '../../lib/guards.ts';
import {
  highestSeverity,
  publicChanges,
  storedChecks,
  versionFindings,
  type EditChanges,
  type WorkflowFileChecks,
  type Transaction,
  type WorkflowsRepository,
} from '../workflows/index.ts';
import type { PolicyCheckService } from '../policy-check/index.ts';
import { adminActor, recordAudit } from '../audit/index.ts';
import type { ReportReason, ModerationRepository } from './moderation.repository.ts';

export interface ModerationDeps {
  repository: ModerationRepository;
  workflows: WorkflowsRepository;
  storage: Storage;
  /** Decisions are stated as events: the catalogue and the author's e-mail listen. */
  events: Pick<Events, 'emit'>;
  /** The language model's `policy` finding of each version, when that check is on (decision 0166). */
  policyCheck?: Pick<PolicyCheckService, 'policyFindingsFor' | 'policyFindingsOfWorkflow'>;
}

type RequirementsShape = z.infer<typeof Requirements>;

const QUEUE_PAGE = 50;
const workflowNotFound = () => notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
const nothingToModerate = () => new AppError('CONFLICT', 'Nothing is waiting for review on this workflow');

function cardSummary(summary: NodeSummary | null): NodeSummary | null {
  if (!summary) return null;
  const { platform, workflowCount, nodeCount, edgeCount, apps } = summary;
  return { platform, workflowCount, nodeCount, edgeCount, apps };
}

/** At or above this node similarity another listing is shown to the reviewer as a near copy. */
export const SIMILARITY_THRESHOLD = 0.8;

function versionDiff(current: ExportSummary | null, submitted: ExportSummary | null): VersionDiff | null {
  if (!current || !submitted) return null;
  const diff = diffSummaries(current, submitted);
  return {
    nodes_added: diff.nodesAdded,
    nodes_removed: diff.nodesRemoved,
    apps_added: diff.appsAdded,
    apps_removed: diff.appsRemoved,
  };
}

export function createModerationService(deps: ModerationDeps) {
  const { repository, workflows: workflowsRepository, storage } = deps;
  const noPolicyFindings = new Map<string, SafetyFinding[]>();
  const policyFindings = (versionIds: string[]) =>
    deps.policyCheck?.policyFindingsFor(versionIds) ?? Promise.resolve(noPolicyFindings);

  async function lockedWorkflow(tx: Transaction, id: string) {
    await workflowsRepository.lock(tx, id);
    const row = await workflowsRepository.findManaged(id, tx);
    if (!row || row.deletedAt) throw workflowNotFound();
    return row;
  }

  /** Other listings with this file, or one nearly like it, most alike first. */
  async function duplicatesOf(
    workflowId: string,
    version: { sha256: string; summary: ExportSummary | null },
  ): Promise<DuplicateMatch[]> {
    if (!version.summary) return [];
    const candidates = await repository.duplicateCandidates({
      workflowId,
      sha256: version.sha256,
      keys: version.summary.similarityKeys ?? [],
    });
    const byWorkflow = new Map<string, DuplicateMatch>();
    for (const candidate of candidates) {
      const identical = candidate.sha256 === version.sha256;
      const score = identical ? 1 : similarity(version.summary, { nodes: candidate.nodes ?? [] });
      if (!identical && score < SIMILARITY_THRESHOLD) continue;
      const previous = byWorkflow.get(candidate.workflowId);
      if (previous && (previous.match === 'identical' || previous.similarity >= score)) continue;
      byWorkflow.set(candidate.workflowId, {
        workflow_id: candidate.workflowId,
        title: candidate.title,
        status: candidate.status,
        path: workflowPath({ slug: candidate.slug, id: candidate.workflowId }),
        match: identical ? 'identical' : 'similar',
        similarity: Math.round(score * 100) / 100,
      });
    }
    return [...byWorkflow.values()].sort(
      (a, b) =>
        Number(b.match === 'identical') - Number(a.match === 'identical') || b.similarity - a.similarity,
    );
  }

  return {
    /** Everything waiting, oldest first, with what the automated checks found in each file. */
    async queue(viewer: Viewer, page: number) {
      requireAdmin(viewer);
      const { rows, total } = await repository.queue(page, QUEUE_PAGE);
      const ids = rows.map((row) => row.id);
      const [details, current, rejections] = await Promise.all([
        repository.queueDetails(ids),
        repository.currentVersions(ids),
        repository.lastRejections(ids),
      ]);
      // An edit's texts are checked with the listed version they would be listed with.
      const policy = await policyFindings([
        ...details.versions.map((version) => version.id),
        ...rows.flatMap((row) => (row.currentVersionId ? [row.currentVersionId] : [])),
      ]);
      const duplicates = new Map<string, DuplicateMatch[]>();
      for (const version of details.versions)
        duplicates.set(version.id, await duplicatesOf(version.workflowId, version));
      return {
        total,
        page,
        pageSize: QUEUE_PAGE,
        items: rows.map((row) => {
          const edit = details.edits.find((item) => item.workflowId === row.id);
          const listedSummary = current.find((item) => item.workflowId === row.id)?.summary ?? null;
          const pendingVersions = details.versions.filter((version) => version.workflowId === row.id);
          const categoryIds = details.categories
            .filter((item) => item.workflowId === row.id)
            .map((item) => item.categoryId);
          const declared = (
            ((edit?.changes as EditChanges | undefined)?.categoryIds ?? categoryIds) as string[]
          ).filter((id) => isPlatformId(id));
          const detected = pendingVersions.at(-1)?.summary?.platform ?? listedSummary?.platform ?? null;
          const platforms: PlatformCheck = {
            declared,
            detected,
            mismatch: detected !== null && declared.some((id) => id !== detected),
          };
          const rejection = rejections.find((item) => item.workflowId === row.id);
          return {
            platforms,
            kind: row.currentVersionId ? ('update' as const) : ('new' as const),
            previous_rejection: rejection
              ? { reason: rejection.reason ?? '', decided_at: rejection.createdAt.toISOString() }
              : null,
            submitted_at: new Date(row.submittedAt).toISOString(),
            open_reports: Number(row.openReports),
            highest_severity: highestSeverity(
              pendingVersions.flatMap((version) =>
                versionFindings(storedChecks(version.checks), policy.get(version.id)),
              ),
            ),
            workflow: {
              id: row.id,
              slug: row.slug,
              title: row.title,
              description: row.description,
              language: row.language,
              translation: row.translation ?? null,
              price: Number(row.price),
              status: row.status,
              cover_image_url: row.coverKey ? storage.publicUrl(row.coverKey) : null,
              tested_with: row.testedWith,
              created_at: row.createdAt.toISOString(),
              category_ids: categoryIds,
              subcategory_ids: details.subcategories
                .filter((item) => item.workflowId === row.id)
                .map((item) => item.subcategoryId),
              author: { id: row.authorId, name: row.authorName, email: row.authorEmail },
            },
            versions: pendingVersions.map((version) => {
              const checks: Partial<WorkflowFileChecks> = storedChecks(version.checks) ?? {};
              const summary = version.summary as (NodeSummary & { requirements?: RequirementsShape }) | null;
              return {
                id: version.id,
                version: version.version,
                notes: version.notes,
                notes_translation: version.notesTranslation,
                created_at: version.createdAt.toISOString(),
                download_url: `/api/workflows/${row.id}/versions/${version.id}/download`,
                checks: {
                  format: checks.format ?? summary?.platform ?? null,
                  size: version.size,
                  sha256: version.sha256,
                  node_summary: cardSummary(summary),
                  requirements: summary?.requirements ?? null,
                  secrets: checks.secrets ?? { found: 0, redacted: [] },
                  warnings: checks.warnings ?? [],
                  safety: versionFindings(checks, policy.get(version.id)),
                  compatibility: checks.compatibility ?? null,
                  setup: checks.setup ?? null,
                },
                diff: versionDiff(listedSummary, version.summary),
                duplicates: duplicates.get(version.id) ?? [],
              };
            }),
            edit: edit
              ? {
                  id: edit.id,
                  created_at: edit.createdAt.toISOString(),
                  changes: publicChanges(edit.changes as EditChanges, (key) => storage.publicUrl(key)),
                  findings: (row.currentVersionId && policy.get(row.currentVersionId)) || [],
                }
              : null,
          };
        }),
      };
    },

    /**
     * Approves everything waiting on a workflow: the newest pending version becomes the listed file,
     * a pending edit is applied to the listed content, and the workflow is listed.
     */
    async approve(viewer: Viewer, workflowId: string, input: { note?: string } | null = null) {
      const admin = requireAdmin(viewer);
      const note = input?.note?.trim() || null;
      // Read before the transaction: the policy check's rows are not part of what it locks.
      const policyOfWorkflow =
        (await deps.policyCheck?.policyFindingsOfWorkflow(workflowId)) ?? noPolicyFindings;
      await workflowsRepository.transaction(async (tx) => {
        const row = await lockedWorkflow(tx, workflowId);
        const pending = await repository.pendingVersions(tx, row.id);
        const edit = await workflowsRepository.pendingEdit(tx, row.id);
        if (pending.length === 0 && !edit && row.status === 'listed') throw nothingToModerate();
        // A rejected first submission resubmitted with text changes only: its newest file is the one reviewed.
        const target =
          pending[0] ?? (row.currentVersionId ? null : await repository.newestVersion(tx, row.id));
        if (!target && !row.currentVersionId) throw nothingToModerate();
        // A file with a high-severity finding is listed only with an admin's note on why.
        const added = target ? policyOfWorkflow.get(target.id) : undefined;
        if (
          target &&
          !note &&
          highestSeverity(versionFindings(storedChecks(target.checks), added)) === 'high'
        ) {
          throw new AppError(
            'APPROVAL_NOTE_REQUIRED',
            'This file has a high-severity safety finding: an approval needs a note',
            'note',
          );
        }
        const now = new Date();
        const changes = (edit?.changes ?? {}) as EditChanges;
        const { categoryIds, subcategoryIds, ...columns } = changes;
        await workflowsRepository.approve(tx, row.id, {
          current: target ? { id: target.id, summary: cardSummary(target.summary) } : null,
          columns,
          listedAt: row.status === 'listed' ? undefined : now,
          now,
        });
        if (edit) {
          await workflowsRepository.replaceTaxonomy(tx, row.id, { categoryIds, subcategoryIds });
          await workflowsRepository.closeEdit(tx, edit.id, { status: 'approved', now });
        }
        await repository.insertDecision(tx, {
          workflowId: row.id,
          versionId: target?.id ?? null,
          editId: edit?.id ?? null,
          moderatorId: admin.id,
          decision: 'approved',
          reason: note,
        });
        await recordAudit(tx, {
          actor: adminActor(admin),
          action: 'workflow.approve',
          subject: { type: 'workflow', id: row.id },
          before: { status: row.status, version_id: row.currentVersionId ?? null },
          after: { status: 'listed', version_id: target?.id ?? row.currentVersionId ?? null },
          note,
        });
        await deps.events.emit(tx, 'version.approved', {
          workflowId: row.id,
          versionId: target?.id ?? null,
          isUpdate: Boolean(row.currentVersionId),
        });
      });
      return { workflow_id: workflowId, decision: 'approved' as const, status: 'listed' as const };
    },

    /** Rejects everything waiting; a listed workflow keeps its approved content, a new one becomes rejected. */
    async reject(viewer: Viewer, workflowId: string, reason: string) {
      const admin = requireAdmin(viewer);
      const outcome = await workflowsRepository.transaction(async (tx) => {
        const row = await lockedWorkflow(tx, workflowId);
        const pending = await repository.pendingVersions(tx, row.id);
        const edit = await workflowsRepository.pendingEdit(tx, row.id);
        if (pending.length === 0 && !edit && row.status !== 'pending') throw nothingToModerate();
        const now = new Date();
        await workflowsRepository.rejectPendingVersions(tx, row.id, reason, now);
        if (edit) await workflowsRepository.closeEdit(tx, edit.id, { status: 'rejected', reason, now });
        const status = row.currentVersionId ? row.status : ('rejected' as const);
        await workflowsRepository.setStatus(tx, row.id, status, now);
        await repository.insertDecision(tx, {
          workflowId: row.id,
          versionId: pending[0]?.id ?? null,
          editId: edit?.id ?? null,
          moderatorId: admin.id,
          decision: 'rejected',
          reason,
        });
        await recordAudit(tx, {
          actor: adminActor(admin),
          action: 'workflow.reject',
          subject: { type: 'workflow', id: row.id },
          before: { status: row.status },
          after: { status },
          note: reason,
        });
        const isUpdate = Boolean(row.currentVersionId);
        await deps.events.emit(tx, 'workflow.rejected', {
          workflowId: row.id,
          decision: 'rejected',
          isUpdate,
          reason,
        });
        return { status };
      });
      return { workflow_id: workflowId, decision: 'rejected' as const, status: outcome.status };
    },

    /** Anyone signed in may report a listed workflow; a second report while one is open is the same report. */
    async report(viewer: Viewer, workflowId: string, input: { reason: ReportReason; details: string }) {
      if (!isSignedIn(viewer)) throw unauthenticated();
      const row = await workflowsRepository.findManaged(workflowId);
      if (!row || row.deletedAt || row.status !== 'listed') throw workflowNotFound();
      return repository.insertOpenReport({ workflowId: row.id, reporterId: viewer.id, ...input });
    },

    async reports(viewer: Viewer, status: 'open' | 'unlisted' | 'dismissed', page: number) {
      requireAdmin(viewer);
      return repository.listReports(status, page, QUEUE_PAGE);
    },

    /** `unlist` takes the workflow out of the catalogue and closes every open report on it; `dismiss` closes this one. */
    async resolveReport(viewer: Viewer, reportId: string, action: 'unlist' | 'dismiss', note?: string) {
      const admin = requireAdmin(viewer);
      const now = new Date();
      const report = await workflowsRepository.transaction(async (tx) => {
        const found = await repository.findReport(tx, reportId);
        if (!found) throw notFound('NOT_FOUND', 'Report not found');
        if (found.status !== 'open') throw new AppError('CONFLICT', 'This report is already resolved');
        const resolution = { resolvedBy: admin.id, resolvedAt: now };
        if (action === 'dismiss') {
          await repository.dismissReport(tx, found.id, resolution);
          return found;
        }
        await workflowsRepository.lock(tx, found.workflowId);
        const listed = await workflowsRepository.findManaged(found.workflowId, tx);
        await workflowsRepository.setStatus(tx, found.workflowId, 'unlisted', now);
        await recordAudit(tx, {
          actor: adminActor(admin),
          action: 'workflow.unlist',
          subject: { type: 'workflow', id: found.workflowId },
          before: { status: listed?.status ?? null },
          after: { status: 'unlisted', report_id: found.id },
          note: note ?? null,
        });
        await repository.closeOpenReportsAsUnlisted(tx, found.workflowId, resolution);
        await deps.events.emit(tx, 'workflow.rejected', {
          workflowId: found.workflowId,
          decision: 'unlisted',
          isUpdate: true,
          reason: note ?? null,
        });
        return found;
      });
      return {
        id: report.id,
        workflow_id: report.workflowId,
        status: action === 'unlist' ? ('unlisted' as const) : ('dismissed' as const),
      };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;

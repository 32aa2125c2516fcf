import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ListingTranslation } from '@flowbay/domain';
import { policyChecks, workflowEdits, workflows, workflowVersions } from '../../db/schema.ts';

export type PolicyCheckRow = typeof policyChecks.$inferSelect;

/** A version the model should read, with the listing texts as they would be listed with it. */
export interface VersionTexts {
  versionId: string;
  title: string;
  description: string;
  notes: string;
  /** The texts in the listing's other language, when written. */
  translation: { title: string; description: string; notes: string } | null;
}

export function createPolicyCheckRepository(db: Database) {
  return {
    /**
     * The versions of a workflow that a moderator may still look at (waiting for review, or the
     * listed one, which a waiting edit's texts would be listed with), with the title and description
     * of the waiting edit when one changes them. None for a deleted workflow.
     */
    async textsOf(workflowId: string): Promise<VersionTexts[]> {
      const [workflow] = await db
        .select({
          title: workflows.title,
          description: workflows.description,
          translation: workflows.translation,
          deletedAt: workflows.deletedAt,
        })
        .from(workflows)
        .where(eq(workflows.id, workflowId));
      if (!workflow || workflow.deletedAt) return [];
      const [edit] = await db
        .select({ changes: workflowEdits.changes })
        .from(workflowEdits)
        .where(and(eq(workflowEdits.workflowId, workflowId), eq(workflowEdits.moderationStatus, 'pending')))
        .orderBy(desc(workflowEdits.createdAt))
        .limit(1);
      const changes = (edit?.changes ?? {}) as {
        title?: unknown;
        description?: unknown;
        translation?: ListingTranslation | null;
      };
      const title = typeof changes.title === 'string' ? changes.title : workflow.title;
      const description =
        typeof changes.description === 'string' ? changes.description : workflow.description;
      // The waiting edit's translation (null: it removes the one listed), else the listed one.
      const translation = changes.translation !== undefined ? changes.translation : workflow.translation;
      const versions = await db
        .select({
          id: workflowVersions.id,
          notes: workflowVersions.notes,
          notesTranslation: workflowVersions.notesTranslation,
        })
        .from(workflowVersions)
        .where(
          and(
            eq(workflowVersions.workflowId, workflowId),
            or(eq(workflowVersions.moderationStatus, 'pending'), eq(workflowVersions.isCurrent, true)),
          ),
        );
      return versions.map((version) => ({
        versionId: version.id,
        title,
        description,
        notes: version.notes,
        translation:
          translation || version.notesTranslation
            ? {
                title: translation?.title ?? '',
                description: translation?.description ?? '',
                notes: version.notesTranslation,
              }
            : null,
      }));
    },

    async find(versionIds: readonly string[]): Promise<PolicyCheckRow[]> {
      if (versionIds.length === 0) return [];
      return db
        .select()
        .from(policyChecks)
        .where(inArray(policyChecks.versionId, [...versionIds]));
    },

    /** The stored verdicts on every version of a workflow. */
    async findByWorkflow(workflowId: string): Promise<PolicyCheckRow[]> {
      return db
        .select({
          versionId: policyChecks.versionId,
          contentHash: policyChecks.contentHash,
          status: policyChecks.status,
          severity: policyChecks.severity,
          reason: policyChecks.reason,
          model: policyChecks.model,
          checkedAt: policyChecks.checkedAt,
        })
        .from(policyChecks)
        .innerJoin(workflowVersions, eq(workflowVersions.id, policyChecks.versionId))
        .where(eq(workflowVersions.workflowId, workflowId));
    },

    /** Stores the latest verdict on a version (replacing an older one). */
    async save(row: Omit<PolicyCheckRow, 'checkedAt'> & { checkedAt: Date }) {
      const { versionId: _versionId, ...rest } = row;
      await db
        .insert(policyChecks)
        .values(row)
        .onConflictDoUpdate({ target: policyChecks.versionId, set: rest });
    },
  };
}

export type PolicyCheckRepository = ReturnType<typeof createPolicyCheckRepository>;

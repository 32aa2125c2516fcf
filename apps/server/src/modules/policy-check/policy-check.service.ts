import { createHash } from 'node:crypto';
import type { SafetyFinding } from '@flowbay/domain/checks';
import { PolicyModelError, type PolicyModel, type PolicyTexts } from './policy-check.provider.ts';
import type { PolicyCheckRepository, PolicyCheckRow } from './policy-check.repository.ts';

/** Where a version's policy check stands: not asked yet (or the check is off), answered, or not checked. */
export type PolicyStatus = 'pending' | 'ok' | 'flag' | 'not_checked';

/** The `detail` of the finding a version gets while the model could not answer. */
export const NOT_CHECKED_DETAIL = 'not_checked';

/** What identifies the texts a verdict is about: the same texts read by the same model are asked once. */
export function policyContentHash(model: string, texts: PolicyTexts): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        model,
        texts.title,
        texts.description,
        texts.notes,
        // Only a listing with a translation hashes it: the others keep the verdicts they have.
        ...(texts.translation ? [texts.translation] : []),
      ]),
    )
    .digest('hex');
}

/**
 * The finding a stored verdict gives: a flag with the model's severity and reason, or an `info`
 * note that the model could not answer. Both are for the author and admins only (`public: false`):
 * a model's opinion is a prompt for the reviewer, not a fact to show buyers.
 */
export function policyFinding(
  row: Pick<PolicyCheckRow, 'status' | 'severity' | 'reason'>,
): SafetyFinding | null {
  if (row.status === 'flag') {
    return {
      code: 'policy',
      severity: row.severity ?? 'medium',
      ...(row.reason ? { detail: row.reason } : {}),
      public: false,
    };
  }
  if (row.status === 'not_checked') {
    return { code: 'policy', severity: 'info', detail: NOT_CHECKED_DETAIL, public: false };
  }
  return null;
}

interface PolicyLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The optional policy check by a language model (decision 0166). `model` null: the check is off,
 * nothing is sent anywhere and no version gets a `policy` finding.
 */
export function createPolicyCheckService(deps: {
  repository: PolicyCheckRepository;
  model: PolicyModel | null;
  clock: () => Date;
  log?: PolicyLog;
}) {
  const { repository, model, clock, log } = deps;

  return {
    /** Whether a language model takes part in the checks (MODERATION_URL set). */
    enabled(): boolean {
      return model !== null;
    },

    /** What the web is told: whether the checks are AI-assisted. */
    status(): { ai_moderation: boolean } {
      return { ai_moderation: model !== null };
    },

    /**
     * Asks the model about every version of the workflow a moderator may still look at whose texts
     * changed since it was last asked. A failure is stored as `not_checked` (so the reviewer sees it
     * and approval is never held) and thrown, so the job queue tries again.
     */
    async checkWorkflow(workflowId: string): Promise<void> {
      if (!model) return;
      const versions = await repository.textsOf(workflowId);
      const stored = new Map(
        (await repository.find(versions.map((v) => v.versionId))).map((r) => [r.versionId, r]),
      );
      let failure: PolicyModelError | null = null;
      for (const { versionId, ...texts } of versions) {
        const contentHash = policyContentHash(model.model, texts);
        const before = stored.get(versionId);
        if (before && before.contentHash === contentHash && before.status !== 'not_checked') continue;
        try {
          const verdict = await model.check(texts);
          await repository.save({
            versionId,
            contentHash,
            status: verdict.verdict,
            severity: verdict.verdict === 'flag' ? verdict.severity : null,
            reason: verdict.reason,
            model: model.model,
            checkedAt: clock(),
          });
          if (verdict.verdict === 'flag') {
            log?.info(
              { workflowId, versionId, severity: verdict.severity },
              'policy check flagged a listing',
            );
          }
        } catch (error) {
          if (!(error instanceof PolicyModelError)) throw error;
          log?.warn({ workflowId, versionId, reason: error.message }, 'policy check failed');
          await repository.save({
            versionId,
            contentHash,
            status: 'not_checked',
            severity: null,
            reason: error.message,
            model: model.model,
            checkedAt: clock(),
          });
          failure = error;
        }
      }
      if (failure) throw failure;
    },

    /** The `policy` finding of each version that has one (none while the check is off). */
    async policyFindingsFor(versionIds: readonly string[]): Promise<Map<string, SafetyFinding[]>> {
      const findings = new Map<string, SafetyFinding[]>();
      if (!model || versionIds.length === 0) return findings;
      for (const row of await repository.find(versionIds)) {
        const finding = policyFinding(row);
        if (finding) findings.set(row.versionId, [finding]);
      }
      return findings;
    },

    /** The `policy` finding of each version of a workflow that has one (what approving it weighs). */
    async policyFindingsOfWorkflow(workflowId: string): Promise<Map<string, SafetyFinding[]>> {
      const findings = new Map<string, SafetyFinding[]>();
      if (!model) return findings;
      for (const row of await repository.findByWorkflow(workflowId)) {
        const finding = policyFinding(row);
        if (finding) findings.set(row.versionId, [finding]);
      }
      return findings;
    },

    /** Where each version's check stands (`pending` for one not asked yet, and for all while off). */
    async policyStatusFor(versionIds: readonly string[]): Promise<Map<string, PolicyStatus>> {
      const statuses = new Map<string, PolicyStatus>(versionIds.map((id) => [id, 'pending']));
      if (!model) return statuses;
      for (const row of await repository.find(versionIds)) statuses.set(row.versionId, row.status);
      return statuses;
    },
  };
}

export type PolicyCheckService = ReturnType<typeof createPolicyCheckService>;

import {
  DEFAULT_VERSION,
  VALIDATION_KEYS,
  detectListingLanguage,
  parseWorkflowRef,
  type ListingLanguage,
  type ListingTranslation,
  slugify,
  type CreateVersionInput,
  type CreateWorkflowInput,
  type ScreenshotList,
  type ScreenshotsInput,
  SCREENSHOT_MAX_WIDTH,
  SCREENSHOTS_MAX,
  type NodeSummary,
  type ModerationState,
  type UpdateWorkflowInput,
  type WorkflowDetail,
  type WorkflowVersion,
  isZapierShareLink,
  tierPricesProblem,
  type TierPrices,
} from '@flowbay/domain';
import { isPlatformId } from '@flowbay/workflow-formats/platforms';
import { randomBytes } from 'node:crypto';
import type { Storage } from '../../infra/storage/index.ts';
import { processImage } from '../../lib/images.ts';
import type { SignedInViewer, Viewer } from '../../infra/request-viewer.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import type { Events } from '../../infra/events/events.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { StoredWorkflowSummary, UploadRow, UploadsService } from '../uploads/uploads.service.ts';
import {
  canSeeUnlisted,
  publicChanges,
  screenshotOf,
  storedChecks,
  versionNotesOf,
  versionCheckResult,
  type EditChanges,
  type ListingScreenshot,
  type ManagedRow,
  type NewVersion,
  type Transaction,
  type WorkflowsRepository,
  versionExistsError,
} from '../workflows/index.ts';

const workflowNotFound = () => notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');
const coverRequired = () =>
  new AppError('COVER_REQUIRED', 'Cover image is required when price > 0', 'cover_image_url', {
    messageKey: VALIDATION_KEYS.coverRequired,
  });

/** Commercial and Agency prices rise above the tier below, on a paid workflow (LICENCE_PRICES_INVALID). */
function checkedTiers(prices: TierPrices): TierPrices {
  const problem = tierPricesProblem(prices);
  if (problem) {
    const field = problem === 'agencyClients' ? 'agency_clients' : 'commercial_price';
    throw new AppError('LICENCE_PRICES_INVALID', 'The licence tiers are not priced in order', field, {
      problem,
    });
  }
  return prices;
}

const platformMismatch = (detected: string) =>
  new AppError('PLATFORM_MISMATCH', 'The platform must be the one the file is for', 'category_ids', {
    detected,
  });

/**
 * The platforms a workflow is listed under come from its file: naming another known platform is
 * refused (an unknown id is left to the foreign key, which answers `unknownPlatform`).
 */
function assertPlatformsMatch(categoryIds: readonly string[] | undefined, detected: string | null) {
  if (!categoryIds || !detected) return;
  if (categoryIds.some((id) => isPlatformId(id) && id !== detected)) throw platformMismatch(detected);
}

/**
 * A Zapier listing's share link, or null when cleared: only https://zapier.com/shared/… and only on a
 * Zapier workflow (another platform's buyers could not use it), else ZAPIER_LINK_INVALID.
 */
function zapierLinkOf(value: string | null | undefined, platform: string | null): string | null {
  if (!value) return null;
  if (platform !== 'zapier' || !isZapierShareLink(value)) {
    throw new AppError('ZAPIER_LINK_INVALID', 'Not a Zapier share link', 'zapier_share_url', {
      reason: platform === 'zapier' ? 'notAShareLink' : 'notAZapierWorkflow',
    });
  }
  return value;
}

/** What cards and search keep of an upload's summary (the full one stays on the version row). */
function cardSummary(summary: StoredWorkflowSummary): NodeSummary {
  const { platform, workflowCount, nodeCount, edgeCount, apps } = summary;
  return { platform, workflowCount, nodeCount, edgeCount, apps };
}

const screenshotLimit = () =>
  new AppError('SCREENSHOT_LIMIT', `A listing has at most ${SCREENSHOTS_MAX} screenshots`, 'file', {
    max: SCREENSHOTS_MAX,
  });
const screenshotNotFound = (id: string) =>
  new AppError('SCREENSHOT_NOT_FOUND', 'Screenshot not on this listing', 'screenshots', { id });

/** A screenshot as a resized WebP with its size; the type comes from the bytes (processImage). */
async function renderScreenshot(buffer: Buffer) {
  return processImage(buffer, async (input) => {
    const { data, info } = await input()
      .resize({ width: SCREENSHOT_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  });
}

function versionValues(
  workflowId: string,
  version: string,
  file: UploadRow,
  createdBy: string,
  notes = '',
  notesTranslation = '',
): NewVersion {
  const { checks, ...summary } = file.summary as unknown as StoredWorkflowSummary;
  return {
    workflowId,
    version,
    fileKey: file.key,
    size: file.size,
    sha256: file.sha256,
    summary,
    checks: checks as unknown as Record<string, unknown>,
    moderationStatus: 'pending' as const,
    createdBy,
    notes,
    notesTranslation,
  };
}

/** A translation as stored: the same texts in the same order, or null (none). */
function storedTranslation(input: ListingTranslation | null | undefined): ListingTranslation | null {
  if (!input) return null;
  return {
    title: input.title,
    description: input.description,
    faq: input.faq.map(({ question, answer }) => ({ question, answer })),
  };
}

/** A screenshot's caption in the other language is kept only when written. */
function withCaptionTranslation(shot: ListingScreenshot, captionTranslation: string): ListingScreenshot {
  const { captionTranslation: _old, ...rest } = shot;
  return captionTranslation ? { ...rest, captionTranslation } : rest;
}

export function createPublishingService(deps: {
  workflows: WorkflowsRepository;
  uploads: Pick<UploadsService, 'resolveOwn' | 'track'>;
  catalog: Pick<CatalogService, 'get' | 'list'>;
  /** Every write is stated as `workflow.changed` (the catalog's search text and cache listen). */
  events: Pick<Events, 'emit'>;
  /** Where screenshots are stored (public, under screenshots/). */
  storage: Pick<Storage, 'put' | 'delete' | 'publicUrl'>;
}) {
  const { workflows: repository, uploads, catalog, events, storage } = deps;
  const changed = (tx: Transaction | null, workflowId: string) =>
    events.emit(tx, 'workflow.changed', { workflowId });

  /**
   * The workflow the caller may manage: its author or an admin. Another user gets 403 for a
   * listed workflow and 404 for one they cannot see at all (no hint that it exists).
   */
  async function loadManaged(
    viewer: Viewer,
    ref: string,
  ): Promise<{ user: SignedInViewer; row: NonNullable<ManagedRow> }> {
    const user = requireUser(viewer);
    const id = parseWorkflowRef(ref).id;
    const row = id ? await repository.findManaged(id) : null;
    if (!row || row.deletedAt) throw workflowNotFound();
    if (!canSeeUnlisted(user, row)) {
      if (row.status !== 'listed') throw workflowNotFound();
      throw forbidden('Only the author or an admin can change this workflow');
    }
    return { user, row };
  }

  async function resolveCover(ref: string | null | undefined, userId: string, currentKey: string | null) {
    if (ref === undefined) return undefined;
    if (ref === null || ref === '') return null;
    // Sending back the cover the workflow already has is not a change (an admin may edit, too).
    if (
      currentKey &&
      (ref === currentKey || ref.endsWith(`/${currentKey}`) || ref === `upload://${currentKey}`)
    ) {
      return { key: currentKey, thumbKey: undefined };
    }
    const upload = await uploads.resolveOwn(ref, userId, 'covers', 'cover_image_url');
    return { key: upload.key, thumbKey: upload.thumbKey };
  }

  /** A never-approved workflow that was rejected goes back to the queue when its author changes it. */
  async function resubmitIfRejected(tx: Transaction, row: NonNullable<ManagedRow>) {
    if (row.status === 'rejected') await repository.resubmit(tx, row.id);
  }

  /**
   * Queues a listed workflow's edit for review (`changes` already merged into the edit still
   * waiting, if any). The use-case ids it adds (`taxonomy`) are checked now, not at approval time,
   * so the author hears about a wrong id at once.
   */
  async function queueEdit(
    tx: Transaction,
    edit: { workflowId: string; queuedId: string | undefined; changes: EditChanges; createdBy: string },
    taxonomy: Pick<EditChanges, 'categoryIds' | 'subcategoryIds'>,
  ) {
    await repository.assertTaxonomyExists(tx, taxonomy);
    await repository.queueEdit(tx, edit);
    await changed(tx, edit.workflowId);
  }

  const screenshotListOf = (
    list: ListingScreenshot[],
    pendingReview: boolean,
    listingLanguage: ListingLanguage,
    wanted: ListingLanguage | undefined,
  ): ScreenshotList => ({
    screenshots: list.map((shot) => screenshotOf(shot, storage.publicUrl(shot.key), listingLanguage, wanted)),
    pending_review: pendingReview,
  });

  /**
   * The screenshots as the author sees them (the pending edit's list while one waits), read inside
   * the transaction after the row lock, and a writer that stores a new list: in place on a workflow
   * never approved, else into the one pending edit like every other change to a listed workflow.
   */
  async function screenshotsInTx(tx: Transaction, id: string, userId: string) {
    await repository.lock(tx, id);
    const row = await repository.findManaged(id, tx);
    if (!row) throw workflowNotFound();
    const queued = row.currentVersionId ? await repository.pendingEdit(tx, row.id) : null;
    const queuedList = (queued?.changes as EditChanges | undefined)?.screenshots;
    const current = queuedList ?? row.screenshots;
    // Captions follow the listing's language as the author sees it (a waiting edit may change it).
    const language = (queued?.changes as EditChanges | undefined)?.language ?? row.language;
    const save = async (list: ListingScreenshot[]) => {
      if (!row.currentVersionId) {
        await repository.updateInPlace(tx, row.id, { screenshots: list });
        await resubmitIfRejected(tx, row);
        await changed(tx, row.id);
        return false;
      }
      const merged: EditChanges = { ...(queued?.changes as EditChanges | undefined), screenshots: list };
      await queueEdit(
        tx,
        { workflowId: row.id, queuedId: queued?.id, changes: merged, createdBy: userId },
        {},
      );
      return true;
    };
    return { row, current, pendingReview: queuedList !== undefined, language, save };
  }

  return {
    /** Fails unless the caller may change this workflow (its author or an admin). */
    async assertManages(viewer: Viewer, ref: string): Promise<void> {
      await loadManaged(viewer, ref);
    },

    /** The listing's screenshots for its author or an admin (a waiting list before the approved one). */
    async screenshots(viewer: Viewer, ref: string, wanted?: ListingLanguage): Promise<ScreenshotList> {
      const { row } = await loadManaged(viewer, ref);
      return repository.transaction(async (tx) => {
        const { current, pendingReview, language } = await screenshotsInTx(tx, row.id, row.userId);
        return screenshotListOf(current, pendingReview, language, wanted);
      });
    },

    /** Adds one screenshot at the end: resized to WebP, stored, then listed (or queued for review). */
    async addScreenshot(
      viewer: Viewer,
      ref: string,
      file: { buffer: Buffer; caption: string; captionTranslation?: string },
      wanted?: ListingLanguage,
    ): Promise<ScreenshotList> {
      const { user, row } = await loadManaged(viewer, ref);
      // A full listing is told so before any image work.
      const before = await repository.transaction(
        async (tx) => (await screenshotsInTx(tx, row.id, user.id)).current,
      );
      if (before.length >= SCREENSHOTS_MAX) throw screenshotLimit();
      const image = await renderScreenshot(file.buffer);
      const id = randomBytes(16).toString('base64url');
      const key = `screenshots/${row.userId}/${id}.webp`;
      await storage.put(key, image.body, 'image/webp');
      // Tracked, so the orphan sweep removes it once no listing and no waiting edit shows it.
      await uploads.track({
        key,
        userId: row.userId,
        folder: 'screenshots',
        body: image.body,
        contentType: 'image/webp',
      });
      try {
        return await repository.transaction(async (tx) => {
          const state = await screenshotsInTx(tx, row.id, user.id);
          if (state.current.length >= SCREENSHOTS_MAX) throw screenshotLimit();
          const list = [
            ...state.current,
            withCaptionTranslation(
              { id, key, width: image.width, height: image.height, caption: file.caption },
              file.captionTranslation ?? '',
            ),
          ];
          const pending = await state.save(list);
          return screenshotListOf(list, pending, state.language, wanted);
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },

    /** New order and captions; a screenshot left out is removed. Ids must be the listing's own. */
    async arrangeScreenshots(
      viewer: Viewer,
      ref: string,
      input: ScreenshotsInput,
      wanted?: ListingLanguage,
    ): Promise<ScreenshotList> {
      const { user, row } = await loadManaged(viewer, ref);
      let unused: string[] = [];
      const answer = await repository.transaction(async (tx) => {
        const state = await screenshotsInTx(tx, row.id, user.id);
        const byId = new Map(state.current.map((shot) => [shot.id, shot]));
        const seen = new Set<string>();
        const list = input.screenshots.map(({ id, caption, caption_translation }) => {
          const shot = byId.get(id);
          if (!shot || seen.has(id)) throw screenshotNotFound(id);
          seen.add(id);
          return withCaptionTranslation({ ...shot, caption }, caption_translation);
        });
        const same =
          list.length === state.current.length &&
          list.every((shot, index) => {
            const old = state.current[index]!;
            return (
              old.id === shot.id &&
              old.caption === shot.caption &&
              (old.captionTranslation ?? '') === (shot.captionTranslation ?? '')
            );
          });
        if (same) return screenshotListOf(state.current, state.pendingReview, state.language, wanted);
        const pending = await state.save(list);
        // A removed screenshot nothing shows any more (not the listed content either) is deleted.
        const kept = new Set([...list, ...(pending ? state.row.screenshots : [])].map((shot) => shot.key));
        unused = state.current.filter((shot) => !kept.has(shot.key)).map((shot) => shot.key);
        return screenshotListOf(list, pending, state.language, wanted);
      });
      await Promise.allSettled(unused.map((key) => storage.delete(key)));
      return answer;
    },

    async create(
      viewer: Viewer,
      input: CreateWorkflowInput,
      wanted?: ListingLanguage,
    ): Promise<WorkflowDetail> {
      const user = requireUser(viewer);
      const file = await uploads.resolveOwn(input.file_url, user.id, 'workflows', 'file_url');
      const cover = input.cover_image_url
        ? await uploads.resolveOwn(input.cover_image_url, user.id, 'covers', 'cover_image_url')
        : null;
      if (input.price > 0 && !cover) throw coverRequired();
      const tiers = checkedTiers({
        price: input.price,
        commercialPrice: input.commercial_price || null,
        agencyPrice: input.agency_price || null,
        agencyClients: input.agency_clients ?? null,
      });
      const summary = file.summary as unknown as StoredWorkflowSummary;
      assertPlatformsMatch(input.category_ids, summary.platform);
      const zapierShareUrl = zapierLinkOf(input.zapier_share_url, summary.platform);
      const id = await repository.transaction(async (tx) => {
        const { workflowId: _none, ...firstVersion } = versionValues(
          '',
          input.version ?? DEFAULT_VERSION,
          file,
          user.id,
        );
        const workflowId = await repository.create(
          tx,
          {
            userId: user.id,
            slug: slugify(input.title),
            title: input.title,
            description: input.description,
            // Written in the language the author names, else the one its text is written in.
            language: input.language ?? detectListingLanguage(`${input.title} ${input.description}`),
            translation: storedTranslation(input.translation),
            price: input.price,
            commercialPrice: tiers.commercialPrice,
            agencyPrice: tiers.agencyPrice,
            agencyClients: tiers.agencyClients,
            coverKey: cover?.key ?? null,
            coverThumbKey: cover?.thumbKey ?? null,
            testedWith: input.tested_with || null,
            zapierShareUrl,
            showNotesBeforePurchase: input.show_notes_before_purchase ?? false,
            faq: input.faq ?? [],
            status: 'pending',
            nodeSummary: cardSummary(summary),
          },
          firstVersion,
        );
        await repository.replaceTaxonomy(tx, workflowId, {
          categoryIds: input.category_ids ?? [summary.platform],
          subcategoryIds: input.subcategory_ids,
        });
        await changed(tx, workflowId);
        return workflowId;
      });
      return catalog.get(id, viewer, wanted);
    },

    /**
     * A workflow that was never approved is changed in place. A listed one keeps its approved
     * content: the change waits in workflow_edits (one pending edit, merged) until an admin approves.
     */
    async update(
      viewer: Viewer,
      ref: string,
      input: UpdateWorkflowInput,
      wanted?: ListingLanguage,
    ): Promise<WorkflowDetail> {
      const { user, row } = await loadManaged(viewer, ref);
      const cover = await resolveCover(input.cover_image_url, user.id, row.coverKey);
      const changes: EditChanges = {};
      if (input.title !== undefined && input.title !== row.title) changes.title = input.title;
      if (input.description !== undefined && input.description !== row.description)
        changes.description = input.description;
      // The language and the translation are listing texts: reviewed like the title once listed.
      if (input.language !== undefined && input.language !== row.language) changes.language = input.language;
      if (input.translation !== undefined) {
        const translation = storedTranslation(input.translation);
        if (JSON.stringify(translation) !== JSON.stringify(row.translation ?? null))
          changes.translation = translation;
      }
      if (input.price !== undefined && input.price !== Number(row.price)) changes.price = input.price;
      // Licence tiers follow the price's rules: in place before the first approval, reviewed after it.
      if (input.commercial_price !== undefined && (input.commercial_price || null) !== row.commercialPrice)
        changes.commercialPrice = input.commercial_price || null;
      if (input.agency_price !== undefined && (input.agency_price || null) !== row.agencyPrice)
        changes.agencyPrice = input.agency_price || null;
      if (input.agency_clients !== undefined && (input.agency_clients ?? null) !== row.agencyClients)
        changes.agencyClients = input.agency_clients ?? null;
      if (cover !== undefined && (cover?.key ?? null) !== row.coverKey) {
        changes.coverKey = cover?.key ?? null;
        changes.coverThumbKey = cover?.thumbKey ?? null;
      }
      if (input.tested_with !== undefined && (input.tested_with || null) !== row.testedWith) {
        changes.testedWith = input.tested_with || null;
      }
      if (
        input.show_notes_before_purchase !== undefined &&
        input.show_notes_before_purchase !== row.showNotesBeforePurchase
      ) {
        changes.showNotesBeforePurchase = input.show_notes_before_purchase;
      }
      if (input.faq !== undefined && JSON.stringify(input.faq) !== JSON.stringify(row.faq)) {
        changes.faq = input.faq;
      }
      if (input.category_ids) changes.categoryIds = [...new Set(input.category_ids)];
      if (input.subcategory_ids) changes.subcategoryIds = [...new Set(input.subcategory_ids)];

      await repository.transaction(async (tx) => {
        await repository.lock(tx, row.id);
        const platform = await repository.filePlatform(tx, row.id);
        assertPlatformsMatch(changes.categoryIds, platform);
        if (input.zapier_share_url !== undefined) {
          const link = zapierLinkOf(input.zapier_share_url, platform);
          if (link !== row.zapierShareUrl) changes.zapierShareUrl = link;
        }
        const queued = row.currentVersionId ? await repository.pendingEdit(tx, row.id) : null;
        const merged: EditChanges = { ...(queued?.changes as EditChanges | undefined), ...changes };
        const effectivePrice = merged.price ?? Number(row.price);
        checkedTiers({
          price: effectivePrice,
          commercialPrice:
            'commercialPrice' in merged ? (merged.commercialPrice ?? null) : row.commercialPrice,
          agencyPrice: 'agencyPrice' in merged ? (merged.agencyPrice ?? null) : row.agencyPrice,
          agencyClients: 'agencyClients' in merged ? (merged.agencyClients ?? null) : row.agencyClients,
        });
        const effectiveCover = 'coverKey' in merged ? merged.coverKey : row.coverKey;
        if (effectivePrice > 0 && !effectiveCover) throw coverRequired();
        if (Object.keys(changes).length === 0) return;

        if (!row.currentVersionId) {
          const { categoryIds, subcategoryIds, ...columns } = changes;
          await repository.updateInPlace(tx, row.id, columns);
          await repository.replaceTaxonomy(tx, row.id, { categoryIds, subcategoryIds });
          await resubmitIfRejected(tx, row);
          await changed(tx, row.id);
          return;
        }
        await queueEdit(
          tx,
          { workflowId: row.id, queuedId: queued?.id, changes: merged, createdBy: user.id },
          changes,
        );
      });
      return catalog.get(row.id, viewer, wanted);
    },

    /** Soft delete: buyers keep their access (docs/decisions/0020-review-workflow.md). */
    async remove(viewer: Viewer, ref: string) {
      const { row } = await loadManaged(viewer, ref);
      await repository.softDelete(row.id);
      await changed(null, row.id);
      const buyers = await repository.countPurchases(row.id);
      return { id: row.id, deleted: true as const, buyers_keep_access: buyers > 0 };
    },

    async addVersion(
      viewer: Viewer,
      ref: string,
      input: CreateVersionInput,
      wanted?: ListingLanguage,
    ): Promise<WorkflowVersion> {
      const { user, row } = await loadManaged(viewer, ref);
      const file = await uploads.resolveOwn(input.file_url, user.id, 'workflows', 'file_url');
      const version = await repository.transaction(async (tx) => {
        await repository.lock(tx, row.id);
        if (await repository.versionExists(tx, row.id, input.version)) throw versionExistsError();
        const platform = await repository.filePlatform(tx, row.id);
        const submitted = (file.summary as unknown as StoredWorkflowSummary).platform;
        if (platform && submitted !== platform) {
          throw new AppError('VERSION_PLATFORM_CHANGED', 'A new version must keep the platform', 'file_url', {
            current: platform,
            submitted,
          });
        }
        const inserted = await repository.addVersion(
          tx,
          versionValues(row.id, input.version, file, user.id, input.notes, input.notes_translation ?? ''),
        );
        await resubmitIfRejected(tx, row);
        await changed(tx, row.id);
        return inserted;
      });
      return {
        id: version.id,
        version: version.version,
        file_url: `/api/workflows/${row.id}/versions/${version.id}/download`,
        created_at: version.createdAt.toISOString(),
        is_current: false,
        size: version.size,
        review_status: version.moderationStatus,
        review_reason: null,
        ...versionNotesOf(version, row.language, wanted),
        checks: versionCheckResult(storedChecks(version.checks)),
      };
    },

    /** The separate link endpoints: adds links (a listed workflow queues them for review). */
    async link(
      viewer: Viewer,
      kind: 'categoryIds' | 'subcategoryIds',
      items: { workflow_id: string; id: string }[],
    ) {
      const byWorkflow = new Map<string, string[]>();
      for (const item of items)
        byWorkflow.set(item.workflow_id, [...(byWorkflow.get(item.workflow_id) ?? []), item.id]);
      const rows: NonNullable<ManagedRow>[] = [];
      for (const [workflowId] of byWorkflow) rows.push((await loadManaged(viewer, workflowId)).row);
      const user = requireUser(viewer);
      await repository.transaction(async (tx) => {
        for (const row of rows) {
          const ids = byWorkflow.get(row.id)!;
          await repository.lock(tx, row.id);
          if (kind === 'categoryIds') assertPlatformsMatch(ids, await repository.filePlatform(tx, row.id));
          if (!row.currentVersionId) {
            await repository.addTaxonomy(tx, row.id, { [kind]: ids });
            await changed(tx, row.id);
            continue;
          }
          const queued = await repository.pendingEdit(tx, row.id);
          const current =
            (queued?.changes as EditChanges | undefined)?.[kind] ??
            (await repository.taxonomyIds(tx, row.id))[kind];
          const merged = {
            ...(queued?.changes as EditChanges | undefined),
            [kind]: [...new Set([...current, ...ids])],
          };
          await queueEdit(
            tx,
            { workflowId: row.id, queuedId: queued?.id, changes: merged, createdBy: user.id },
            { [kind]: ids },
          );
        }
      });
      return items;
    },

    /** The caller's workflows with their review state: status, last decision and reason, what waits. */
    async mine(viewer: Viewer, page: number, wanted?: ListingLanguage) {
      requireUser(viewer);
      const list = await catalog.list({ user_id: 'me', page, price: 'all', limit: 48 }, viewer, wanted);
      const ids = list.workflows.map((workflow) => workflow.id);
      const states = await repository.moderationStates(ids);
      return {
        ...list,
        workflows: list.workflows.map((workflow) => {
          const decision = states.decisions.find((item) => item.workflowId === workflow.id);
          const edit = states.edits.find((item) => item.workflowId === workflow.id);
          const review: ModerationState = {
            status: workflow.status,
            last_decision: decision
              ? {
                  decision: decision.decision,
                  // An approval's note (about a high-severity finding) is the admins' own record.
                  reason: decision.decision === 'rejected' ? decision.reason : null,
                  created_at: decision.createdAt.toISOString(),
                }
              : null,
            pending_versions: states.versions
              .filter((item) => item.workflowId === workflow.id)
              .map((item) => ({
                id: item.id,
                version: item.version,
                created_at: item.createdAt.toISOString(),
              })),
            pending_edit: edit ? publicChanges(edit.changes as EditChanges) : null,
          };
          return { ...workflow, review };
        }),
      };
    },
  };
}

/** Moved to the workflows module (review shows pending edits too); kept for older imports. */
export { publicChanges } from '../workflows/index.ts';

export type PublishingService = ReturnType<typeof createPublishingService>;

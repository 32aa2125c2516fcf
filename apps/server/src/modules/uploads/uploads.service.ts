import { createHash, randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES, type UploadFolder, type UploadResult } from '@flowbay/domain';
import type { ExportSummary, SecretFinding } from '@flowbay/workflow-formats';
import { computeChecks, versionCheckResult, type WorkflowFileChecks } from '../workflows/index.ts';
import { ExportCheckTimeout, type ExportCheckPool } from '../../infra/export-check/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import { processImage, type ImageType } from '../../lib/images.ts';
import type { NewUpload, UploadRow, UploadsRepository } from './uploads.repository.ts';

export type { UploadRow } from './uploads.repository.ts';

export interface IncomingFile {
  buffer: Buffer;
  filename: string;
}

export type { WorkflowFileChecks } from '../workflows/index.ts';

export type StoredWorkflowSummary = ExportSummary & { checks: WorkflowFileChecks };

const UPLOAD_REF_PREFIX = 'upload://';
const KEY_IN_REF = /(?:^|\/)((?:workflows|covers)\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,80}\.[a-z0-9]{1,8})$/;
const COVER_MAX_SIDE = 1600;
const THUMB = { width: 480, height: 270 };

const IMAGE_EXT: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const IMAGE_MIME: Record<ImageType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const randomId = () => randomBytes(16).toString('base64url');
const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
const withoutPreview = ({ preview: _preview, ...finding }: SecretFinding) => finding;

export { sniffImage } from '../../lib/images.ts';

export function createUploadsService(
  repository: UploadsRepository,
  storage: Storage,
  exportCheck: ExportCheckPool,
) {
  /** Stores the objects, then records them; if recording fails the objects are removed again. */
  async function store(row: NewUpload, objects: { key: string; body: Buffer; type: string }[]) {
    const written: string[] = [];
    try {
      for (const object of objects) {
        await storage.put(object.key, object.body, object.type);
        written.push(object.key);
      }
      return await repository.insert(row);
    } catch (error) {
      await Promise.allSettled(written.map((key) => storage.delete(key)));
      throw error;
    }
  }

  async function acceptWorkflowFile(
    userId: string,
    file: IncomingFile,
    redact: boolean,
  ): Promise<UploadResult> {
    if (file.buffer.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', 'File too large', 'file');
    // In a worker thread: a large file never holds the event loop.
    const check = await exportCheck.check(file.buffer, redact).catch((error: unknown) => {
      if (error instanceof ExportCheckTimeout)
        throw new AppError('FILE_TOO_COMPLEX', 'The file took too long to check', 'file');
      throw error;
    });
    if (!check.ok && 'error' in check) {
      const { code, message, line, column } = check.error;
      throw new AppError(code, message, 'file', {
        reason: message,
        ...(line !== undefined ? { line } : {}),
        ...(column !== undefined ? { column } : {}),
      });
    }
    // Never store a file that still holds what the scan calls a secret.
    if (!check.ok) throw new AppError('SECRETS_FOUND', 'Secrets found', 'file', { findings: check.secrets });
    const body = check.redactedText !== null ? Buffer.from(check.redactedText) : file.buffer;
    const summary = check.summary;
    const checks: WorkflowFileChecks = {
      format: summary.platform,
      size: body.length,
      warnings: check.warnings,
      secrets: { found: check.found, redacted: check.redacted.map(withoutPreview) },
      // Safety findings, setup estimate and n8n compatibility: shown to the author now, kept with the version.
      ...computeChecks(summary, check.safety),
    };
    const key = `workflows/${userId}/${randomId()}.json`;
    await store(
      {
        key,
        userId,
        folder: 'workflows',
        originalName: file.filename.slice(0, 255),
        contentType: 'application/json',
        size: body.length,
        sha256: sha256(body),
        summary: { ...summary, checks } satisfies StoredWorkflowSummary,
      },
      [{ key, body, type: 'application/json' }],
    );
    return {
      url: `${UPLOAD_REF_PREFIX}${key}`,
      key,
      folder: 'workflows',
      size: body.length,
      thumb_url: null,
      summary: {
        platform: summary.platform,
        workflowCount: summary.workflowCount,
        nodeCount: summary.nodeCount,
        edgeCount: summary.edgeCount,
      },
      redacted: checks.secrets.redacted,
      warnings: checks.warnings,
      checks: versionCheckResult(checks),
    };
  }

  async function acceptCover(userId: string, file: IncomingFile): Promise<UploadResult> {
    const { type, cover, thumb } = await processImage(file.buffer, async (input, type) => ({
      type,
      cover: await input()
        .resize({ width: COVER_MAX_SIDE, height: COVER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .toFormat(type, { quality: 88 })
        .toBuffer(),
      thumb: await input()
        .resize(THUMB.width, THUMB.height, { fit: 'cover' })
        .webp({ quality: 72 })
        .toBuffer(),
    }));
    const id = randomId();
    const key = `covers/${userId}/${id}.${IMAGE_EXT[type]}`;
    const thumbKey = `covers/${userId}/${id}-thumb.webp`;
    await store(
      {
        key,
        userId,
        folder: 'covers',
        originalName: file.filename.slice(0, 255),
        contentType: IMAGE_MIME[type],
        size: cover.length,
        sha256: sha256(cover),
        thumbKey,
      },
      [
        { key, body: cover, type: IMAGE_MIME[type] },
        { key: thumbKey, body: thumb, type: 'image/webp' },
      ],
    );
    return {
      url: storage.publicUrl(key),
      key,
      folder: 'covers',
      size: cover.length,
      thumb_url: storage.publicUrl(thumbKey),
      summary: null,
      redacted: [],
      warnings: [],
      checks: null,
    };
  }

  return {
    async upload(viewer: Viewer, folder: UploadFolder, file: IncomingFile, options: { redact: boolean }) {
      const user = requireUser(viewer);
      if (file.buffer.length === 0) throw new AppError('EMPTY_FILE', 'The file is empty', 'file');
      return folder === 'workflows'
        ? acceptWorkflowFile(user.id, file, options.redact)
        : acceptCover(user.id, file);
    },

    /**
     * The caller's own upload behind a reference from POST /api/uploads (`upload://key`, a cover's
     * public URL, or the bare key). Someone else's upload is "not found", never "forbidden".
     */
    async resolveOwn(ref: string, userId: string, folder: UploadFolder, field: string): Promise<UploadRow> {
      const key = uploadKeyOf(ref);
      const row = key ? await repository.findOwned(key, userId) : null;
      if (!row || row.folder !== folder) throw new AppError('UPLOAD_NOT_FOUND', 'Upload not found', field);
      return row;
    },

    /**
     * Records an object another module stored for a user (a listing's screenshot), so the orphan
     * sweep removes it once nothing shows it: a replaced or removed screenshot, a rejected edit's.
     */
    async track(row: {
      key: string;
      userId: string;
      folder: 'screenshots';
      body: Buffer;
      contentType: string;
    }) {
      await repository.insert({
        key: row.key,
        userId: row.userId,
        folder: row.folder,
        contentType: row.contentType,
        size: row.body.length,
        sha256: createHash('sha256').update(row.body).digest('hex'),
      });
    },

    /** Unused uploads older than `olderThan`, and the leftovers of writes a killed process never finished. */
    async sweepOrphans(olderThan: Date, limit = 500): Promise<number> {
      const orphans = await repository.findOrphans(olderThan, limit);
      for (const orphan of orphans) {
        await storage.delete(orphan.key);
        if (orphan.thumbKey) await storage.delete(orphan.thumbKey);
        await repository.remove(orphan.key);
      }
      return orphans.length + (await storage.sweepIncompleteWrites(olderThan));
    },
  };
}

export function uploadKeyOf(ref: string): string | null {
  const bare = ref.startsWith(UPLOAD_REF_PREFIX) ? ref.slice(UPLOAD_REF_PREFIX.length) : ref;
  const withoutQuery = bare.split(/[?#]/, 1)[0] ?? '';
  return KEY_IN_REF.exec(withoutQuery)?.[1] ?? null;
}

export type UploadsService = ReturnType<typeof createUploadsService>;

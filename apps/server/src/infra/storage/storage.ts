/** Object storage: the local folder by default, any S3-compatible service in production. */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * The public address of an object in a public folder (covers). Workflow files never get one:
   * they are served only through the download endpoints, which check entitlement.
   */
  publicUrl(key: string): string;
  /**
   * Removes the leftovers of writes that never finished (a process killed mid-upload) older than
   * `olderThan`, and answers how many. Writes in progress are younger than any sane cut-off.
   */
  sweepIncompleteWrites(olderThan: Date): Promise<number>;
}

const KEY_RE =
  /^(workflows|covers|screenshots|seed|avatars|exports)\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,80}(\.[a-z0-9]{1,8})?$/;
/** `exports` (personal data archives) is private: served only to their owner with the e-mailed token. */
export const PUBLIC_FOLDERS = ['covers', 'screenshots', 'avatars'] as const;

export function assertValidKey(key: string): void {
  if (!KEY_RE.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function isPublicKey(key: string): boolean {
  return KEY_RE.test(key) && PUBLIC_FOLDERS.some((folder) => key.startsWith(`${folder}/`));
}

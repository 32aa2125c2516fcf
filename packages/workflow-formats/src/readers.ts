import { makeReader } from './make.ts';
import { n8nReader } from './n8n.ts';
import type { PlatformId } from './platforms.ts';
import type { PlatformReader } from './reader.ts';
import { zapierReader } from './zapier.ts';

/**
 * Each platform's reader, keyed like `PLATFORMS` (a platform without a reader does not compile).
 * Detection tries them in this order, so the most particular signature comes first: a Zapier
 * export is any object with `zaps`, a Make blueprint needs `flow`, and n8n, the loosest (any list
 * of node-like objects), comes last.
 */
export const READERS = {
  zapier: zapierReader,
  make: makeReader,
  n8n: n8nReader,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each reader reads its own document type
} satisfies Record<PlatformId, PlatformReader<any>>;

type DocumentOf<P extends PlatformId> = (typeof READERS)[P] extends PlatformReader<infer D> ? D : never;

/** A recognised export: its platform and the document that platform's reader reads. */
export type Detected = { [P in PlatformId]: { platform: P; document: DocumentOf<P> } }[PlatformId];

export const DETECTION_ORDER = Object.keys(READERS) as PlatformId[];

/** The reader of a detected document (one place where the platform picks the reader's type). */
export function readerOf(detected: Detected): PlatformReader<unknown> {
  return READERS[detected.platform] as PlatformReader<unknown>;
}

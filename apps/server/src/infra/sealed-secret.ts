import {
  openSealed,
  resealed,
  SealedValueUnreadableError,
  sealText,
  type SealingKeys,
} from './sealed-text.ts';

/** Characters of a secret its owner sees again, enough to tell two saved secrets apart. */
const HINT_LENGTH = 4;

/**
 * A user's secret for an outside service (an n8n API key, a Make token), encrypted at rest under
 * `purpose`: sealed with the hint its owner sees, opened when used, and sealed again under the
 * current key when an older one sealed it, so a rotated key can be retired.
 */
export function sealedSecrets(keys: SealingKeys, purpose: string) {
  return {
    seal(secret: string): { sealed: string; hint: string } {
      return { sealed: sealText(secret, keys.current, purpose), hint: `…${secret.slice(-HINT_LENGTH)}` };
    },

    /** The secret; `reseal` stores it sealed under the current key when an older key had sealed it. */
    async open(sealed: string, reseal: (sealed: string) => Promise<void>): Promise<string> {
      const { text, stale } = openSealed(sealed, keys, purpose);
      if (stale) await reseal(resealed(sealed, keys, purpose) ?? sealed);
      return text;
    },

    /** Wraps again under the current key every secret of `rows` an older key sealed; answers how many. */
    async resealStale(
      rows: ReadonlyArray<{ id: string; sealed: string }>,
      reseal: (id: string, sealed: string) => Promise<void>,
    ): Promise<number> {
      let count = 0;
      for (const row of rows) {
        let next: string | null;
        try {
          next = resealed(row.sealed, keys, purpose);
        } catch (error) {
          // No listed key opens it (`npm run keys:rotate` names such rows); the others still move on.
          if (error instanceof SealedValueUnreadableError) continue;
          throw error;
        }
        if (next === null) continue;
        await reseal(row.id, next);
        count += 1;
      }
      return count;
    },
  };
}

import { openSealed, sealText, type SealingKeys } from './sealed-text.ts';

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
      if (stale) await reseal(sealText(text, keys.current, purpose));
      return text;
    },

    /** Seals again every secret of `rows` an older key sealed; answers how many. */
    async resealStale(
      rows: ReadonlyArray<{ id: string; sealed: string }>,
      reseal: (id: string, sealed: string) => Promise<void>,
    ): Promise<number> {
      let resealed = 0;
      for (const row of rows) {
        const { text, stale } = openSealed(row.sealed, keys, purpose);
        if (!stale) continue;
        await reseal(row.id, sealText(text, keys.current, purpose));
        resealed += 1;
      }
      return resealed;
    },
  };
}

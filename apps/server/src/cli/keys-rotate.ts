import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, asc, eq, gt, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { makeConnections, n8nConnections, payoutAccounts, payouts, sellerTaxProfiles } from '../db/schema.ts';
import { loadEnv } from '../env.ts';
import { resolveAuthSecret } from '../infra/auth/secret.ts';
import { sealAccountNumber } from '../infra/sealed-account-number.ts';
import { resealed, sealingKeys, SealedValueUnreadableError, type SealingKeys } from '../infra/sealed-text.ts';
import { REPO_ROOT, runAsCommand } from './command.ts';

const USAGE = `Usage: npm run keys:rotate [-- --batch-size <n>]
  Wraps every sealed value (n8n API keys, Make tokens, tax IDs, bank account numbers) again under
  ENCRYPTION_KEY, opening those sealed under a key listed in ENCRYPTION_KEY_PREVIOUS (or the auth
  secret), and seals any bank account number still stored in clear. Safe to run again, and on
  PostgreSQL while the server runs. With the embedded database (no DATABASE_URL), stop the server
  first: PGlite allows one process at a time.
  Exits 1, naming the table and row, when a value opens with none of the keys.`;

/** One kind of sealed value: where it is kept and the purpose its key is derived for. */
interface SealedKind {
  name: string;
  table: PgTable;
  tableName: string;
  id: PgColumn;
  sealed: PgColumn;
  purpose: string;
  /** Bank account numbers: the clear column of rows written before sealing. */
  clear?: PgColumn;
}

export const SEALED_KINDS: readonly SealedKind[] = [
  {
    name: 'n8n API keys',
    table: n8nConnections,
    tableName: 'n8n_connections',
    id: n8nConnections.id,
    sealed: n8nConnections.apiKeySealed,
    purpose: 'n8n-api-key',
  },
  {
    name: 'Make API tokens',
    table: makeConnections,
    tableName: 'make_connections',
    id: makeConnections.id,
    sealed: makeConnections.tokenSealed,
    purpose: 'make-api-token',
  },
  {
    name: 'tax IDs',
    table: sellerTaxProfiles,
    tableName: 'seller_tax_profiles',
    id: sellerTaxProfiles.sellerId,
    sealed: sellerTaxProfiles.taxIdSealed,
    purpose: 'tax-id',
  },
  {
    name: 'payout account numbers',
    table: payoutAccounts,
    tableName: 'payout_accounts',
    id: payoutAccounts.sellerId,
    sealed: payoutAccounts.accountNumberSealed,
    clear: payoutAccounts.accountNumber,
    purpose: 'bank-account-number',
  },
  {
    name: 'account numbers of payouts',
    table: payouts,
    tableName: 'payouts',
    id: payouts.id,
    sealed: payouts.accountNumberSealed,
    clear: payouts.accountNumber,
    purpose: 'bank-account-number',
  },
];

export interface KindReport {
  kind: string;
  table: string;
  /** Values wrapped again under the current key (or sealed again from the format before envelopes). */
  rotated: number;
  /** Clear bank account numbers sealed. */
  sealedFromClear: number;
  /** Values already under the current key. */
  current: number;
  /** Rows changed by someone else between read and write: sealed by the server meanwhile. */
  changedMeanwhile: number;
  /** Ids of rows whose value none of the keys opens. */
  unreadable: string[];
}

export interface RotationOptions {
  batchSize?: number;
}

/**
 * Wraps every sealed value again under `keys.current`, in batches of rows read in id order. Each
 * update names the value it read, so a row the server rewrote meanwhile is left as the server wrote it.
 */
export async function rotateSealedValues(
  db: Database,
  keys: SealingKeys,
  { batchSize = 200 }: RotationOptions = {},
): Promise<KindReport[]> {
  const reports: KindReport[] = [];
  for (const kind of SEALED_KINDS) {
    const report: KindReport = {
      kind: kind.name,
      table: kind.tableName,
      rotated: 0,
      sealedFromClear: 0,
      current: 0,
      changedMeanwhile: 0,
      unreadable: [],
    };
    let after: string | null = null;
    for (;;) {
      const present: SQL = kind.clear
        ? or(isNotNull(kind.sealed), isNotNull(kind.clear))!
        : isNotNull(kind.sealed);
      const rows = (await db
        .select({ id: kind.id, sealed: kind.sealed, ...(kind.clear ? { clear: kind.clear } : {}) })
        .from(kind.table)
        .where(after === null ? present : and(present, gt(kind.id, after)))
        .orderBy(asc(kind.id))
        .limit(batchSize)) as Array<{ id: string; sealed: string | null; clear?: string | null }>;
      if (rows.length === 0) break;
      for (const row of rows) {
        const changed = await rotateRow(db, kind, keys, row, report);
        if (changed === 'unchanged') report.changedMeanwhile += 1;
      }
      after = rows[rows.length - 1]!.id;
      if (rows.length < batchSize) break;
    }
    reports.push(report);
  }
  return reports;
}

async function rotateRow(
  db: Database,
  kind: SealedKind,
  keys: SealingKeys,
  row: { id: string; sealed: string | null; clear?: string | null },
  report: KindReport,
): Promise<'done' | 'unchanged'> {
  if (kind.clear && row.clear) {
    // A bank account number from before sealing: seal it and empty the clear column.
    const columns = sealAccountNumber(row.clear, keys);
    const updated = await db
      .update(kind.table)
      .set({
        [columnKey(kind.table, kind.clear)]: null,
        [columnKey(kind.table, kind.sealed)]: columns.accountNumberSealed,
        accountNumberMasked: columns.accountNumberMasked,
      })
      .where(and(eq(kind.id, row.id), eq(kind.clear, row.clear)))
      .returning({ id: kind.id });
    if (updated.length === 0) return 'unchanged';
    report.sealedFromClear += 1;
    return 'done';
  }
  if (!row.sealed) return 'done';
  let next: string | null;
  try {
    next = resealed(row.sealed, keys, kind.purpose);
  } catch (error) {
    if (!(error instanceof SealedValueUnreadableError)) throw error;
    report.unreadable.push(row.id);
    return 'done';
  }
  if (next === null) {
    report.current += 1;
    return 'done';
  }
  const updated = await db
    .update(kind.table)
    .set({ [columnKey(kind.table, kind.sealed)]: next })
    .where(and(eq(kind.id, row.id), eq(kind.sealed, row.sealed), kind.clear ? isNull(kind.clear) : undefined))
    .returning({ id: kind.id });
  if (updated.length === 0) return 'unchanged';
  report.rotated += 1;
  return 'done';
}

/** The property name Drizzle knows `column` by in `table` (what `.set()` takes). */
function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(
    ([, value]) => value === column,
  );
  if (!entry) throw new Error(`column ${column.name} is not in its table`);
  return entry[0];
}

/** The report an operator reads: a line per kind, then the rows no key opens (ids only, never values). */
export function describeRotation(reports: readonly KindReport[]): { exitCode: number; output: string } {
  const lines = reports.map((report) => {
    const parts = [`${report.rotated} re-wrapped`, `${report.current} already under ENCRYPTION_KEY`];
    if (report.sealedFromClear > 0) parts.push(`${report.sealedFromClear} sealed from clear text`);
    if (report.changedMeanwhile > 0)
      parts.push(`${report.changedMeanwhile} changed meanwhile (left as saved)`);
    if (report.unreadable.length > 0) parts.push(`${report.unreadable.length} UNREADABLE`);
    return `${report.kind} (${report.table}): ${parts.join(', ')}`;
  });
  const unreadable = reports.flatMap((report) =>
    report.unreadable.map((id) => `  ${report.table} row ${id}`),
  );
  if (unreadable.length === 0) {
    lines.push('Every sealed value is under ENCRYPTION_KEY: the previous keys can be removed.');
    return { exitCode: 0, output: lines.join('\n') };
  }
  lines.push(
    `${unreadable.length} value(s) open with none of ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS and the auth ` +
      'secret; add the key that sealed them to ENCRYPTION_KEY_PREVIOUS and run the command again:',
    ...unreadable,
  );
  return { exitCode: 1, output: lines.join('\n') };
}

/** The command's work apart from process concerns, so tests run it on their own database. */
export async function runKeyRotation(
  db: Database,
  keys: SealingKeys,
  args: readonly string[],
): Promise<{ exitCode: number; output: string }> {
  let batchSize = 200;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') continue;
    const value = arg === '--batch-size' ? args[++index] : undefined;
    const parsed = Number(value);
    if (arg !== '--batch-size' || !Number.isInteger(parsed) || parsed < 1)
      return { exitCode: 2, output: USAGE };
    batchSize = parsed;
  }
  return describeRotation(await rotateSealedValues(db, keys, { batchSize }));
}

async function main(): Promise<number> {
  process.chdir(REPO_ROOT);
  const env = loadEnv();
  const embedded = env.DATABASE_URL ? null : resolve(env.DATA_DIR, 'db');
  if (embedded && !existsSync(embedded)) {
    console.error(
      `There is no Flowbay database in ${embedded}. Set DATA_DIR (or DATABASE_URL) to the server's.`,
    );
    return 1;
  }
  if (!env.ENCRYPTION_KEY) {
    console.error(
      'ENCRYPTION_KEY is not set: values are sealed under the auth secret. Set ENCRYPTION_KEY to the new ' +
        'key (and the old one in ENCRYPTION_KEY_PREVIOUS) before rotating.',
    );
  }
  console.error(embedded ? `Embedded database in ${embedded}.` : 'PostgreSQL database at DATABASE_URL.');
  const database = await openConfiguredDatabase(env);
  try {
    const result = await runKeyRotation(
      database.db,
      sealingKeys(env, resolveAuthSecret(env)),
      process.argv.slice(2),
    );
    (result.exitCode === 0 ? console.log : console.error)(result.output);
    return result.exitCode;
  } finally {
    await database.close();
  }
}

runAsCommand(import.meta.url, main, 'The command could not rotate the keys');

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { recordAudit, SYSTEM_ACTOR } from './audit.recorder.ts';

/** The settings that move sellers' money, all from the environment: a deployment changes them. */
export type MoneySettings = Record<string, number>;

export function moneySettingsOf(
  env: Pick<
    Env,
    | 'PLATFORM_FEE_PERCENT'
    | 'TAX_VAT_PERCENT'
    | 'TAX_PIT_PERCENT'
    | 'PAYOUT_MINIMUM'
    | 'SALE_HOLD_DAYS'
    | 'PAYOUT_ACCOUNT_HOLD_HOURS'
  >,
): MoneySettings {
  return {
    platform_fee_percent: env.PLATFORM_FEE_PERCENT,
    tax_vat_percent: env.TAX_VAT_PERCENT,
    tax_pit_percent: env.TAX_PIT_PERCENT,
    payout_minimum: env.PAYOUT_MINIMUM,
    sale_hold_days: env.SALE_HOLD_DAYS,
    payout_account_hold_hours: env.PAYOUT_ACCOUNT_HOLD_HOURS,
  };
}

const SUBJECT = { type: 'settings', id: 'money' } as const;
const sameSettings = (a: Record<string, unknown> | null | undefined, b: MoneySettings) =>
  !!a && Object.keys(b).length === Object.keys(a).length && Object.entries(b).every(([k, v]) => a[k] === v);

/**
 * At start, compares the money settings the server runs with to the last ones the trail recorded and,
 * when they differ (or none was recorded), writes a `settings.change` row by `system`: a new fee or
 * tax rate shows in the trail from the first start that uses it. Returns whether it wrote one.
 */
export async function recordMoneySettings(db: Database, settings: MoneySettings): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two servers starting together write one row, not two.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audit.money-settings'))`);
    const [last] = await tx
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'settings.change'),
          eq(auditEvents.subjectType, SUBJECT.type),
          eq(auditEvents.subjectId, SUBJECT.id),
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(1);
    if (sameSettings(last?.after, settings)) return false;
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: 'settings.change',
      subject: SUBJECT,
      before: last?.after ?? null,
      after: settings,
      note: 'Read from the environment at start',
    });
    return true;
  });
}

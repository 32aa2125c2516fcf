import { defineModule, route } from '../../lib/modules.ts';
import { upkeepSweep } from '../../plugins/sweeps.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';
import { moneySettingsOf, recordMoneySettings } from './money-settings.ts';

const HOUR = 60 * 60 * 1000;

/**
 * The audit trail's read side for admins; modules write it with `recordAudit` (index.ts). Once the
 * server is ready (never holding up its start: the database may be down then) it records the money
 * settings (fee, tax rates, payout rules) when they differ from the last recorded, and checks again
 * hourly until that has worked.
 */
export const auditModule = defineModule({
  name: 'audit',
  needs: ['db', 'env'],
  provides: [],
  build: ({ db, env }) => ({
    audit: createAuditService(createAuditRepository(db)),
    recordSettings: async () => ((await recordMoneySettings(db, moneySettingsOf(env))) ? 1 : 0),
  }),
  routes: ({ audit, recordSettings }) => [
    route(auditRoutes, { audit }),
    route(upkeepSweep, {
      what: 'recorded the money settings in the audit trail',
      everyMs: HOUR,
      run: recordSettings,
    }),
  ],
});

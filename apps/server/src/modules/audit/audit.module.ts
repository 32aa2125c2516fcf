import { defineModule, route } from '../../lib/modules.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';
import { moneySettingsOf, recordMoneySettings } from './money-settings.ts';

/**
 * The audit trail's read side for admins; modules write it with `recordAudit` (index.ts). At start it
 * records the money settings (fee, tax rates, payout rules) when they differ from the last recorded.
 */
export const auditModule = defineModule({
  name: 'audit',
  needs: ['db', 'env'],
  provides: [],
  build: async ({ db, env }) => {
    await recordMoneySettings(db, moneySettingsOf(env));
    return { audit: createAuditService(createAuditRepository(db)) };
  },
  routes: ({ audit }) => [route(auditRoutes, { audit })],
});

import { defineModule, route } from '../../lib/modules.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

/** The audit trail's read side for admins; modules write it with `recordAudit` (index.ts). */
export const auditModule = defineModule({
  name: 'audit',
  needs: ['db'],
  provides: [],
  build: ({ db }) => ({ audit: createAuditService(createAuditRepository(db)) }),
  routes: ({ audit }) => [route(auditRoutes, { audit })],
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../infra/jobs/queue.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { UploadsService } from '../modules/uploads/uploads.service.ts';

const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Runs `sweep` when the server is ready and then every `everyMs`; stops with the server. */
function every(app: FastifyInstance, everyMs: number, sweep: () => Promise<unknown>) {
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Uploads nobody used within a day (abandoned forms) are removed hourly; safe on every instance at once. */
async function sweepOrphans(app: FastifyInstance, options: { uploads: UploadsService; clock: Clock }) {
  every(app, 60 * 60 * 1000, () =>
    options.uploads
      .sweepOrphans(new Date(options.clock().getTime() - ORPHAN_GRACE_MS))
      .then((removed) => removed > 0 && app.log.info({ removed }, 'removed unused uploads'))
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping unused uploads failed')),
  );
}

/**
 * Stale pending orders are reconciled every minute (the dedupe key keeps instances from doubling
 * work); the counts of rejected callbacks past their retention are dropped hourly.
 */
async function sweepOrders(app: FastifyInstance, options: { orders: OrdersService }) {
  every(app, 60 * 1000, () =>
    options.orders
      .sweepStaleOrders()
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping orders failed')),
  );
  every(app, 60 * 60 * 1000, () =>
    options.orders
      .pruneRejectedCallbacks()
      .catch((error: unknown) => app.log.error({ err: error }, 'pruning rejected callbacks failed')),
  );
}

/**
 * Upkeep of stored data that must not hold up the start (a database that is down at start would
 * stop the server): run once the server is ready and then every `everyMs`, a failure logged and
 * tried again at the next round. `run` answers how many rows it changed.
 */
async function sweepUpkeep(
  app: FastifyInstance,
  options: { what: string; everyMs: number; run: () => Promise<number> },
) {
  every(app, options.everyMs, () =>
    options
      .run()
      .then((changed) => changed > 0 && app.log.info({ changed }, options.what))
      .catch((error: unknown) => app.log.error({ err: error }, `${options.what}: failed`)),
  );
}

export const orphanSweep = fp(sweepOrphans, { name: 'orphan-sweep', fastify: '5.x' });
export const upkeepSweep = fp(sweepUpkeep, { fastify: '5.x' });
export const orderSweep = fp(sweepOrders, { name: 'order-sweep', fastify: '5.x' });

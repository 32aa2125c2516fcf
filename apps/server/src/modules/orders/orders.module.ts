import { defineModule, route } from '../../lib/modules.ts';
import { orderSweep } from '../../plugins/sweeps.ts';
import { registerOrdersListeners } from './orders.listeners.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { discountCodesRoutes } from './discount-codes.routes.ts';
import { createDiscountCodesRepository } from './discount-codes.repository.ts';
import { createDiscountCodesService } from './discount-codes.service.ts';
import { AUTO_REFUND_JOB, RECONCILE_JOB, createOrdersService, type OrdersService } from './orders.service.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createRejectedCallbacksRepository } from './rejected-callbacks.repository.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Orders and payments: checkout, provider callbacks, refunds. */
    orders: OrdersService;
  }
}

/** Checkout, payment callbacks, refunds; the sweep that reconciles stale orders (not in tests). */
export const ordersModule = defineModule({
  name: 'orders',
  needs: [
    'db',
    'rate',
    'events',
    'payments',
    'testGateway',
    'payosTestTransfer',
    'jobs',
    'clock',
    'env',
    'log',
    'metrics',
  ],
  provides: ['orders'],
  build: ({ db, rate, events, payments, jobs, clock, env, log }) => ({
    orders: createOrdersService({
      repository: createOrdersRepository(db),
      rejectedCallbacks: createRejectedCallbacksRepository(db),
      rate,
      events,
      providers: payments,
      queue: jobs,
      clock,
      publicUrl: env.PUBLIC_URL,
      support: { email: env.SUPPORT_EMAIL, language: env.SUPPORT_LANGUAGE },
      log,
    }),
  }),
  routes: ({ orders, testGateway, payosTestTransfer, env, db, clock, metrics }) => {
    const discountCodes = createDiscountCodesService({
      repository: createDiscountCodesRepository(db),
      clock,
    });
    return [
      route(ordersRoutes, { orders }),
      route(discountCodesRoutes, { discountCodes }),
      route(paymentsRoutes, { orders, testGateway, payosTestTransfer, metrics }),
      env.NODE_ENV !== 'test' && route(orderSweep, { orders }),
    ];
  },
  jobs: ({ orders }) => ({
    [RECONCILE_JOB]: (payload) => orders.reconcile(String(payload.orderId)),
    [AUTO_REFUND_JOB]: (payload, job) => orders.autoRefund(String(payload.orderId), job),
  }),
  listeners: (events, { jobs, env }) =>
    registerOrdersListeners(events, { queue: jobs, publicUrl: env.PUBLIC_URL }),
});

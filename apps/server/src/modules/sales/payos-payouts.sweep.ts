import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SalesService } from './sales.service.ts';

/**
 * payOS sends no callback for payouts: every minute a check of the payouts being sent is queued (its
 * dedupe key keeps instances from doubling it), and the check asks payOS about each (decision 0154).
 */
async function sweepPayosPayouts(app: FastifyInstance, options: { sales: SalesService }) {
  const sweep = () =>
    options.sales
      .sweepSendingPayouts()
      .catch((error: unknown) => app.log.error({ err: error }, 'queueing the payOS payout check failed'));
  const timer = setInterval(() => void sweep(), 60 * 1000);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

export const payosPayoutsSweep = fp(sweepPayosPayouts, { name: 'payos-payouts-sweep', fastify: '5.x' });

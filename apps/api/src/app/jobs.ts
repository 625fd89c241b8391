import type { FastifyInstance } from 'fastify';
import { createJobRunner } from '../jobs/runner';
import { sweepCounters } from '../lib/attempt-limiter';
import { startPeriodicJob } from '../lib/jobs';
import { sweepEvents } from '../modules/events/service';
import { foldImpactChanges } from '../modules/impact/service';
import { sweepUnattachedMedia } from '../modules/media/service';
import { messageJobs } from '../modules/messages/digest';
import { sweepOffers } from '../modules/offers/index';
import { expireHolds } from '../modules/payments/holds';
import { payoutJobs, refundJobs, releaseDuePayouts } from '../modules/payouts/index';
import { shippingJobs, trackingIntervalSeconds } from '../modules/shipping/booking';

const HOLD_SWEEP_MS = 60_000;
// Media no listing used for a day are removed this often (decision 016).
const MEDIA_SWEEP_MS = 15 * 60_000;
const COUNTER_SWEEP_MS = 10 * 60_000;
const EVENT_SWEEP_MS = 15 * 60_000;
const IMPACT_FOLD_MS = 60_000;

// Background work: the job queue in the database (shipment booking and tracking, digests of unread messages;
// every process may run it, each job runs in one) and the periodic sweeps. The poll is one of the app's
// periodic jobs, so it stops (after the run under way) before the database closes.
export function startBackgroundJobs(app: FastifyInstance) {
  const { config } = app;
  const jobQueue = createJobRunner({
    db: app.db,
    log: app.log,
    handlers: {
      ...shippingJobs({
        db: app.db,
        courier: app.providers.courier,
        trackEverySeconds: trackingIntervalSeconds(config),
      }),
      ...messageJobs({ db: app.db, mailer: app.providers.mailer, publicUrl: config.publicUrl }),
      // A pending transfer is asked about again: soon in the sandbox, which pays after a short step; rarely at
      // Paystack, whose transfer webhooks usually answer first.
      ...payoutJobs({
        db: app.db,
        payments: app.providers.payments,
        pollSeconds: app.providers.payments.kind === 'sandbox' ? 3 : 600,
      }),
      ...refundJobs({ db: app.db, payments: app.providers.payments }),
    },
    leaseSeconds: config.jobs.leaseSeconds,
    retryBaseSeconds: config.jobs.retryBaseSeconds,
    retryMaxSeconds: config.jobs.retryMaxSeconds,
  });
  const queuePoll = config.jobs.isRunner
    ? app.jobs.add(
        startPeriodicJob({
          name: 'job-queue',
          everyMs: config.jobs.pollMs,
          run: () => jobQueue.runDue(),
          log: app.log,
        }),
      )
    : null;
  app.decorate('jobQueue', { ...jobQueue, wake: () => void queuePoll?.runNow() });
  app.addHook('preClose', async () => {
    await jobQueue.stop();
  });

  const sweeps = [
    // Checkout holds that ran out are closed (order cancelled, payment abandoned). The item is free again the
    // moment its hold expires whether or not this has run.
    { name: 'checkout-hold-sweep', everyMs: HOLD_SWEEP_MS, run: () => expireHolds({ db: app.db }) },
    // Held payouts whose protection window ended with no dispute are released (buyer protection, decision 058).
    {
      name: 'payout-release-sweep',
      everyMs: Math.min(HOLD_SWEEP_MS, config.payouts.protectionWindowSeconds * 500),
      run: async () => {
        const released = await releaseDuePayouts({
          db: app.db,
          windowSeconds: config.payouts.protectionWindowSeconds,
        });
        if (released > 0) app.jobQueue.wake();
        return released;
      },
    },
    // Offers unanswered in 48 hours or accepted and not paid in time expire; those on listings sold or
    // withdrawn end; paid ones are completed (decision 061). Each is shown so at once, whether or not this ran.
    { name: 'offer-sweep', everyMs: HOLD_SWEEP_MS, run: () => sweepOffers({ db: app.db }) },
    // Media no listing used for a day are removed (decision 016); a process that finds another one sweeping
    // skips its turn (null): nothing handled.
    {
      name: 'unattached-media-sweep',
      everyMs: MEDIA_SWEEP_MS,
      run: async () => (await sweepUnattachedMedia({ db: app.db, storage: app.providers.mediaStorage })) ?? 0,
    },
    // Counters (sign-in failures, request limits) whose window ended long ago are deleted.
    { name: 'counter-sweep', everyMs: COUNTER_SWEEP_MS, run: () => sweepCounters(app.db) },
    // Live events older than a day are deleted; a stream resuming from one of them reads its pages afresh.
    { name: 'event-sweep', everyMs: EVENT_SWEEP_MS, run: () => sweepEvents(app.db) },
    // The impact counter's changes (a sale, a refund, a gift) are added into its tally, so that a read sums a
    // minute's changes at most (decision 092).
    { name: 'impact-fold', everyMs: IMPACT_FOLD_MS, run: () => foldImpactChanges({ db: app.db }) },
  ];
  for (const sweep of sweeps) app.jobs.add(startPeriodicJob({ ...sweep, log: app.log }));
}

import { z } from 'zod';
import type { Auth } from '../../infra/auth/index.ts';
import type { JobHandler, JobQueue } from '../../infra/jobs/queue.ts';

export const PASSWORD_RESET_JOB = 'account.password-reset';

/** Better Auth's answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

const ResetRequest = z.object({ email: z.email(), redirectTo: z.string().max(2048).optional() });

export type ResetRequestCheck =
  | { ok: true; email: string; redirectTo: string | undefined }
  | { ok: false; status: 400 | 403; field: string };

/**
 * What Better Auth would refuse on the request path: a missing or invalid e-mail (400), and a
 * redirect to another site than this one (403, its origin check; a job has no request to check).
 */
export function checkResetRequest(body: Record<string, unknown>, publicUrl: string): ResetRequestCheck {
  const parsed = ResetRequest.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, field: String(parsed.error.issues[0]!.path[0]) };
  const { email, redirectTo } = parsed.data;
  if (redirectTo !== undefined) {
    const target = URL.parse(redirectTo, publicUrl);
    if (!target) return { ok: false, status: 400, field: 'redirectTo' };
    if (target.origin !== new URL(publicUrl).origin) return { ok: false, status: 403, field: 'redirectTo' };
  }
  return { ok: true, email: email.toLowerCase(), redirectTo };
}

/**
 * A reset request does the same work on the request path for every address: one job queued.
 * Finding the account, making the token and sending the e-mail happen in the job, so how long the
 * answer takes says nothing about whether the address has an account.
 */
export function queuePasswordReset(
  queue: JobQueue,
  request: { email: string; redirectTo: string | undefined },
) {
  return queue.enqueue(PASSWORD_RESET_JOB, { ...request }, { maxAttempts: 10 });
}

/** The job's handler: Better Auth finds the account, makes the token and sends the e-mail. */
export function passwordResetJob(auth: Auth): JobHandler {
  return async (payload) => {
    const email = String(payload.email);
    const redirectTo = typeof payload.redirectTo === 'string' ? payload.redirectTo : undefined;
    await auth.api.requestPasswordReset({ body: { email, redirectTo } });
  };
}

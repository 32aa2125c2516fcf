import {
  isTaxCode,
  type AdminInvoice,
  type AdminInvoicesQuery,
  type InvoiceRequestInput,
  type InvoiceView,
  type IssueInvoiceInput,
  type Language,
} from '@flowbay/domain';
import type { OrderFact } from '../../infra/events/domain-events.ts';
import type { JobRow, Queryable } from '../../infra/jobs/jobs.repository.ts';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { AppError } from '../../lib/errors.ts';
import { InvoiceProviderError, type InvoiceProvider } from './invoice-provider.ts';
import {
  adjustmentDueAdminMail,
  invoiceFailedAdminMail,
  invoiceIssuedMail,
  invoiceRequestedMail,
} from './invoices.mail.ts';
import type {
  InvoiceWithOrder,
  InvoicesRepository,
  IssuedInvoice,
  OrderOfInvoice,
} from './invoices.repository.ts';

/** The job that issues a paid order's invoice through an automatic provider. */
export const ISSUE_INVOICE_JOB = 'invoices.issue';
/** Attempts before the job gives up and the request lands in the admins' queue as failed (about a day). */
export const ISSUE_INVOICE_ATTEMPTS = 12;

interface InvoicesDeps {
  repository: InvoicesRepository;
  provider: InvoiceProvider;
  queue: JobQueue;
  clock: () => Date;
  publicUrl: string;
  /** Where the operators' e-mails go, and in which language. */
  support: { email: string; language: Language };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface InvoiceRequestValues {
  companyName: string;
  taxCode: string;
  address: string;
  email: string;
}

/** A buyer's invoice request as stored, once its tax code is one (INVALID_TAX_CODE otherwise). */
export function checkedInvoiceRequest(input: InvoiceRequestInput): InvoiceRequestValues {
  const taxCode = input.tax_code.trim();
  if (!isTaxCode(taxCode)) throw new AppError('INVALID_TAX_CODE', 'Invalid tax code', 'tax_code');
  return { companyName: input.company_name, taxCode, address: input.address, email: input.email };
}

function view({ invoice, order }: InvoiceWithOrder): InvoiceView {
  return {
    order_code: order.code,
    company_name: invoice.companyName,
    tax_code: invoice.taxCode,
    address: invoice.address,
    email: invoice.email,
    state: invoice.state,
    invoice_number: invoice.invoiceNumber,
    lookup_code: invoice.lookupCode,
    issued_at: iso(invoice.issuedAt),
  };
}

function adminView(row: InvoiceWithOrder): AdminInvoice {
  const { invoice, order } = row;
  return {
    ...view(row),
    order_state: order.state,
    amount: order.amount,
    workflow_title: order.workflowTitle,
    buyer_email: order.buyerEmail,
    provider: invoice.provider,
    last_error: invoice.lastError,
    adjustment_due: invoice.adjustmentDueAt !== null && invoice.adjustedAt === null,
    adjusted_at: iso(invoice.adjustedAt),
    requested_at: invoice.createdAt.toISOString(),
  };
}

/**
 * VAT invoices for business buyers (decision 0151). The buyer asks on their order (at checkout or
 * later, until it is issued); the order's payment makes the request due, through the `order.paid`
 * event, and its refund asks the admins for an adjustment. Orders never call this module.
 */
export function createInvoicesService(deps: InvoicesDeps) {
  const { repository, provider, queue, clock } = deps;
  const orderUrl = (code: string) => `${deps.publicUrl}/orders/${code}`;
  const adminUrl = `${deps.publicUrl}/admin/invoices`;

  /** The caller's own order; anyone else's answers as if it did not exist (an order code reveals nothing). */
  async function ownOrder(viewer: Viewer, code: string): Promise<OrderOfInvoice> {
    const order = await repository.orderByCode(code);
    if (!order || !isSignedIn(viewer) || order.buyerId !== viewer.id) {
      throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    }
    return order;
  }

  function queueIssue(tx: Queryable, orderId: string) {
    return queue.enqueue(
      ISSUE_INVOICE_JOB,
      { orderId },
      { db: tx, dedupeKey: `invoice:${orderId}`, maxAttempts: ISSUE_INVOICE_ATTEMPTS },
    );
  }

  async function mailIssued(tx: Queryable, row: InvoiceWithOrder) {
    const { invoice, order } = row;
    const mail = {
      language: order.buyerLanguage,
      code: order.code,
      title: order.workflowTitle,
      amount: order.amount,
      companyName: invoice.companyName,
      taxCode: invoice.taxCode,
      invoiceNumber: invoice.invoiceNumber!,
      lookupCode: invoice.lookupCode!,
      orderUrl: orderUrl(order.code),
    };
    await queueMail(queue, invoiceIssuedMail({ ...mail, to: order.buyerEmail }), { db: tx });
    // The company's accounting address gets its own copy when the buyer gave another one.
    if (invoice.email.toLowerCase() !== order.buyerEmail.toLowerCase()) {
      await queueMail(queue, invoiceIssuedMail({ ...mail, to: invoice.email }), { db: tx });
    }
  }

  /** Marks the request issued and e-mails the buyer, in one transaction; null when it was issued already. */
  async function issue(orderId: string, issued: IssuedInvoice) {
    const before = await repository.byOrderId(orderId);
    if (!before) return null;
    const done = await repository.transaction(async (tx) => {
      const row = await repository.in(tx).markIssued(orderId, issued, clock());
      if (!row) return null;
      const withIssued = { invoice: row, order: before.order };
      await mailIssued(tx, withIssued);
      return withIssued;
    });
    if (done) queue.poke();
    return done;
  }

  return {
    async get(viewer: Viewer, code: string) {
      const order = await ownOrder(viewer, code);
      const row = await repository.byOrderId(order.id);
      return { invoice: row ? view(row) : null };
    },

    /** The buyer's request, new or changed, while the order waits for payment or is paid and not yet invoiced. */
    async request(viewer: Viewer, code: string, input: InvoiceRequestInput) {
      const values = checkedInvoiceRequest(input);
      const order = await ownOrder(viewer, code);
      const queued = await repository.transaction(async (tx) => {
        // The order's row is locked, so a payment arriving now lands before or after this request, never across it.
        const state = await repository.in(tx).lockOrder(order.id);
        if (state !== 'pending' && state !== 'paid') {
          throw new AppError('INVOICE_NOT_REQUESTABLE', 'The order is neither waiting for payment nor paid');
        }
        const existing = await repository.in(tx).stateOf(order.id);
        if (existing === 'issued')
          throw new AppError('INVOICE_ALREADY_ISSUED', 'The invoice is already issued');
        const paid = state === 'paid';
        await repository
          .in(tx)
          .upsert(order.id, values, paid ? 'pending' : 'requested', provider.id, clock());
        if (paid && provider.automatic) await queueIssue(tx, order.id);
        return paid && provider.automatic;
      });
      if (queued) queue.poke();
      const row = await repository.byOrderId(order.id);
      return { invoice: view(row!) };
    },

    /** `order.invoiceRequested`, in the new order's transaction: the request waits for the payment. */
    async orderPlaced(tx: Queryable, orderId: string, request: InvoiceRequestValues) {
      await repository.in(tx).upsert(orderId, request, 'requested', provider.id, clock());
    },

    /** `order.paid`, in the payment's transaction: a request on the order is now due. */
    async orderPaid(
      tx: Queryable,
      order: Pick<OrderFact, 'id' | 'code' | 'workflowTitle' | 'buyerEmail' | 'buyerLanguage'>,
    ) {
      const row = await repository.in(tx).markPaid(order.id, provider.id, clock());
      if (!row) return;
      if (provider.automatic) {
        await queueIssue(tx, order.id);
        return;
      }
      // Issued by hand, maybe days later: the buyer hears now that the request is in.
      await queueMail(
        queue,
        invoiceRequestedMail({
          to: order.buyerEmail,
          language: order.buyerLanguage,
          code: order.code,
          title: order.workflowTitle,
          companyName: row.companyName,
          taxCode: row.taxCode,
          orderUrl: orderUrl(order.code),
        }),
        { db: tx },
      );
    },

    /** `order.refunded`, in the refund's transaction: an issued invoice needs an adjustment. */
    async orderRefunded(tx: Queryable, order: Pick<OrderFact, 'id' | 'code' | 'workflowTitle' | 'amount'>) {
      const row = await repository.in(tx).markAdjustmentDue(order.id, clock());
      if (!row) return;
      await queueMail(
        queue,
        adjustmentDueAdminMail({
          to: deps.support.email,
          language: deps.support.language,
          code: order.code,
          title: order.workflowTitle,
          amount: order.amount,
          companyName: row.companyName,
          taxCode: row.taxCode,
          invoiceNumber: row.invoiceNumber,
          adminUrl,
        }),
        { db: tx },
      );
    },

    /**
     * One attempt of the provider's job. A provider still processing is asked again at the next
     * attempt (same creation); a failure is recorded and retried with the queue's backoff; the last
     * one leaves the request `failed` in the admins' queue and tells them.
     */
    async issueJob(orderId: string, job: Pick<JobRow, 'attempts' | 'maxAttempts'>) {
      if (!provider.automatic) return;
      const row = await repository.byOrderId(orderId);
      if (!row || row.order.state !== 'paid') return;
      if (row.invoice.state !== 'pending' && row.invoice.state !== 'failed') return;
      const { invoice, order } = row;
      const last = job.attempts >= job.maxAttempts;
      let outcome;
      try {
        outcome = await provider.issue({
          orderCode: order.code,
          amount: order.amount,
          itemName: order.workflowTitle,
          buyer: {
            companyName: invoice.companyName,
            taxCode: invoice.taxCode,
            address: invoice.address,
            email: invoice.email,
          },
          issuedAt: clock(),
          providerRef: invoice.providerRef,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const ref =
          error instanceof InvoiceProviderError
            ? error.forgetRef
              ? null
              : (error.providerRef ?? invoice.providerRef)
            : invoice.providerRef;
        await repository.recordAttempt(orderId, message, ref, last, clock());
        if (last) {
          await queueMail(
            queue,
            invoiceFailedAdminMail({
              to: deps.support.email,
              language: deps.support.language,
              code: order.code,
              companyName: invoice.companyName,
              taxCode: invoice.taxCode,
              error: message,
              adminUrl,
            }),
          );
        }
        throw error;
      }
      if (outcome.kind === 'processing') {
        await repository.rememberRef(orderId, outcome.providerRef, clock());
        throw new Error(`the e-invoice provider is still processing ${outcome.providerRef}`);
      }
      await issue(orderId, outcome);
    },

    async adminList(query: AdminInvoicesQuery) {
      const rows = await repository.list(query.view);
      return { items: rows.map(adminView) };
    },

    /** An admin enters the number and lookup code the e-invoice software gave; the buyer is e-mailed. */
    async adminIssue(viewer: Viewer, code: string, input: IssueInvoiceInput) {
      const row = await repository.byOrderCode(code);
      if (!row) throw new AppError('INVOICE_NOT_FOUND', 'No invoice request for this order');
      if (row.invoice.state === 'issued') throw new AppError('INVOICE_ALREADY_ISSUED', 'Already issued');
      if (row.order.state !== 'paid') {
        throw new AppError('INVOICE_NOT_REQUESTABLE', 'Only a paid order is invoiced');
      }
      const done = await issue(row.invoice.orderId, {
        invoiceNumber: input.invoice_number,
        lookupCode: input.lookup_code,
        issuedBy: isSignedIn(viewer) ? viewer.id : null,
      });
      if (!done) throw new AppError('INVOICE_ALREADY_ISSUED', 'Already issued');
      return { invoice: adminView(done) };
    },

    /** The adjustment invoice of a refunded order was issued in the e-invoice software: off the queue. */
    async adminAdjusted(code: string) {
      const row = await repository.byOrderCode(code);
      if (!row) throw new AppError('INVOICE_NOT_FOUND', 'No invoice request for this order');
      const adjusted = await repository.markAdjusted(row.invoice.orderId, clock());
      if (!adjusted) throw new AppError('CONFLICT', 'No adjustment is due for this invoice');
      return { invoice: adminView({ invoice: adjusted, order: row.order }) };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;

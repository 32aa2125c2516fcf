import { z } from 'zod';
import {
  BundleDeleted,
  BundleDetail,
  BundleList,
  BundlesQuery,
  CreateBundleInput,
  UpdateBundleInput,
} from './bundles.ts';
import {
  AccountDeletionRequest,
  AuthProviders,
  AuthSession,
  AuthSignedIn,
  AuthSignedOut,
  AuthSignedUp,
  AuthSocialRedirect,
  AuthStatus,
  DataExportQueued,
  DeletionLinkSent,
  OwnProfile,
} from './accounts.ts';
import {
  AuthorStats,
  MyWorkflowList,
  Category,
  FavoriteCheck,
  FavoriteCheckQuery,
  FavoriteState,
  Health,
  PublicProfile,
  RelatedWorkflows,
  ScreenshotList,
  WorkflowStructure,
  Subcategory,
  ViewCount,
  WorkflowCategoryLink,
  WorkflowDetail,
  WorkflowList,
  WorkflowDeleted,
  WorkflowVersion,
} from './api.ts';
import { ListWorkflowsQuery } from './catalog.ts';
import {
  CreatedMakeConnection,
  CreateMakeConnectionBody,
  MakeConnectionList,
  MakeConnectionTest,
  SendToMakeBody,
  SentToMake,
} from './make.ts';
import { PageQuery } from './paging.ts';
import { AuditPage, AuditQuery } from './audit.ts';
import {
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  DownloadQuery,
  TakenAnswer,
  TakenInput,
  AdminPaymentIncidentsQuery,
  AdminPaymentIncidentsResponse,
  AdminRefundRequestsResponse,
  CreateOrderBody,
  CreateOrderResponse,
  OrderResponse,
  PaymentProviders,
  PurchasesResponse,
  RefundDecisionBody,
  RefundedByTransferBody,
  RefundRequestBody,
  SellerRefundAnswerBody,
  SellerRefundRequestResponse,
  SellerRefundRequestsResponse,
  TestGatewayCompleteBody,
  TestGatewayCompleteResponse,
  TestGatewaySession,
  TestGatewayTransferBody,
  TestGatewayTransferResponse,
} from './commerce.ts';
import { PAYMENT_CALLBACK_ENDPOINTS } from './payment-providers.ts';
import {
  CreateDiscountCodeBody,
  DiscountCodeList,
  DiscountCodeResponse,
  Quote,
  QuoteBody,
} from './licences.ts';
import { ContactChannels, ContactInput, ContactReceipt } from './contact.ts';
import {
  AdminDataRequest,
  AdminDataRequestList,
  AdminDataRequestsQuery,
  ConsentBody,
  ConsentList,
  DataRequest,
  DataRequestAnswerBody,
  DataRequestInput,
  DataRequestList,
} from './privacy.ts';
import {
  CreatedN8nKey,
  CreateN8nKeyBody,
  N8nCategories,
  N8nCollectionResponse,
  N8nCollections,
  N8nCollectionsQuery,
  N8nHealth,
  N8nImportTemplate,
  N8nKeyList,
  N8nSearchQuery,
  N8nSearchResult,
  N8nTemplateResponse,
} from './n8n.ts';
import {
  CreatedN8nConnection,
  CreateN8nConnectionBody,
  N8nConnectionList,
  N8nConnectionTest,
  SendToN8nBody,
  SentToN8n,
} from './connections.ts';
import {
  CreateVersionInput,
  ScreenshotsInput,
  CreateWorkflowInput,
  FavoriteInput,
  LinkCategoriesInput,
  LinkSubcategoriesInput,
  RejectInput,
  ApproveInput,
  ReportInput,
  ResolveReportInput,
  UpdateWorkflowInput,
  UploadResult,
} from './publishing.ts';
import {
  AdminReviewReport,
  AdminReviewReportsQuery,
  ResolvedReviewReport,
  ResolveReviewReportInput,
  Review,
  ReviewDeleted,
  ReviewInput,
  ReviewList,
  ReviewReplyInput,
  ReviewReport,
  ReviewReportInput,
  ReviewsPageQuery,
} from './ratings.ts';
import {
  AdminReport,
  AdminReportsQuery,
  ResolvedReport,
  ModerationDecision,
  ModerationQueue,
  WorkflowReport,
} from './moderation.ts';
import {
  AdminPayoutResponse,
  AdminPayoutsQuery,
  AdminPayoutsResponse,
  AdminRevenue,
  BanksResponse,
  CsvText,
  MarkPayoutFailedBody,
  MarkPayoutPaidBody,
  PayoutAccountBody,
  PayoutAccountResponse,
  PayoutResponse,
  SendPayoutsBody,
  SalesDashboard,
} from './sales.ts';
import {
  SellingRates,
  TaxMonthQuery,
  TaxProfileBody,
  TaxProfileResponse,
  TaxReport,
  TaxStatement,
  TaxYearQuery,
} from './tax.ts';
import {
  FollowState,
  MarkNotificationsReadBody,
  NotificationList,
  NotificationSettings,
  NotificationSettingsBody,
  NotificationsQuery,
  NotificationsRead,
  Unsubscribed,
  UnsubscribeQuery,
} from './notifications.ts';
import { TranslateInput, TranslateResult, TranslateStatus } from './translate.ts';
import { ChecksStatus } from './checks.ts';
import {
  AdminInvoiceResponse,
  AdminInvoicesQuery,
  AdminInvoicesResponse,
  InvoiceRequestInput,
  IssueInvoiceInput,
  OrderInvoiceResponse,
} from './invoices.ts';

/**
 * One contract per endpoint, `'<METHOD> <path>'` → what it takes and what its success answers.
 * The server's routes declare these schemas (they feed OpenAPI; a test keeps the two equal) and
 * the web's `api` client takes its types from here, so a changed answer breaks `tsc` on both sides.
 * `response: null` marks an answer that is a file rather than JSON.
 */
export interface EndpointContract {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | null;
}

const page = PageQuery;

export const endpoints = {
  'GET /api/health': { response: Health },
  'GET /api/categories': { response: z.array(Category) },
  'GET /api/subcategories': { response: z.array(Subcategory) },

  /* catalogue */
  'GET /api/workflows': { query: ListWorkflowsQuery, response: WorkflowList },
  'GET /api/workflows/:id': { response: WorkflowDetail },
  'GET /api/workflows/:id/versions': { response: z.array(WorkflowVersion) },
  'GET /api/workflows/:id/related': { response: RelatedWorkflows },
  'GET /api/workflows/:id/structure': { response: WorkflowStructure },
  'POST /api/workflows/:id/views': { response: ViewCount },
  'GET /api/workflow-categories': { response: z.array(WorkflowCategoryLink) },
  'GET /api/author-stats/:userId': { response: AuthorStats },
  'GET /api/workflows/:id/download': { query: DownloadQuery, response: null },
  'GET /api/workflows/:id/versions/:versionId/download': { query: DownloadQuery, response: null },
  'POST /api/workflows/:id/taken': { body: TakenInput, response: TakenAnswer },
  'GET /og/workflows/:file': { response: null },
  'GET /api/icons/:file': { response: z.string() },

  /* publishing */
  'POST /api/uploads': { response: UploadResult },
  'POST /api/workflows': { body: CreateWorkflowInput, response: WorkflowDetail },
  'PUT /api/workflows/:id': { body: UpdateWorkflowInput, response: WorkflowDetail },
  'DELETE /api/workflows/:id': { response: WorkflowDeleted },
  'POST /api/workflows/:id/versions': { body: CreateVersionInput, response: WorkflowVersion },
  'GET /api/workflows/:id/screenshots': { response: ScreenshotList },
  'POST /api/workflows/:id/screenshots': { response: ScreenshotList },
  'PUT /api/workflows/:id/screenshots': { body: ScreenshotsInput, response: ScreenshotList },
  'POST /api/workflow-categories': { body: LinkCategoriesInput, response: LinkCategoriesInput },
  'POST /api/workflow-subcategories': { body: LinkSubcategoriesInput, response: LinkSubcategoriesInput },
  'GET /api/me/workflows': { query: page, response: MyWorkflowList },

  /* moderation */
  'GET /api/admin/reviews': { query: page, response: ModerationQueue },
  'POST /api/admin/workflows/:id/approve': { body: ApproveInput.nullish(), response: ModerationDecision },
  'POST /api/admin/workflows/:id/reject': { body: RejectInput, response: ModerationDecision },
  'POST /api/workflows/:id/reports': { body: ReportInput, response: WorkflowReport },
  'GET /api/admin/reports': { query: AdminReportsQuery, response: z.array(AdminReport) },
  'POST /api/admin/reports/:id/resolve': { body: ResolveReportInput, response: ResolvedReport },

  /* accounts (Better Auth answers /api/auth/* except the providers) */
  'GET /api/auth/providers': { response: AuthProviders },
  'GET /api/auth/get-session': { response: AuthSession.nullable() },
  'POST /api/auth/sign-up/email': { response: AuthSignedUp },
  'POST /api/auth/sign-in/email': { response: AuthSignedIn },
  'POST /api/auth/sign-in/social': { response: AuthSocialRedirect },
  'POST /api/auth/sign-out': { response: AuthSignedOut },
  'POST /api/auth/send-verification-email': { response: AuthStatus },
  'POST /api/auth/request-password-reset': { response: AuthStatus },
  'POST /api/auth/reset-password': { response: AuthStatus },
  'POST /api/auth/change-password': { response: z.unknown() },
  'GET /api/profile/me': { response: OwnProfile },
  'PUT /api/profile/me': { response: OwnProfile },
  'GET /api/profile/:id': { response: PublicProfile },
  'POST /api/profile/me/avatar': { response: OwnProfile },
  'DELETE /api/profile/me/avatar': { response: OwnProfile },
  'POST /api/profile/me/export': { response: DataExportQueued },
  'GET /api/profile/me/exports/:id': { response: null },
  'POST /api/profile/me/delete-link': { response: DeletionLinkSent },
  'POST /api/profile/me/delete': { body: AccountDeletionRequest, response: z.null() },

  /* bundles */
  'GET /api/bundles': { query: BundlesQuery, response: BundleList },
  'GET /api/bundles/:id': { response: BundleDetail },
  'GET /api/me/bundles': { response: BundleList },
  'POST /api/bundles': { body: CreateBundleInput, response: BundleDetail },
  'PATCH /api/bundles/:id': { body: UpdateBundleInput, response: BundleDetail },
  'DELETE /api/bundles/:id': { response: BundleDeleted },

  /* orders and payments */
  'POST /api/orders': { body: CreateOrderBody, response: CreateOrderResponse },
  'POST /api/orders/quote': { body: QuoteBody, response: Quote },
  'GET /api/me/discount-codes': { response: DiscountCodeList },
  'POST /api/me/discount-codes': { body: CreateDiscountCodeBody, response: DiscountCodeResponse },
  'POST /api/me/discount-codes/:id/deactivate': { response: DiscountCodeResponse },
  'GET /api/orders/:code': { response: OrderResponse },
  'GET /api/me/purchases': { response: PurchasesResponse },
  'POST /api/orders/:code/refund-request': { body: RefundRequestBody, response: OrderResponse },
  'GET /api/admin/orders': { query: AdminOrdersQuery, response: AdminOrdersResponse },
  'GET /api/admin/refund-requests': { response: AdminRefundRequestsResponse },
  'GET /api/me/refund-requests': { response: SellerRefundRequestsResponse },
  'POST /api/me/refund-requests/:id/answer': {
    body: SellerRefundAnswerBody,
    response: SellerRefundRequestResponse,
  },
  'GET /api/admin/payment-incidents': {
    query: AdminPaymentIncidentsQuery,
    response: AdminPaymentIncidentsResponse,
  },
  'POST /api/admin/payment-incidents/:code/retry-refund': { response: AdminPaymentIncidentsResponse },
  'POST /api/admin/orders/:code/refund': { body: RefundDecisionBody, response: AdminOrderResponse },
  'POST /api/admin/orders/:code/decline-refund': { body: RefundDecisionBody, response: AdminOrderResponse },
  'POST /api/admin/orders/:code/refunded-by-transfer': {
    body: RefundedByTransferBody,
    response: AdminOrderResponse,
  },
  'GET /api/payments/providers': { response: PaymentProviders },
  ...PAYMENT_CALLBACK_ENDPOINTS,
  'GET /api/payments/test-gateway/session': { response: TestGatewaySession },
  'POST /api/payments/test-gateway/complete': {
    body: TestGatewayCompleteBody,
    response: TestGatewayCompleteResponse,
  },
  'POST /api/payments/test-gateway/payos-transfer': {
    body: TestGatewayTransferBody,
    response: TestGatewayTransferResponse,
  },

  /* VAT invoices (hóa đơn GTGT) */
  'GET /api/orders/:code/invoice': { response: OrderInvoiceResponse },
  'PUT /api/orders/:code/invoice': { body: InvoiceRequestInput, response: OrderInvoiceResponse },
  'GET /api/admin/invoices': { query: AdminInvoicesQuery, response: AdminInvoicesResponse },
  'POST /api/admin/invoices/:code/issue': { body: IssueInvoiceInput, response: AdminInvoiceResponse },
  'POST /api/admin/invoices/:code/adjusted': { response: AdminInvoiceResponse },

  /* sales and payouts */
  'GET /api/banks': { response: BanksResponse },
  'GET /api/me/sales': { response: SalesDashboard },
  'GET /api/me/sales.csv': { response: CsvText },
  'GET /api/me/payout-account': { response: PayoutAccountResponse },
  'PUT /api/me/payout-account': { body: PayoutAccountBody, response: PayoutAccountResponse },
  'POST /api/me/payouts': { response: PayoutResponse },
  'GET /api/admin/payouts': { query: AdminPayoutsQuery, response: AdminPayoutsResponse },
  'GET /api/admin/payouts.csv': { response: CsvText },
  'POST /api/admin/payouts/send': { body: SendPayoutsBody, response: AdminPayoutsResponse },
  'POST /api/admin/payouts/:id/paid': { body: MarkPayoutPaidBody, response: AdminPayoutResponse },
  'POST /api/admin/payouts/:id/failed': { body: MarkPayoutFailedBody, response: AdminPayoutResponse },
  'GET /api/admin/revenue': { response: AdminRevenue },

  /* the audit trail of admin and money actions (decision 0175) */
  'GET /api/admin/audit': { query: AuditQuery, response: AuditPage },
  'GET /api/admin/audit.csv': { query: AuditQuery, response: CsvText },

  /* tax withheld on sales */
  'GET /api/selling-rates': { response: SellingRates },
  'GET /api/me/tax-profile': { response: TaxProfileResponse },
  'PUT /api/me/tax-profile': { body: TaxProfileBody, response: TaxProfileResponse },
  'GET /api/me/tax-statement': { query: TaxYearQuery, response: TaxStatement },
  'GET /api/admin/tax-report': { query: TaxMonthQuery, response: TaxReport },
  'GET /api/admin/tax-report.csv': { query: TaxMonthQuery, response: CsvText },
  'GET /api/admin/sellers/:id/tax-statement': { query: TaxYearQuery, response: TaxStatement },

  /* favourites */
  'GET /api/favorites': { query: page, response: WorkflowList },
  'POST /api/favorites': { body: FavoriteInput, response: FavoriteState },
  'GET /api/favorites/check': { query: FavoriteCheckQuery, response: FavoriteCheck },
  'DELETE /api/favorites/:workflow_id': { response: FavoriteState },

  /* notifications and follows */
  'GET /api/me/notifications': { query: NotificationsQuery, response: NotificationList },
  'POST /api/me/notifications/read': { body: MarkNotificationsReadBody, response: NotificationsRead },
  'GET /api/me/notification-settings': { response: NotificationSettings },
  'PUT /api/me/notification-settings': { body: NotificationSettingsBody, response: NotificationSettings },
  'GET /api/notifications/unsubscribe': { query: UnsubscribeQuery, response: null },
  'POST /api/notifications/unsubscribe': { query: UnsubscribeQuery, response: Unsubscribed },
  'GET /api/users/:id/follow': { response: FollowState },
  'POST /api/users/:id/follow': { response: FollowState },
  'DELETE /api/users/:id/follow': { response: FollowState },

  /* translation and contact */
  'GET /api/translate': { response: TranslateStatus },
  'GET /api/checks': { response: ChecksStatus },
  'POST /api/translate': { body: TranslateInput, response: TranslateResult },
  'GET /api/contact-address': { response: ContactChannels },
  'POST /api/contact': { body: ContactInput, response: ContactReceipt },

  /* consent per purpose and data-subject requests */
  'GET /api/me/consents': { response: ConsentList },
  'PUT /api/me/consents': { body: ConsentBody, response: ConsentList },
  'GET /api/me/privacy-requests': { response: DataRequestList },
  'POST /api/me/privacy-requests': { body: DataRequestInput, response: DataRequest },
  'GET /api/admin/privacy-requests': { query: AdminDataRequestsQuery, response: AdminDataRequestList },
  'POST /api/admin/privacy-requests/:id/answer': { body: DataRequestAnswerBody, response: AdminDataRequest },

  /* ratings */
  'GET /api/workflows/:id/reviews': { query: ReviewsPageQuery, response: ReviewList },
  'POST /api/workflows/:id/reviews': { body: ReviewInput, response: Review },
  'PUT /api/reviews/:reviewId': { body: ReviewInput, response: Review },
  'DELETE /api/reviews/:reviewId': { response: ReviewDeleted },
  'PUT /api/reviews/:reviewId/reply': { body: ReviewReplyInput, response: Review },
  'POST /api/reviews/:reviewId/reports': { body: ReviewReportInput, response: ReviewReport },
  'GET /api/admin/review-reports': { query: AdminReviewReportsQuery, response: z.array(AdminReviewReport) },
  'POST /api/admin/review-reports/:id/resolve': {
    body: ResolveReviewReportInput,
    response: ResolvedReviewReport,
  },

  /* n8n: keys for the signed-in user, and the templates API n8n calls (also under /n8n/vi, /n8n/k/:key) */
  'GET /api/n8n/keys': { response: N8nKeyList },
  'POST /api/n8n/keys': { body: CreateN8nKeyBody, response: CreatedN8nKey },
  'DELETE /api/n8n/keys/:id': { response: z.null() },
  'GET /n8n/health': { response: N8nHealth },
  'GET /n8n/templates/categories': { response: N8nCategories },
  'GET /n8n/templates/search': { query: N8nSearchQuery, response: N8nSearchResult },
  'GET /n8n/templates/collections': { query: N8nCollectionsQuery, response: N8nCollections },
  'GET /n8n/templates/collections/:id': { response: N8nCollectionResponse },
  'GET /n8n/templates/workflows/:id': { response: N8nTemplateResponse },
  'GET /n8n/workflows/templates/:id': { response: N8nImportTemplate },

  /* the signed-in user's n8n instances, and "Send to my n8n" */
  'GET /api/me/n8n-connections': { response: N8nConnectionList },
  'POST /api/me/n8n-connections': { body: CreateN8nConnectionBody, response: CreatedN8nConnection },
  'POST /api/me/n8n-connections/:id/test': { response: N8nConnectionTest },
  'DELETE /api/me/n8n-connections/:id': { response: z.null() },
  'POST /api/workflows/:id/send-to-n8n': { body: SendToN8nBody, response: SentToN8n },

  /* Make: the signed-in user's saved Make connections, and a scenario made from a Make listing */
  'GET /api/me/make-connections': { response: MakeConnectionList },
  'POST /api/me/make-connections': { body: CreateMakeConnectionBody, response: CreatedMakeConnection },
  'POST /api/me/make-connections/:id/test': { response: MakeConnectionTest },
  'DELETE /api/me/make-connections/:id': { response: z.null() },
  'POST /api/workflows/:id/send-to-make': { body: SendToMakeBody, response: SentToMake },
} as const satisfies Record<string, EndpointContract>;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The names of an endpoint's path parameters: `'GET /api/orders/:code'` → `'code'`. */
export type EndpointParamName<K extends EndpointKey> = ParamNames<K>;

import { PLATFORMS, listOfPlatforms } from '@flowbay/workflow-formats/platforms';
import type { MessagesOfOneLanguage } from './messages.ts';

/** The API's errors and validation messages in English (the catalogue: messages.ts). */
export const MESSAGES_EN = {
  errors: {
    VALIDATION_FAILED: 'Some of the data sent is not valid.',
    NOT_FOUND: 'Not found.',
    WORKFLOW_NOT_FOUND: 'Workflow not found.',
    PROFILE_NOT_FOUND: 'Profile not found.',
    VERSION_NOT_FOUND: 'Version not found.',
    UNAUTHENTICATED: 'You need to sign in.',
    FORBIDDEN: 'You are not allowed to do this.',
    EMAIL_NOT_VERIFIED: 'Please confirm your e-mail address first.',
    USER_ALREADY_EXISTS: 'This email already exists.',
    INVALID_EMAIL_OR_PASSWORD: 'Wrong e-mail or password.',
    INVALID_EMAIL: 'This e-mail address is not valid.',
    INVALID_TOKEN: 'This link is invalid or has expired. Please ask for a new one.',
    PASSWORD_TOO_SHORT: 'The password must have at least 8 characters.',
    PASSWORD_TOO_LONG: 'The password must have at most 128 characters.',
    RATE_LIMITED: 'Too many requests. Please try again later.',
    PAYLOAD_TOO_LARGE: 'The file is larger than 5 MB.',
    UNSUPPORTED_MEDIA_TYPE: 'This type of content is not supported.',
    INVALID_JSON: 'The file is not valid JSON.',
    NOT_A_WORKFLOW: `The file is not an ${listOfPlatforms((id) => PLATFORMS[id].names.en, 'or')} export.`,
    EMPTY_FILE: 'The file is empty.',
    FILE_TOO_LARGE: 'The file is larger than 5 MB.',
    TOO_DEEP: 'The file is nested too deeply.',
    TOO_MANY_NODES: 'The file holds more than 10,000 nodes; no real workflow is that large.',
    FILE_TOO_COMPLEX: 'The file took too long to check. Split it into smaller workflows and try again.',
    SECRETS_FOUND: 'The workflow contains secrets (keys, tokens or passwords).',
    INVALID_IMAGE: 'The image must be a JPEG, PNG or WebP file.',
    UPLOAD_NOT_FOUND: 'The uploaded file was not found.',
    VERSION_EXISTS: 'This version already exists.',
    COVER_REQUIRED: 'Cover image is required when price > 0',
    N8N_KEY_INVALID:
      'This n8n library key is unknown or was revoked. Create a new one on your Flowbay profile.',
    N8N_KEY_LIMIT: 'You have reached the limit of 10 n8n library keys. Revoke one first.',
    PAYMENT_REQUIRED: 'Purchase this workflow to download it.',
    TRANSLATION_UNAVAILABLE: 'Translation is not available.',
    CONFLICT: 'This was changed by someone else. Reload and try again.',
    DATABASE_UNAVAILABLE: 'The service is briefly unavailable. Please try again in a few seconds.',
    SEALED_VALUE_UNREADABLE:
      'A detail you saved cannot be read on the server right now. The team has been told; you can also save it again.',
    CROSS_SITE_REQUEST:
      'This request came from another website and was refused. Please try again from Flowbay.',
    SESSION_NOT_FOUND: 'This session was not found among your own sessions.',
    NOT_FOR_SALE: 'This workflow is not for sale.',
    OWN_WORKFLOW: 'You cannot buy your own workflow.',
    ALREADY_PURCHASED: 'You already own this workflow.',
    CHECKOUT_BUSY: 'Another checkout for this workflow is in progress. Please try again in a moment.',
    PROVIDER_UNAVAILABLE: 'This payment method is not available.',
    PAYMENT_PROVIDER_ERROR: 'The payment provider did not answer. Please try again later.',
    ORDER_NOT_FOUND: 'Order not found.',
    REFUND_WINDOW_CLOSED: 'Refunds can be requested within 7 days of payment.',
    REFUND_ALREADY_REQUESTED: 'A refund has already been requested for this order.',
    ORDER_NOT_REFUNDABLE: 'This order cannot be refunded.',
    NO_REFUND_REQUEST: 'This order has no open refund request.',
    REFUND_REQUEST_NOT_FOUND: 'Refund request not found.',
    REFUND_ANSWER_WINDOW_CLOSED:
      'A refund request can be answered within 48 hours: this one can no longer be answered.',
    REFUND_ALREADY_ANSWERED: 'You have already answered this refund request.',
    APPROVAL_NOTE_REQUIRED:
      'This file has a high-severity safety finding: write a note on why it may be approved.',
    NO_FAILED_REFUND: 'This order has no failed automatic refund to try again.',
    REFUND_BY_API: "This order's payment provider refunds through its own service: use Refund instead.",
    PAYOUT_ACCOUNT_REQUIRED: 'Add a bank account before requesting a payout.',
    PAYOUT_ACCOUNT_ON_HOLD: 'Your bank account changed recently: payouts are paused for 48 hours.',
    PAYOUT_BELOW_MINIMUM: 'Your available balance is below the payout minimum.',
    PAYOUT_IN_PROGRESS: 'A payout is already in progress.',
    PAYOUT_NOT_FOUND: 'Payout not found.',
    PAYOUT_ALREADY_DECIDED: 'This payout has already been marked paid or failed.',
    PAYOUT_SENDING: 'This payout is being sent through payOS: its result will arrive from payOS.',
    PAYOS_PAYOUTS_NOT_CONFIGURED: 'Payouts through payOS are not configured: pay with the CSV bank batch.',
    TAX_PROFILE_REQUIRED:
      'Fill in your tax profile (legal name, tax code or ID number) before requesting a payout.',
    PLATFORM_MISMATCH: 'The platform must be the one the workflow file is for.',
    VERSION_PLATFORM_CHANGED: 'A new version must be for the same platform as the workflow.',
    REVIEW_NOT_ALLOWED:
      'Only people who bought this workflow, or downloaded it while signed in, can review it.',
    OWN_WORKFLOW_REVIEW: 'You cannot review your own workflow.',
    ALREADY_REVIEWED: 'You have already reviewed this workflow. You can edit your review instead.',
    REVIEW_NOT_FOUND: 'Review not found.',
    INTERNAL_ERROR: 'Something went wrong. Please try again.',
    PASSWORD_TOO_COMMON:
      'This password is one of the most used passwords, so it is among the first anyone would try. Choose another.',
    PASSWORD_TOO_WEAK:
      'This password is too easy to guess (a common word, a name, a date, a keyboard row or a repeat). Use a longer phrase of several uncommon words.',
    WRONG_PASSWORD: 'The current password is not correct.',
    ACCOUNT_HAS_BALANCE:
      'Flowbay still owes you money from your sales. Request a payout and wait until it is paid (sales become available 7 days after purchase), then delete your account.',
    EXPORT_EXPIRED: 'This download link has expired. Ask for a new export from your profile.',
    EXPORT_NOT_FOUND: 'This export does not exist or the link is not valid.',
    INVALID_TAX_CODE:
      'A tax code is 10 digits, or 10 digits, a hyphen and 3 digits for a branch (e.g. 0101234567-001).',
    INVOICE_NOT_FOUND: 'This order has no VAT invoice request.',
    INVOICE_ALREADY_ISSUED:
      'The VAT invoice for this order has already been issued and can no longer be changed.',
    INVOICE_NOT_REQUESTABLE:
      'A VAT invoice can only be requested for an order that is waiting for payment or paid.',
    N8N_CONNECTION_NOT_FOUND: 'This n8n connection was not found among yours.',
    N8N_CONNECTION_LIMIT: 'You have reached the limit of 10 n8n connections. Delete one first.',
    N8N_URL_INVALID:
      'Enter the address of your n8n as http:// or https://, for example https://n8n.example.com.',
    PRIVATE_ADDRESS_REFUSED:
      'This address leads to a private or local network, which Flowbay does not connect to. Use the public address of your n8n.',
    N8N_REJECTED: 'Your n8n refused the request.',
    N8N_API_KEY_REJECTED:
      'Your n8n did not accept this API key. Create a new key under Settings → n8n API and save the connection again.',
    N8N_RATE_LIMITED: 'Your n8n is receiving too many requests. Please try again later.',
    N8N_UNREACHABLE: 'Your n8n did not answer. Check its address and that it is online, then try again.',
    NOT_AN_N8N_WORKFLOW: 'Only an n8n workflow can be sent to n8n.',
    MAKE_CONNECTION_NOT_FOUND: 'This Make connection was not found among yours.',
    MAKE_CONNECTION_LIMIT: 'You have reached the limit of 10 Make connections. Delete one first.',
    MAKE_REJECTED:
      'Make refused the request. Check the token, its scopes and the team ID of this connection.',
    MAKE_RATE_LIMITED: 'Make is receiving too many requests from this account. Please try again later.',
    MAKE_UNREACHABLE: 'Make did not answer. Please try again later.',
    NOT_A_MAKE_WORKFLOW: 'Only a Make workflow can be sent to Make.',
    ZAPIER_LINK_INVALID: 'The Zapier link must be a share link on https://zapier.com/shared/….',
    CANNOT_FOLLOW_SELF: 'You cannot follow yourself.',
    SCREENSHOT_LIMIT: 'A listing can have at most 8 screenshots. Remove one first.',
    SCREENSHOT_NOT_FOUND: 'This screenshot is not on the listing.',
    LICENCE_NOT_OFFERED: 'This workflow does not offer that licence.',
    LICENCE_ALREADY_OWNED: 'You already hold this licence or a higher one.',
    LICENCE_PRICES_INVALID:
      'Commercial and Agency prices must each be higher than the licence below them, on a paid workflow, and an Agency licence needs a number of clients.',
    DISCOUNT_CODE_INVALID: 'This discount code is not valid for this workflow right now.',
    DISCOUNT_CODE_USED_UP: 'This discount code has been used as many times as allowed.',
    DISCOUNT_CODE_EXISTS: 'You already have a discount code with this name.',
    DISCOUNT_CODE_NOT_FOUND: 'Discount code not found.',
    BUNDLE_NOT_FOUND: 'Bundle not found.',
    BUNDLE_ITEMS_INVALID: 'A bundle can only hold your own workflows that are listed in the catalogue.',
    BUNDLE_PRICE_TOO_HIGH: 'The bundle price must be lower than what its workflows cost one by one.',
    BUNDLE_NOT_FOR_SALE: 'This bundle is not for sale right now.',
    BUNDLE_ALREADY_OWNED: 'You already own enough of this bundle: there is nothing left to pay.',
    OWN_BUNDLE: 'You cannot buy your own bundle.',
    PRIVACY_REQUEST_NOT_FOUND: 'Privacy request not found.',
    PRIVACY_REQUEST_ALREADY_ANSWERED: 'This request has already been answered.',
  },
  validation: {
    titleMin: 'Title must be at least 5 characters.',
    titleMax: 'Title cannot exceed 150 characters.',
    descriptionMax: 'Description cannot exceed 20,000 characters.',
    priceNonNegative: 'Price must be a non-negative number.',
    priceWhole: 'Price must be a whole number of đồng.',
    priceMax: 'A price can be at most 100,000,000 VNĐ.',
    platformRequired: 'You must select at least one platform.',
    jobTypeRequired: 'You must select at least one use case.',
    unknownPlatform: 'Unknown platform.',
    unknownJobType: 'Unknown use case.',
    coverRequired: 'Cover image is required when price > 0',
    fileRequired: 'Please upload a workflow file.',
    fileAndVersionRequired: 'Please select a file and enter a version',
    versionFormat: 'A version is up to 20 letters, digits, dots or hyphens, e.g. 1.1 or 2.0.',
    testedWithMax: 'Keep "tested with" under 60 characters.',
    reasonRequired: 'Please give a reason.',
    reportReason: 'Choose a reason for the report.',
    detailsMax: 'Details cannot exceed 1000 characters.',
    uploadFolder: 'Choose the workflows or covers folder.',
    nulCharacter: 'Text may not contain the NUL character.',
    priceMin: 'A paid price must be at least 10,000 VNĐ (or 0 for free).',
    faqMax: 'A listing can have at most 10 questions.',
    faqQuestion: 'Each question needs 1 to 300 characters.',
    faqAnswer: 'Each answer needs 1 to 2,000 characters.',
    notesRequired: 'Please say what changed in this version.',
    notesMax: 'What changed cannot exceed 2,000 characters.',
    captionMax: 'A caption cannot exceed 200 characters.',
    screenshotsMax: 'A listing can have at most 8 screenshots.',
    n8nRelease: 'Enter an n8n version such as 1.98 or 2.41.1.',
    approvalNoteMax: 'The approval note cannot exceed 2,000 characters.',
  },
  /**
   * The safety check's findings (checks.ts `SAFETY_CODES`): `title` for authors and admins, `buyer` for
   * the public Checked panel, `fix` tells the author what to change. `buyerSecretUrl` replaces `buyer`
   * for a Make or Zapier webhook, whose address is itself a long secret link.
   */
  safety: {
    secret: {
      title: 'Secret in the file',
      buyer: 'The file holds a key or password of its author.',
      fix: 'Remove the key or password from the node and use a credential instead, then upload the file again.',
    },
    secret_removed: {
      title: 'Secrets removed at upload',
      buyer: 'Keys or passwords the author left in the file were removed: you fill in your own.',
      fix: 'Nothing to do: Flowbay emptied these fields. Next time, use credentials instead of pasting keys into nodes.',
    },
    execute_command: {
      title: 'Runs shell commands',
      buyer: 'Runs commands on the computer or server where n8n runs: read them before you turn it on.',
      fix: 'Replace the Execute Command node with a node for the service, or say in the description which commands it runs and why.',
    },
    ssh: {
      title: 'Connects over SSH',
      buyer: 'Connects to a server over SSH and runs commands there with the account you give it.',
      fix: 'Say in the description which server and commands it needs, and keep the commands in the node short and readable.',
    },
    ftp: {
      title: 'Transfers files over FTP',
      buyer: 'Sends or fetches files on an FTP server with the account you give it.',
      fix: 'Say in the description which server it uses; prefer SFTP to FTP.',
    },
    file_system: {
      title: 'Reads or writes files on the server',
      buyer: 'Reads or writes files on the disk of the server where n8n runs.',
      fix: "Say in the description which folders it reads and writes, and keep them inside n8n's own files folder.",
    },
    code_node: {
      title: 'Uses a Code node',
      buyer: 'Uses a Code node: it runs code (JavaScript or Python) you can read before you turn it on.',
      fix: 'Nothing required. Keep the code short and commented so buyers can read it.',
    },
    code_child_process: {
      title: 'Code starts other programs (child_process)',
      buyer: 'Its code starts other programs on the server, which can do anything the server can.',
      fix: 'Remove child_process (or subprocess) from the code and do the work with nodes, or say in the description why it is needed.',
    },
    code_fs: {
      title: 'Code reads or writes files (fs)',
      buyer: 'Its code reads or writes files on the server directly.',
      fix: 'Use the Read/Write Files from Disk node or binary data instead of the fs module in code.',
    },
    code_eval: {
      title: 'Code runs generated code (eval)',
      buyer:
        'Its code runs text as code or loads something named only when it runs (eval, new Function), so what it does cannot be read in advance.',
      fix: 'Remove eval, new Function and vm, name modules and functions directly, and write the logic out in the code.',
    },
    code_network_module: {
      title: 'Code opens network connections',
      buyer: 'Its code loads a network module and can send data anywhere, outside the nodes you can see.',
      fix: 'Make web requests with the HTTP Request node (or this.helpers.httpRequest) so buyers can see where data goes.',
    },
    code_blob: {
      title: 'Code hides a long encoded string',
      buyer: 'Its code holds a long encoded string (base64 or hex) that cannot be read as it is.',
      fix: 'Remove the encoded data, or load it from a file or address named in the description.',
    },
    http_request: {
      title: 'Makes web requests',
      buyer: 'Sends web requests (HTTP) to other services.',
      fix: 'Nothing required. Name the services it calls in the description.',
    },
    http_ip_literal: {
      title: 'Web request to a bare IP address',
      buyer: 'Sends web requests to a numeric IP address instead of a named website.',
      fix: "Use the service's domain name, or put the address in a field the buyer fills in.",
    },
    http_paste_site: {
      title: 'Web request to a paste site',
      buyer:
        'Sends or fetches data on a paste site (such as Pastebin), a common way to leak data or fetch hidden code.',
      fix: "Remove the request to the paste site; keep the data in the workflow or in the buyer's own storage.",
    },
    http_url_shortener: {
      title: 'Web request through a link shortener',
      buyer: 'Calls a shortened link (such as bit.ly), which hides where the request really goes.',
      fix: 'Replace the short link with the full address.',
    },
    http_file_sharing: {
      title: 'Web request to a file-sharing site',
      buyer: 'Sends or fetches files on an anonymous file-sharing site.',
      fix: "Use the buyer's own storage (Google Drive, S3…) instead, in a field they fill in.",
    },
    credential_foreign_host: {
      title: 'Credential sent to another host',
      buyer:
        "Sends a credential to an address that is not its service's, so your key could reach someone else.",
      fix: "Send each credential only to its own service's address, or use a generic credential (Header Auth) for that host.",
    },
    webhook_no_auth: {
      title: 'Webhook without authentication',
      buyer: 'Starts from a webhook without authentication: anyone who learns its address can start it.',
      buyerSecretUrl: 'Starts from a webhook: its address is a long secret link, so keep it private.',
      fix: 'Turn on authentication (Header Auth, Basic Auth or JWT) in the Webhook node, or check a shared secret sent with each request.',
    },
    form_no_auth: {
      title: 'Form without authentication',
      buyer: 'Has a public form: anyone with its link can fill it in.',
      fix: 'Turn on Basic Auth in the Form Trigger node if the form is not meant for everyone.',
    },
    community_package: {
      title: 'Needs a community package',
      buyer: 'Needs a community node package that you install on your n8n first.',
      fix: 'Name the package and its version in the description, or use built-in nodes instead.',
    },
    policy: {
      title: 'Listing texts check',
      buyer: "An automated review of the listing's texts noted something to be aware of.",
      fix: 'Edit the title or description as the note says, then submit again.',
      /** The language model did not answer (detail `not_checked`): admins read the texts themselves. */
      notChecked: 'Not checked: the language model did not answer, so an administrator reads the texts.',
    },
  },
  /** Severity names of safety findings, from least to most serious. */
  severities: {
    info: 'Info',
    low: 'Low',
    medium: 'Medium',
    high: 'High',
  },
} as const satisfies MessagesOfOneLanguage;

/**
 * App keys, display names and generic icons. Pure data and string handling, safe for the
 * browser bundle: nothing here imports simple-icons (see icons.ts for the server side).
 */

export type GenericIconName =
  | 'webhook'
  | 'schedule'
  | 'play'
  | 'code'
  | 'http'
  | 'branch'
  | 'switch'
  | 'merge'
  | 'router'
  | 'filter'
  | 'delay'
  | 'edit'
  | 'split'
  | 'loop'
  | 'aggregate'
  | 'workflow'
  | 'reply'
  | 'form'
  | 'file'
  | 'document'
  | 'mail'
  | 'chat'
  | 'database'
  | 'storage'
  | 'calendar'
  | 'spreadsheet'
  | 'crm'
  | 'social'
  | 'key'
  | 'stop'
  | 'arrow'
  | 'html'
  | 'text'
  | 'image'
  | 'rss'
  | 'terminal'
  | 'translate'
  | 'variable'
  | 'error'
  | 'sort'
  | 'compare'
  | 'table'
  | 'ai-agent'
  | 'ai-model'
  | 'ai-memory'
  | 'ai-tool'
  | 'ai-parser'
  | 'vector-store'
  | 'embeddings'
  | 'chart'
  | 'bell'
  | 'payment'
  | 'video'
  | 'tools';

export interface AppDefinition {
  key: string;
  name: string;
  /** simple-icons slug when it differs from the key without hyphens; `null` when none exists. */
  brand?: string | null;
  /** Shown when no brand icon exists (core nodes, brands simple-icons does not carry). */
  generic?: GenericIconName;
  /** A platform building block (IF, Code, Router…) rather than a third-party service. */
  core?: boolean;
  /**
   * An open protocol or standard (AMQP, MQTT, LDAP, the S3 API, JWT) that many products speak,
   * not one vendor's app: brand coverage counts these apart (decision 0101).
   */
  protocol?: boolean;
  /** Other spellings, compared after squashing (lower case, letters and digits only). */
  aliases?: string[];
}

type Row = [key: string, name: string, generic?: GenericIconName | null, extra?: Partial<AppDefinition>];

const core = (aliases: string[] = []): Partial<AppDefinition> => ({ core: true, brand: null, aliases });

const ROWS: Row[] = [
  // Platform building blocks.
  ['manual-trigger', 'Manual Trigger', 'play', core(['manual', 'start'])],
  [
    'schedule',
    'Schedule',
    'schedule',
    core(['cron', 'interval', 'scheduletrigger', 'clock', 'basicscheduler']),
  ],
  [
    'webhook',
    'Webhook',
    'webhook',
    core(['gateway', 'customwebhook', 'webhooks', 'catchhook', 'webhookcli']),
  ],
  ['respond-to-webhook', 'Respond to Webhook', 'reply', core(['webhookrespond'])],
  ['http-request', 'HTTP Request', 'http', core(['http', 'httprequesttool', 'graphql'])],
  [
    'code',
    'Code',
    'code',
    core(['function', 'functionitem', 'codetool', 'javascript', 'python', 'codebyzapier', 'aitransform']),
  ],
  ['set', 'Edit Fields (Set)', 'edit', core(['editfields', 'renamekeys'])],
  ['if', 'If', 'branch', core()],
  ['switch', 'Switch', 'switch', core()],
  ['merge', 'Merge', 'merge', core(['compose'])],
  ['filter', 'Filter', 'filter', core(['onlycontinueif'])],
  ['router', 'Router', 'router', core(['basicrouter'])],
  ['paths', 'Paths', 'router', core(['branching', 'path'])],
  ['wait', 'Wait', 'delay', core()],
  ['delay', 'Delay', 'delay', core(['sleep', 'functionsleep'])],
  ['no-op', 'No Operation', 'arrow', core(['noop'])],
  ['stop-and-error', 'Stop and Error', 'stop', core()],
  ['error-handler', 'Error Handler', 'error', core(['ignore', 'resume', 'rollback', 'commit', 'break'])],
  ['error-trigger', 'Error Trigger', 'error', core()],
  ['split-out', 'Split Out', 'split', core(['splitout'])],
  ['loop', 'Loop Over Items', 'loop', core(['splitinbatches', 'looper', 'loopingbyzapier'])],
  ['iterator', 'Iterator', 'split', core(['basicfeeder', 'looping'])],
  ['repeater', 'Repeater', 'loop', core(['basicrepeater'])],
  ['aggregate', 'Aggregate', 'aggregate', core(['basicaggregator', 'aggregator'])],
  ['item-lists', 'Item Lists', 'table', core(['itemlists'])],
  ['summarize', 'Summarize', 'aggregate', core()],
  ['limit', 'Limit', 'filter', core()],
  ['sort', 'Sort', 'sort', core()],
  ['remove-duplicates', 'Remove Duplicates', 'filter', core()],
  ['compare-datasets', 'Compare Datasets', 'compare', core()],
  [
    'execute-workflow',
    'Execute Workflow',
    'workflow',
    core(['executeworkflowtrigger', 'workflow', 'toolworkflow', 'subworkflow']),
  ],
  ['execution-data', 'Execution Data', 'variable', core()],
  ['form', 'Form', 'form', core(['formtrigger'])],
  ['html', 'HTML', 'html', core(['htmlextract'])],
  ['markdown', 'Markdown', 'text', core()],
  ['xml', 'XML', 'code', core()],
  ['json', 'JSON', 'code', core()],
  ['csv', 'CSV', 'table', core()],
  ['crypto', 'Crypto', 'key', core()],
  ['date-time', 'Date & Time', 'calendar', core()],
  [
    'email',
    'Email (SMTP / IMAP)',
    'mail',
    core(['emailsend', 'emailreadimap', 'sendemail', 'smtp', 'imap', 'emailbyzapier']),
  ],
  ['spreadsheet-file', 'Spreadsheet File', 'spreadsheet', core()],
  ['extract-from-file', 'Extract from File', 'file', core()],
  ['convert-to-file', 'Convert to File', 'file', core()],
  [
    'read-write-file',
    'Read/Write Files from Disk',
    'file',
    core(['readbinaryfile', 'readbinaryfiles', 'writebinaryfile', 'readwritefile', 'localfiletrigger']),
  ],
  ['edit-image', 'Edit Image', 'image', core()],
  ['execute-command', 'Execute Command', 'terminal', core()],
  ['ssh', 'SSH', 'terminal', core()],
  ['ftp', 'FTP', 'storage', core(['sftp'])],
  ['rss', 'RSS', 'rss', core(['rssfeedread', 'rssfeedreadtrigger', 'rssread'])],
  ['ical', 'iCalendar', 'calendar', core()],
  ['tools', 'Tools', 'tools', core(['util', 'setvariable', 'setvariables', 'getvariable', 'getvariable2'])],
  ['text-parser', 'Text Parser', 'text', core(['regexp', 'regex'])],
  ['formatter', 'Formatter', 'text', core(['zapierformatter', 'formatterv2', 'formatterbyzapier'])],
  ['data-store', 'Data Store', 'database', core(['datastore', 'storage', 'storagebyzapier'])],
  ['n8n', 'n8n', null, { core: true, aliases: ['n8ntrigger'] }],
  ['chat', 'Chat Trigger', 'chat', core(['chattrigger', 'chatmessage'])],
  ['ai-agent', 'AI Agent', 'ai-agent', core(['agent', 'agenttool'])],
  [
    'llm-chain',
    'Basic LLM Chain',
    'ai-agent',
    core(['chainllm', 'chainsummarization', 'chainretrievalqa', 'summarizationchain']),
  ],
  ['information-extractor', 'Information Extractor', 'ai-agent', core()],
  ['text-classifier', 'Text Classifier', 'ai-agent', core()],
  ['sentiment-analysis', 'Sentiment Analysis', 'ai-agent', core()],
  [
    'output-parser',
    'Output Parser',
    'ai-parser',
    core(['outputparserstructured', 'outputparserautofixing', 'outputparseritemlist']),
  ],
  [
    'ai-memory',
    'Chat Memory',
    'ai-memory',
    core(['memorybufferwindow', 'memorymanager', 'memorychatretriever']),
  ],
  [
    'document-loader',
    'Document Loader',
    'document',
    core(['documentdefaultdataloader', 'documentbinaryinputloader', 'documentjsoninputloader']),
  ],
  [
    'text-splitter',
    'Text Splitter',
    'text',
    core([
      'textsplittertokensplitter',
      'textsplitterrecursivecharactertextsplitter',
      'textsplittercharactertextsplitter',
    ]),
  ],
  ['vector-store', 'Vector Store', 'vector-store', core(['vectorstoreinmemory', 'vectorstoretool'])],
  [
    'ai-tool',
    'AI Tool',
    'ai-tool',
    core(['toolcode', 'toolcalculator', 'toolthink', 'toolvectorstore', 'toolwikipedia', 'toolserpapi']),
  ],
  ['mcp', 'MCP Client', 'ai-tool', { brand: null, aliases: ['mcpclient', 'mcpclienttool', 'mcptrigger'] }],
  ['ai', 'AI by Zapier', 'ai-model', core(['aibyzapier'])],
  // n8n's own utilities: its "Core Nodes" category and its test, training and evaluation nodes.
  ['git', 'Git', 'code', { core: true }],
  ['compression', 'Compression', 'file', core()],
  ['data-table', 'Data Table', 'table', core()],
  ['read-pdf', 'Read PDF', 'document', core()],
  ['move-binary-data', 'Convert to/from Binary Data', 'file', core()],
  ['totp', 'TOTP', 'key', core()],
  ['sse', 'SSE Trigger', 'webhook', core()],
  ['simulate', 'Simulate', 'play', core()],
  ['time-saved', 'Track Time Saved', 'schedule', core()],
  ['debug-helper', 'Debug Helper', 'terminal', core()],
  ['evaluation', 'Evaluation', 'chart', core()],
  ['e2e-test', 'E2E Test', 'play', core(['e2etestpolling', 'e2etestpollingtrigger'])],
  ['dynamic-credential-check', 'Dynamic Credential Check', 'key', core()],
  ['message-an-agent', 'Message an Agent', 'chat', core()],
  [
    'n8n-training',
    'n8n Training',
    'play',
    core(['n8ntrainingcustomerdatastore', 'n8ntrainingcustomermessenger']),
  ],
  ['sticky-note', 'Sticky Note', 'text', core(['stickynote'])],

  // Services. The generic icon is the fallback when simple-icons has no brand for them.
  ['gmail', 'Gmail', 'mail', { aliases: ['googlemail', 'googleemail'] }],
  ['google-sheets', 'Google Sheets', 'spreadsheet'],
  ['google-drive', 'Google Drive', 'storage'],
  ['google-docs', 'Google Docs', 'document'],
  ['google-slides', 'Google Slides', 'document'],
  ['google-calendar', 'Google Calendar', 'calendar'],
  ['google-forms', 'Google Forms', 'form'],
  ['google-contacts', 'Google Contacts', 'crm', { brand: null }],
  ['google-tasks', 'Google Tasks', 'tools'],
  ['google-translate', 'Google Translate', 'translate'],
  ['google-analytics', 'Google Analytics', 'chart'],
  ['google-ads', 'Google Ads', 'chart'],
  ['google-bigquery', 'Google BigQuery', 'database'],
  ['google-chat', 'Google Chat', 'chat'],
  [
    'google-gemini',
    'Google Gemini',
    'ai-model',
    { aliases: ['googlepalm', 'googlevertex', 'gemini', 'geminiai'] },
  ],
  ['google-cloud-natural-language', 'Google Cloud Natural Language', 'text', { brand: 'googlecloud' }],
  ['google-cloud-storage', 'Google Cloud Storage', 'storage'],
  ['google-maps', 'Google Maps', null],
  ['youtube', 'YouTube', 'video', { aliases: ['youtubetranscripter', 'youtubetranscription'] }],
  ['slack', 'Slack', 'chat'],
  ['discord', 'Discord', 'chat'],
  ['telegram', 'Telegram', 'chat'],
  ['whatsapp', 'WhatsApp', 'chat', { aliases: ['whatsappbusiness', 'whatsappbusinesscloud'] }],
  ['microsoft-teams', 'Microsoft Teams', 'chat'],
  [
    'microsoft-outlook',
    'Microsoft Outlook',
    'mail',
    {
      aliases: [
        'outlook',
        'microsoftoffice365email',
        'office365email',
        'microsoft365email',
        'office365',
        'microsoftoffice365',
      ],
    },
  ],
  [
    'microsoft-excel',
    'Microsoft Excel',
    'spreadsheet',
    { aliases: ['excel', 'microsoftexcel365', 'excel365'] },
  ],
  ['microsoft-onedrive', 'Microsoft OneDrive', 'storage', { aliases: ['onedrive'] }],
  ['microsoft-sharepoint', 'Microsoft SharePoint', 'storage', { aliases: ['sharepoint'] }],
  ['microsoft-sql', 'Microsoft SQL Server', 'database', { aliases: ['mssql', 'sqlserver'] }],
  ['microsoft-to-do', 'Microsoft To Do', 'tools', { aliases: ['microsofttodo'] }],
  ['openai', 'OpenAI', 'ai-model', { aliases: ['chatgpt', 'openaigpt3', 'openaiapi'] }],
  ['azure-openai', 'Azure OpenAI', 'ai-model'],
  ['anthropic', 'Anthropic', 'ai-model', { aliases: ['claude', 'anthropicclaude'] }],
  ['mistral-ai', 'Mistral AI', 'ai-model', { aliases: ['mistral', 'mistralcloud'] }],
  ['ollama', 'Ollama', 'ai-model'],
  ['groq', 'Groq', 'ai-model'],
  ['deepseek', 'DeepSeek', 'ai-model'],
  ['openrouter', 'OpenRouter', 'ai-model'],
  ['perplexity', 'Perplexity', 'ai-model', { aliases: ['perplexityai'] }],
  ['hugging-face', 'Hugging Face', 'ai-model', { aliases: ['huggingfaceinference'] }],
  ['cohere', 'Cohere', 'ai-model'],
  ['x-ai', 'xAI Grok', 'ai-model', { aliases: ['xaigrok', 'grok'] }],
  ['twitter', 'X (Twitter)', 'social', { brand: 'x', aliases: ['x'] }],
  ['linkedin', 'LinkedIn', 'social'],
  ['facebook', 'Facebook', 'social', { aliases: ['facebookpages', 'facebookgraph', 'facebookgraphapi'] }],
  ['facebook-lead-ads', 'Facebook Lead Ads', 'form', { brand: 'facebook' }],
  ['instagram', 'Instagram', 'social', { aliases: ['instagrambusiness', 'instagramforbusiness'] }],
  ['reddit', 'Reddit', 'social'],
  ['mastodon', 'Mastodon', 'social'],
  ['bluesky', 'Bluesky', 'social'],
  ['tiktok', 'TikTok', 'video'],
  ['hacker-news', 'Hacker News', 'rss', { brand: 'ycombinator' }],
  ['notion', 'Notion', 'document'],
  ['airtable', 'Airtable', 'table'],
  ['nocodb', 'NocoDB', 'table'],
  ['baserow', 'Baserow', 'table'],
  ['monday', 'monday.com', 'table', { aliases: ['mondaycom'] }],
  ['clickup', 'ClickUp', 'tools'],
  ['asana', 'Asana', 'tools'],
  ['trello', 'Trello', 'tools'],
  ['todoist', 'Todoist', 'tools'],
  ['jira', 'Jira', 'tools', { aliases: ['jirasoftware', 'jiracloud'] }],
  ['linear', 'Linear', 'tools'],
  ['github', 'GitHub', 'code'],
  ['gitlab', 'GitLab', 'code'],
  ['hubspot', 'HubSpot', 'crm', { aliases: ['hubspotcrm'] }],
  ['salesforce', 'Salesforce', 'crm'],
  ['pipedrive', 'Pipedrive', 'crm'],
  ['zoho-crm', 'Zoho CRM', 'crm', { brand: 'zoho' }],
  ['zendesk', 'Zendesk', 'chat'],
  ['freshdesk', 'Freshdesk', 'chat'],
  ['intercom', 'Intercom', 'chat'],
  ['twilio', 'Twilio', 'chat'],
  ['mailchimp', 'Mailchimp', 'mail'],
  ['sendgrid', 'SendGrid', 'mail'],
  ['mailgun', 'Mailgun', 'mail'],
  ['brevo', 'Brevo', 'mail', { aliases: ['sendinblue'] }],
  ['stripe', 'Stripe', 'payment'],
  ['paypal', 'PayPal', 'payment'],
  ['shopify', 'Shopify', 'payment'],
  ['woocommerce', 'WooCommerce', 'payment'],
  ['quickbooks', 'QuickBooks', 'payment', { aliases: ['quickbooksonline'] }],
  ['xero', 'Xero', 'payment'],
  ['dropbox', 'Dropbox', 'storage'],
  ['box', 'Box', 'storage'],
  ['aws-s3', 'AWS S3', 'storage', { aliases: ['awss3', 'amazons3'] }],
  // n8n's S3 node talks to any S3-compatible store (MinIO, Wasabi, DigitalOcean Spaces…): no AWS mark.
  ['s3', 'S3', 'storage', { brand: null, protocol: true }],
  [
    'aws',
    'AWS',
    'storage',
    {
      aliases: [
        'awslambda',
        'awssns',
        'awsses',
        'awssqs',
        'awsdynamodb',
        'awstextract',
        'awsrekognition',
        'awscomprehend',
      ],
    },
  ],
  [
    'postgres',
    'PostgreSQL',
    'database',
    {
      brand: 'postgresql',
      aliases: ['postgresql', 'postgrestool', 'memorypostgreschat', 'vectorstorepgvector'],
    },
  ],
  ['mysql', 'MySQL', 'database'],
  ['mongodb', 'MongoDB', 'database', { aliases: ['vectorstoremongodbatlas'] }],
  ['redis', 'Redis', 'database', { aliases: ['memoryredischat'] }],
  ['supabase', 'Supabase', 'database', { aliases: ['vectorstoresupabase'] }],
  ['qdrant', 'Qdrant', 'vector-store', { aliases: ['vectorstoreqdrant'] }],
  ['pinecone', 'Pinecone', 'vector-store', { aliases: ['vectorstorepinecone'] }],
  ['zoom', 'Zoom', 'video'],
  ['calendly', 'Calendly', 'calendar'],
  ['typeform', 'Typeform', 'form'],
  ['jotform', 'Jotform', 'form'],
  ['wordpress', 'WordPress', 'document'],
  ['webflow', 'Webflow', 'html'],
  ['disqus', 'Disqus', 'chat'],
  ['proxmox', 'Proxmox', 'terminal'],
  ['apify', 'Apify', 'tools'],
  ['fiwano', 'Fiwano', 'chat'],
  ['pdf-co', 'PDF.co', 'document'],
  ['documint', 'Documint', 'document'],
  ['onesaas', '1SaaS', 'ai-model'],
  ['lokalise', 'Lokalise', 'translate'],
  ['buy-me-a-coffee', 'Buy Me a Coffee', 'payment'],
  ['llamaparse', 'LlamaParse', 'document', { brand: null, aliases: ['llamaindex'] }],
  ['elevenlabs', 'ElevenLabs', 'ai-model'],
  ['deepl', 'DeepL', 'translate'],
  ['spotify', 'Spotify', 'video'],
  ['signal', 'Signal', 'chat'],
  ['matrix', 'Matrix', 'chat'],
  ['mattermost', 'Mattermost', 'chat'],
  ['nextcloud', 'Nextcloud', 'storage'],
  ['grafana', 'Grafana', 'chart'],
  ['sentry', 'Sentry', 'bell', { aliases: ['sentryio'] }],
  ['pagerduty', 'PagerDuty', 'bell'],
  ['uptime-robot', 'UptimeRobot', 'bell'],
  ['netlify', 'Netlify', 'html'],
  ['cloudflare', 'Cloudflare', 'html'],
  [
    'firebase',
    'Firebase',
    'database',
    { aliases: ['googlefirebasecloudfirestore', 'googlefirebaserealtimedatabase'] },
  ],
  ['elasticsearch', 'Elasticsearch', 'database'],
  ['rabbitmq', 'RabbitMQ', 'arrow'],
  ['kafka', 'Kafka', 'arrow', { brand: 'apachekafka' }],
  ['mqtt', 'MQTT', 'arrow', { protocol: true }],
  ['amqp', 'AMQP', 'arrow', { protocol: true }],
  ['ldap', 'LDAP', 'database', { protocol: true }],
  ['jwt', 'JWT', 'key', { protocol: true }],
  ['home-assistant', 'Home Assistant', 'tools'],
  ['openweathermap', 'OpenWeatherMap', 'tools'],
  ['clockify', 'Clockify', 'schedule'],
  ['toggl', 'Toggl', 'schedule'],
  ['harvest', 'Harvest', 'schedule'],
  ['monica-crm', 'Monica CRM', 'crm'],
  ['pushover', 'Pushover', 'bell'],
  ['gotify', 'Gotify', 'bell'],
  ['ntfy', 'ntfy', 'bell'],
  ['line', 'LINE', 'chat'],
  ['zalo', 'Zalo', 'chat'],
];

export const APP_DEFINITIONS: ReadonlyMap<string, AppDefinition> = new Map(
  ROWS.map(([key, name, generic, extra]) => [key, { key, name, ...(generic ? { generic } : {}), ...extra }]),
);

const ALIASES = new Map<string, string>();
for (const definition of APP_DEFINITIONS.values()) {
  ALIASES.set(squash(definition.key), definition.key);
  ALIASES.set(squash(definition.name), definition.key);
  for (const alias of definition.aliases ?? []) ALIASES.set(alias, definition.key);
}

export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const N8N_BUILT_IN_PACKAGES = new Set(['n8n-nodes-base', '@n8n/n8n-nodes-langchain']);

/** The npm package of an n8n node type, e.g. `n8n-nodes-mcp` for `n8n-nodes-mcp.mcpClient`. */
export function n8nPackageOf(type: string): string | undefined {
  const dot = type.lastIndexOf('.');
  return dot > 0 ? type.slice(0, dot) : undefined;
}

export function isN8nCommunityType(type: string): boolean {
  const pkg = n8nPackageOf(type);
  return pkg !== undefined && !N8N_BUILT_IN_PACKAGES.has(pkg) && !pkg.startsWith('CUSTOM');
}

/** LangChain node prefixes that name a role, not the service behind it (`lmChatOpenAi` → `OpenAi`). */
const ROLE_PREFIXES = [
  'lmChat',
  'lm',
  'embeddings',
  'vectorStore',
  'memory',
  'tool',
  'retriever',
  'document',
  'textSplitter',
  'outputParser',
  'chain',
];

const MAKE_BUILT_IN: Record<string, string> = {
  basicrouter: 'router',
  basicfeeder: 'iterator',
  basicaggregator: 'aggregate',
  basicrepeater: 'repeater',
  ignore: 'error-handler',
  resume: 'error-handler',
  rollback: 'error-handler',
  commit: 'error-handler',
  break: 'error-handler',
};

/**
 * One key for the same app on every platform:
 * `n8n-nodes-base.googleSheets`, `google-sheets:addRow` and `GoogleSheetsV2CLIAPI@2.5.4` → `google-sheets`.
 */
export function normalizeAppKey(type: string): string {
  if (typeof type !== 'string') return 'unknown';
  const cached = keyCache.get(type);
  if (cached !== undefined) return cached;
  const key = computeAppKey(type);
  if (keyCache.size > 5000) keyCache.clear();
  keyCache.set(type, key);
  return key;
}

const keyCache = new Map<string, string>();

function computeAppKey(type: string): string {
  const raw = typeof type === 'string' ? type.trim() : '';
  if (raw === '') return 'unknown';

  const colon = raw.indexOf(':');
  if (colon > 0 && !raw.slice(0, colon).includes('.')) {
    const app = raw.slice(0, colon);
    if (app === 'builtin') return MAKE_BUILT_IN[squash(raw.slice(colon + 1))] ?? 'tools';
    return lookup(app);
  }

  if (/^[A-Za-z0-9_]+API(@[\w.-]+)?$/.test(raw) || /^[A-Za-z0-9_]+@\d/.test(raw)) {
    const name = raw
      .replace(/@.*$/, '')
      .replace(/(CLI)?API$/, '')
      .replace(/(Dev)$/, '')
      .replace(/V\d+$/, '');
    return lookup(name || raw);
  }

  const dot = raw.lastIndexOf('.');
  if (dot > 0 && dot < raw.length - 1) return n8nAppKey(raw.slice(dot + 1));
  return lookup(raw);
}

function n8nAppKey(localName: string): string {
  const direct = ALIASES.get(squash(localName));
  if (direct) return direct;
  let name = localName.replace(/V\d+$/, '');
  const trimmed = name.replace(/(Trigger|Tool)$/, '');
  if (trimmed !== '') name = trimmed;
  const known = ALIASES.get(squash(name));
  if (known) return known;
  for (const prefix of ROLE_PREFIXES) {
    if (name.startsWith(prefix) && /[A-Z]/.test(name.charAt(prefix.length))) {
      return lookup(name.slice(prefix.length));
    }
  }
  return lookup(name);
}

function lookup(name: string): string {
  return ALIASES.get(squash(name)) ?? (kebabCase(name) || 'unknown');
}

export function appDefinition(key: string): AppDefinition | undefined {
  return APP_DEFINITIONS.get(key);
}

/** A readable name for any app key; unknown keys are title-cased (`pdf-monkey` → `Pdf Monkey`). */
export function appDisplayName(key: string): string {
  const known = APP_DEFINITIONS.get(key);
  if (known) return known.name;
  return (
    key
      .split('-')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ') || 'Unknown'
  );
}

/** Whether the key names a platform building block rather than a third-party service. */
export function isCoreApp(key: string): boolean {
  return APP_DEFINITIONS.get(key)?.core === true;
}

/** Whether the key names an open protocol or standard rather than one vendor's app. */
export function isProtocolApp(key: string): boolean {
  return APP_DEFINITIONS.get(key)?.protocol === true;
}

/** The generic icon for an app key, used when there is no brand icon. */
export function genericIconFor(key: string): GenericIconName | undefined {
  return APP_DEFINITIONS.get(key)?.generic;
}

/**
 * Brand icons chosen by hand where matching names finds none or the wrong one.
 * `set:name` with an Iconify set (`logos`, `cib`… from `@iconify-json/<set>`; `thesvg-color` and
 * `selfhst` from scripts/iconify-picks.json), `simple-icons`, `lobe` (@lobehub/icons-static-svg) or
 * `super-tiny-icons`; `null` when no allowed set carries the brand (the app keeps its generic icon).
 */
export type BrandSource = `${
  | 'logos'
  | 'cib'
  | 'fa6-brands'
  | 'streamline-logos'
  | 'thesvg-color'
  | 'selfhst'
  | 'arcticons'
  | 'mdi'
  | 'simple-icons'
  | 'lobe'
  | 'super-tiny-icons'}:${string}`;

/**
 * Iconify sets with no per-set npm package: only the icons named below are kept, in
 * scripts/iconify-picks.json (scripts/pick-iconify-icons.ts), and they are never matched by name.
 */
export const PICKED_SETS = ['thesvg-color', 'selfhst'] as const;

export const BRAND_OVERRIDES: Record<string, BrandSource | null> = {
  // The vendor's mark where the product has none of its own in an allowed set.
  'azure-openai': 'lobe:azure-color',
  'azure-cosmos-db': 'logos:microsoft-azure',
  'azure-storage': 'logos:microsoft-azure',
  'aws-transcribe': 'logos:aws',
  'microsoft-dynamics-crm': 'mdi:microsoft-dynamics-365',
  'microsoft-excel-share-point': 'arcticons:microsoft-excel',
  'microsoft-dataverse': 'logos:microsoft-icon',
  'microsoft-entra': 'logos:microsoft-icon',
  'microsoft-graph-security': 'logos:microsoft-icon',
  'microsoft-sql': 'logos:microsoft-icon',
  'google-books': 'logos:google-icon',
  'google-business-profile': 'logos:google-icon',
  'google-perspective': 'logos:google-icon',
  'g-suite-admin': 'logos:google-icon',
  'go-to-webinar': 'simple-icons:gotomeeting',
  'citrix-adc': 'simple-icons:citrix',
  'elastic-security': 'simple-icons:elastic',
  'oracle-database': 'cib:oracle',
  // Products now sold under their owner's name, whose own marks no allowed set carries: Claris
  // FileMaker, ProfitWell Metrics by Paddle, Acuity Scheduling (Squarespace), Wufoo by SurveyMonkey,
  // Toptal's PostBin (the node calls toptal.com/developers/postbin).
  filemaker: 'simple-icons:claris',
  'profit-well': 'simple-icons:paddle',
  'acuity-scheduling': 'logos:squarespace',
  wufoo: 'simple-icons:surveymonkey',
  'post-bin': 'simple-icons:toptal',
  // Brands named differently in the sets.
  'cisco-webex': 'simple-icons:webex',
  'jina-ai': 'lobe:jina',
  magento2: 'logos:magento',
  'timescale-db': 'simple-icons:timescale',
  cal: 'simple-icons:caldotcom',
  openweathermap: 'arcticons:openweather',
  llamaparse: 'logos:llama-index-icon',
  mcp: 'lobe:mcp',
  'google-contacts': 'arcticons:google-contacts',
  // Monica the personal CRM (its panda); Lobe's "Monica" is an AI assistant, another brand.
  'monica-crm': 'simple-icons:monica',
  // Marks only theSVG (MIT) and selfh.st (CC BY 4.0) carry, each checked on a contact sheet.
  pipedrive: 'thesvg-color:pipedrive',
  postmark: 'thesvg-color:postmark',
  grist: 'selfhst:grist',
  zammad: 'selfhst:zammad',
  yourls: 'selfhst:yourls',
  // Same name, another brand: Affinity (design apps), Flow (the type checker), Cockpit (the Linux console),
  // Vero (the social network), Autopilot (an unrelated app).
  affinity: null,
  flow: null,
  cockpit: null,
  vero: null,
  autopilot: null,
  // Twake Drive's cloud is one product of Twake Workplace, not the Twake app n8n's node talks to.
  twake: null,
};

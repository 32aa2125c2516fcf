/**
 * Brand icons chosen by hand where matching names finds none or the wrong one.
 * `set:name` with set `logos` (@iconify-json/logos), `simple-icons` or `lobe` (@lobehub/icons-static-svg);
 * `null` when no allowed set carries the brand (the app keeps its generic icon).
 */
export type BrandSource = `${
  | 'logos'
  | 'cib'
  | 'fa6-brands'
  | 'streamline-logos'
  | 'arcticons'
  | 'mdi'
  | 'simple-icons'
  | 'lobe'
  | 'super-tiny-icons'}:${string}`;

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
  // Same name, another brand: Affinity (design apps), Flow (the type checker), Cockpit (the Linux console),
  // Vero (the social network), Autopilot (an unrelated app).
  affinity: null,
  flow: null,
  cockpit: null,
  vero: null,
  autopilot: null,
};

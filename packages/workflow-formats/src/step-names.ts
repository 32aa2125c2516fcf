/**
 * Readable names for steps whose export carries only a machine identifier: Make module ids
 * (`notion:getADatabase`, `airtable:ActionSearchRecords`) and Zapier action keys
 * (`new_order_hook_v2`, or a UUID for code steps).
 */

/** Letters that stay capitals inside a sentence-case name. */
const ACRONYMS = new Map(
  [
    'AI',
    'API',
    'CRM',
    'CSV',
    'FTP',
    'GPT',
    'HTML',
    'HTTP',
    'ID',
    'JSON',
    'OCR',
    'PDF',
    'RSS',
    'SMS',
    'SQL',
    'URL',
    'XML',
  ].map((word) => [word.toLowerCase(), word]),
);

/** Compound words that identifiers split in two (`CustomWebHook`). */
const JOINED = new Map([
  ['web hook', 'webhook'],
  ['web hooks', 'webhooks'],
  ['data base', 'database'],
]);

function joinCompounds(words: string[]): string[] {
  const joined: string[] = [];
  for (const word of words) {
    const compound = joined.length > 0 ? JOINED.get(`${joined[joined.length - 1]} ${word}`) : undefined;
    if (compound) joined[joined.length - 1] = compound;
    else joined.push(word);
  }
  return joined;
}

/** An identifier with no meaning to a reader: a UUID, a long hex or numeric id. */
export function isOpaqueIdentifier(identifier: string): boolean {
  return (
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(identifier) ||
    /^[0-9a-f]{16,}$/i.test(identifier) ||
    /^\d+$/.test(identifier)
  );
}

/**
 * `getADatabase` → `Get a database`, `ActionSearchRecords` → `Search records`, `searchObjects1` →
 * `Search objects`, `new_order_hook_v2` → `New order`, `parseJSON` → `Parse JSON`.
 * Returns `undefined` for identifiers that name nothing (a UUID, only digits or punctuation).
 */
export function readableIdentifier(identifier: string): string | undefined {
  const raw = identifier.trim().replace(/^_+/, '');
  if (raw === '' || isOpaqueIdentifier(raw)) return undefined;
  const words = joinCompounds(
    raw
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
      .split(/[\s_.-]+/)
      .filter(Boolean)
      .flatMap((word) => (/^[a-z]{2,}\d+$/i.test(word) ? word.split(/(?=\d)/, 1) : [word]))
      .map((word) => word.toLowerCase()),
  );
  // Legacy Make modules start with their role (`ActionSendEmail`, `TriggerWatchRows`); trailing
  // digits and `v2` are module revisions; Zapier's `_hook`/`_poll` say how a trigger is delivered.
  if (words.length > 1 && (words[0] === 'action' || words[0] === 'trigger')) words.shift();
  while (words.length > 1 && /^(v?\d+|hook|poll|polling|instant|zap)$/.test(words[words.length - 1]!))
    words.pop();
  if (words.length === 0 || words.every((word) => /^\d+$/.test(word))) return undefined;
  const sentence = words.map((word) => ACRONYMS.get(word) ?? word).join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** Zapier actions whose key says nothing readable, by what Zapier's editor calls them. */
const ZAPIER_ACTIONS: Record<string, string> = {
  zap_raw_request: 'API request',
  run_javascript: 'Run JavaScript',
  run_python: 'Run Python',
};

export function readableZapierAction(action: string): string | undefined {
  const key = action.trim().replace(/^_+/, '');
  return ZAPIER_ACTIONS[key] ?? readableIdentifier(key);
}

/** Make built-in and utility modules, by the names Make's editor shows. */
const MAKE_MODULES: Record<string, string> = {
  'builtin:BasicRouter': 'Router',
  'builtin:BasicFeeder': 'Iterator',
  'builtin:BasicAggregator': 'Array aggregator',
  'builtin:BasicRepeater': 'Repeater',
  'regexp:Parser': 'Match pattern',
  'regexp:Replace': 'Replace',
  'util:SetVariables': 'Set multiple variables',
  'util:SetVariable2': 'Set variable',
  'util:GetVariable2': 'Get variable',
  'util:GetVariables': 'Get multiple variables',
  'util:TextAggregator': 'Text aggregator',
  'util:FunctionSleep': 'Sleep',
  'gateway:CustomWebHook': 'Custom webhook',
  'gateway:WebhookRespond': 'Webhook response',
  'http:ActionSendData': 'Make a request',
  'http:ActionGetFile': 'Get a file',
  'json:ParseJSON': 'Parse JSON',
  'json:TransformToJSON': 'Create JSON',
  'email:ActionSendEmail': 'Send an email',
};

/** `notion:getADatabase` → `Get a database`; the part after the colon when no name is known. */
export function readableMakeModule(type: string): string | undefined {
  const known = MAKE_MODULES[type];
  if (known) return known;
  const colon = type.indexOf(':');
  return readableIdentifier(colon >= 0 ? type.slice(colon + 1) : type);
}

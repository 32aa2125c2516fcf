import { z } from 'zod';

/**
 * Make's cloud zones: each is its own installation with its own API (`https://<zone>/api/v2`), its own
 * tokens and its own scenario editor, so a connection names the zone its token was made in.
 */
export const MAKE_ZONES = [
  'eu1.make.com',
  'eu2.make.com',
  'us1.make.com',
  'us2.make.com',
  'eu1.make.celonis.com',
  'us1.make.celonis.com',
] as const;
export const MakeZone = z.enum(MAKE_ZONES);
export type MakeZone = z.infer<typeof MakeZone>;

export const MAKE_CONNECTION_NAME_MAX = 60;
/** Make's tokens are UUIDs; a little room for other formats, never a whole file. */
export const MAKE_TOKEN_MAX = 200;
/** A user's saved connections at most. */
export const MAKE_CONNECTIONS_MAX = 10;

export const CreateMakeConnectionBody = z.object({
  zone: MakeZone,
  token: z.string().trim().min(8).max(MAKE_TOKEN_MAX),
  team_id: z.coerce.number().int().positive().max(2_147_483_647),
  name: z.string().trim().max(MAKE_CONNECTION_NAME_MAX).default(''),
});
export type CreateMakeConnectionBody = z.input<typeof CreateMakeConnectionBody>;

export const CreatedMakeConnection = z.object({ id: z.uuid() });
export type CreatedMakeConnection = z.infer<typeof CreatedMakeConnection>;

/** A saved connection as its owner sees it: the token only as its last characters. */
export const MakeConnection = z.object({
  id: z.uuid(),
  name: z.string(),
  zone: MakeZone,
  team_id: z.number().int(),
  token_hint: z.string(),
  created_at: z.string(),
});
export type MakeConnection = z.infer<typeof MakeConnection>;
export const MakeConnectionList = z.array(MakeConnection);
export type MakeConnectionList = z.infer<typeof MakeConnectionList>;

/** POST /api/me/make-connections/:id/test: whom Make says the token belongs to. */
export const MakeConnectionTest = z.object({
  ok: z.literal(true),
  user_name: z.string(),
  user_email: z.string(),
});
export type MakeConnectionTest = z.infer<typeof MakeConnectionTest>;

export const SendToMakeBody = z.object({ connection_id: z.uuid() });
export type SendToMakeBody = z.infer<typeof SendToMakeBody>;

/** The scenario made in the user's Make team, and the link that opens it in Make's editor. */
export const SentToMake = z.object({ url: z.string(), scenario_id: z.number().int() });
export type SentToMake = z.infer<typeof SentToMake>;

/** What Make said when it refused (its own words, untranslated), beside Flowbay's translated message. */
export const MakeErrorDetails = z.object({
  make_status: z.number().int().nullable(),
  make_message: z.string().nullable(),
});
export type MakeErrorDetails = z.infer<typeof MakeErrorDetails>;

export const ZAPIER_SHARE_LINK_MAX = 500;

/**
 * A Zapier template link an author may show on a Zapier listing: https, on zapier.com itself, under
 * /shared/ (Zapier's "share a Zap" links). Zapier has no import API, so the link is how a buyer gets
 * the Zap into their account.
 */
export function isZapierShareLink(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.hostname === 'zapier.com' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    /^\/shared\/[^/]+/.test(url.pathname)
  );
}

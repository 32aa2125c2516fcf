import { z } from 'zod';

/* ---------- the signed-in user's saved n8n instances ("Send to my n8n") ---------- */

/** Saved n8n connections one account may hold. */
export const N8N_MAX_CONNECTIONS = 10;
export const N8N_CONNECTION_NAME_MAX = 60;
/** n8n public API keys are JWTs of a few hundred characters; this bounds what is stored. */
export const N8N_API_KEY_MAX = 2000;

export const CreateN8nConnectionBody = z.object({
  base_url: z.string().trim().min(1).max(500),
  api_key: z.string().trim().min(8).max(N8N_API_KEY_MAX),
  name: z.string().trim().max(N8N_CONNECTION_NAME_MAX).default(''),
});
export type CreateN8nConnectionBody = z.infer<typeof CreateN8nConnectionBody>;

export const CreatedN8nConnection = z.object({ id: z.string() });
export type CreatedN8nConnection = z.infer<typeof CreatedN8nConnection>;

/** A saved connection as its owner sees it: the key itself is never answered, only its last characters. */
export const N8nConnection = z.object({
  id: z.string(),
  name: z.string(),
  base_url: z.string(),
  key_hint: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type N8nConnection = z.infer<typeof N8nConnection>;

export const N8nConnectionList = z.array(N8nConnection);
export type N8nConnectionList = z.infer<typeof N8nConnectionList>;

/** The instance answered its public API with the saved key. */
export const N8nConnectionTest = z.object({ ok: z.literal(true) });
export type N8nConnectionTest = z.infer<typeof N8nConnectionTest>;

export const SendToN8nBody = z.object({ connection_id: z.string().min(1).max(64) });
export type SendToN8nBody = z.infer<typeof SendToN8nBody>;

/** The new workflow in the user's n8n, and the credentials (by app name) to create there before it runs. */
export const SentToN8n = z.object({
  url: z.string(),
  workflow_id: z.string(),
  credentials: z.array(z.string()),
});
export type SentToN8n = z.infer<typeof SentToN8n>;

/** What an error from the user's n8n carries besides its code: n8n's own words and status. */
export const N8nErrorDetails = z.object({
  n8n_status: z.number().optional(),
  n8n_message: z.string().optional(),
});
export type N8nErrorDetails = z.infer<typeof N8nErrorDetails>;

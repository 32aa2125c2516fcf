import { workflowPath, type Language, type WorkflowCard } from '@flowbay/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Viewer } from '../../infra/request-viewer.ts';
import type { Provided } from '../../lib/modules.ts';

/** Everything a tool call may use: who is calling, and the services it answers from. */
export interface ToolContext {
  /** Anonymous, or the owner of the library key sent as the Bearer token. */
  viewer: Viewer;
  /** Who counts as one visitor for downloads when anonymous (address and client, hashed when stored). */
  visitorKey: string;
  publicUrl: string;
  catalog: Provided['catalog'];
  taxonomy: Provided['taxonomy'];
  sendToN8n: Provided['sendToN8n'];
  n8nConnections: Provided['n8nConnections'];
  log: FastifyBaseLogger;
  /** The request's language (x-language, else Accept-Language, else English): a tool's default. */
  language: Language;
}

/** The optional `lang` argument every tool takes. */
export const langArgument = z
  .enum(['en', 'vi'])
  .optional()
  .describe(
    'Language of the answer, workflow titles and descriptions included where their author wrote them in it: "en" (English) or "vi" (Vietnamese). Default: the language the request asks for (Accept-Language), else English.',
  );

/** The language a tool answers in: the one asked for, else the request's. */
export function answerLanguage(context: Pick<ToolContext, 'language'>, lang: Language | undefined): Language {
  return lang ?? context.language;
}

/** A workflow as tools name it: its id (UUID), its number, or the last segment of its page address. */
export const workflowRefArgument = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe(
    'The workflow: its "id" from search_templates (a UUID), its number, or its Flowbay page address.',
  );

/** A workflow's page on Flowbay (where it is bought). */
export function workflowLink(context: Pick<ToolContext, 'publicUrl'>, card: { slug: string; id: string }) {
  return `${context.publicUrl}${workflowPath(card)}`;
}

/** A full page address also names a workflow: its last path segment is the reference the catalogue reads. */
export function refOf(ref: string): string {
  if (!/^https?:\/\//i.test(ref)) return ref;
  try {
    const segments = new URL(ref).pathname.split('/').filter(Boolean);
    return segments.at(-1) ?? ref;
  } catch {
    return ref;
  }
}

/** The apps a card's workflow uses (built-in helper nodes left out), as the detail page lists them. */
export function appsOf(card: Pick<WorkflowCard, 'node_summary'>) {
  return (card.node_summary?.apps ?? []).filter((app) => !app.core).map(({ key, name }) => ({ key, name }));
}

/** A platform or use case's name in the caller's language. */
export function nameIn(item: { name: string; name_vi: string }, lang: Language) {
  return lang === 'vi' ? item.name_vi : item.name;
}

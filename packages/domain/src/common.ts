import { PLATFORM_IDS } from '@flowbay/workflow-formats/platforms';
import { z } from 'zod';

/** Small schemas that several answers are built from, so each is said once. */

export const WORKFLOW_STATUSES = ['pending', 'listed', 'rejected', 'unlisted'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
/** What a reviewer decides on a submitted workflow or change. */
export const MODERATION_DECISIONS = ['approved', 'rejected'] as const;

/** The platforms of `PLATFORMS` (packages/workflow-formats), in listing order. */
export const WorkflowPlatform = z.enum(PLATFORM_IDS);

export const AppUsage = z.object({
  key: z.string(),
  name: z.string(),
  count: z.number().int(),
  /** Built-in logic of the platform (webhook, IF, code …) rather than a third-party app. */
  core: z.boolean().optional(),
});
export type AppUsage = z.infer<typeof AppUsage>;

/** What the cards and search need from a parsed export (see packages/workflow-formats). */
export const NodeSummary = z.object({
  platform: WorkflowPlatform,
  workflowCount: z.number().int(),
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  apps: z.array(AppUsage),
});
export type NodeSummary = z.infer<typeof NodeSummary>;

/** A secret the upload check found in a file's parameters: where, and of which kind. */
export const SecretFinding = z.object({
  node: z.string(),
  path: z.string(),
  kind: z.string(),
  workflow: z.string().optional(),
});
export type SecretFinding = z.infer<typeof SecretFinding>;

/** Something the file checks noticed that does not stop an upload. */
export const CheckWarning = z.object({ code: z.string(), message: z.string() });

/** A user as an admin sees them in a list: with the e-mail. */
export const UserContact = z.object({ id: z.string(), name: z.string(), email: z.string() });

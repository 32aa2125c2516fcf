import { sql } from 'drizzle-orm';
import type { DownloadEventKind } from '@flowbay/domain';
import type { Database } from './client.ts';
import { downloadEvents, workflowDownloads, workflows } from './schema.ts';

/**
 * One real take of a workflow's file (a download, a copy, a send to n8n or Make, n8n's template
 * import, the MCP endpoint): counted once per visitor and day in the public figure, and, when signed
 * in, recorded with its time and way (what a refund decision weighs and what lets a user review a
 * free workflow). The page's preview never comes here.
 */
export async function recordTake(
  db: Database,
  take: {
    workflowId: string;
    visitor: string;
    version: string | null;
    signedIn?: { userId: string; kind: DownloadEventKind };
  },
): Promise<void> {
  const { workflowId, visitor, version, signedIn } = take;
  if (signedIn) {
    await db
      .insert(downloadEvents)
      .values({ workflowId, userId: signedIn.userId, kind: signedIn.kind, version });
  }
  await db.execute(sql`
    with inserted as (
      insert into ${workflowDownloads} (workflow_id, visitor, day, version)
      values (${workflowId}, ${visitor}, current_date, ${version})
      on conflict do nothing
      returning 1
    )
    update ${workflows} set downloads = downloads + 1
    where id = ${workflowId} and exists (select 1 from inserted)`);
}

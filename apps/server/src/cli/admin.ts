import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { user } from '../db/schema.ts';
import { loadEnv } from '../env.ts';
import { CLI_ACTOR, recordAudit } from '../modules/audit/index.ts';
import { REPO_ROOT, runAsCommand } from './command.ts';

const USAGE = `Usage: npm run admin -- <grant|revoke> <email>
       npm run admin -- list
  grant   gives an existing account the admin role
  revoke  takes it back (an address listed in ADMIN_EMAILS becomes admin again at its next sign-in)
  list    prints the current admins
With the embedded database (no DATABASE_URL), stop the server first: PGlite allows one process at a time
(while the server runs, the command refuses to start and says so).`;

export interface AdminCommandResult {
  exitCode: number;
  output: string;
}

/** The admin CLI's work, apart from process concerns so tests can run it on their own database. */
export async function runAdminCommand(db: Database, args: string[]): Promise<AdminCommandResult> {
  const [command, rawEmail] = args;
  if (command === 'list') {
    const admins = await db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.role, 'admin'))
      .orderBy(user.email);
    return {
      exitCode: 0,
      output: admins.length > 0 ? admins.map((row) => row.email).join('\n') : 'No admins.',
    };
  }
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail) return { exitCode: 2, output: USAGE };
  const email = rawEmail.trim().toLowerCase();
  const role = command === 'grant' ? 'admin' : 'user';
  // The role and its audit row (decision 0175) are written together, or neither is.
  const updated = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`)
      .for('update');
    if (!found) return null;
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, found.id));
    await recordAudit(tx, {
      actor: CLI_ACTOR,
      action: command === 'grant' ? 'role.grant' : 'role.revoke',
      subject: { type: 'user', id: found.id },
      before: { role: found.role, email: found.email },
      after: { role, email: found.email },
    });
    return found;
  });
  if (!updated) return { exitCode: 1, output: `No account with the e-mail ${email}.` };
  return {
    exitCode: 0,
    output:
      command === 'grant' ? `${updated.email} is now an admin.` : `${updated.email} is no longer an admin.`,
  };
}

/** PostgreSQL's "relation does not exist" (drizzle keeps it as the cause): a database never migrated. */
function isUnmigrated(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '42P01') return true;
  }
  return false;
}

async function main(): Promise<number> {
  process.chdir(REPO_ROOT);
  const env = loadEnv();
  const embedded = env.DATABASE_URL ? null : resolve(env.DATA_DIR, 'db');
  if (embedded && !existsSync(embedded)) {
    console.error(
      `There is no Flowbay database in ${embedded}. Start the server once (npm start) to create it, ` +
        'or set DATA_DIR (or DATABASE_URL) to the one the server uses.',
    );
    return 1;
  }
  console.error(embedded ? `Embedded database in ${embedded}.` : 'PostgreSQL database at DATABASE_URL.');
  const database = await openConfiguredDatabase(env);
  try {
    const result = await runAdminCommand(database.db, process.argv.slice(2));
    (result.exitCode === 0 ? console.log : console.error)(result.output);
    return result.exitCode;
  } catch (error) {
    if (!isUnmigrated(error)) throw error;
    console.error(
      'This database has no Flowbay tables yet. Start the server once (npm start) to create them.',
    );
    return 1;
  } finally {
    await database.close();
  }
}

runAsCommand(import.meta.url, main, 'The command could not reach the database');

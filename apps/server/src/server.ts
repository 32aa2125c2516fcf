import { buildApp } from './app.ts';
import { DataFolderLockedError } from './db/data-folder-lock.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { seedDemo, seedTaxonomy } from './db/seed/seed.ts';
import { EnvError, loadEnv } from './env.ts';
import { startBackupControl } from './infra/backup/control.ts';
import { createStorage } from './infra/storage/index.ts';

/** How long requests in flight get to finish after SIGTERM before their connections are closed. */
const SHUTDOWN_GRACE_MS = 3_000;
/** After this the process ends even if closing the database has not finished. */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  const env = loadEnv();
  const database = await openConfiguredDatabase(env);
  // `npm run backup` asks the process that holds the embedded database for its dump (decision 0178).
  const backupControl = database.kind === 'pglite' ? await startBackupControl(env.DATA_DIR, database) : null;
  await database.migrate();
  await seedTaxonomy(database.db);
  const storage = createStorage(env);
  if (env.SEED_DEMO) {
    const result = await seedDemo(database.db, storage);
    if (result.seeded) console.log(`Seeded the demo catalogue: ${result.workflows} workflows.`);
  }
  const app = await buildApp({ env, database, storage });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck query or file write must not keep a stopped server alive.
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // Requests in flight may finish; a client that stalls (half a body sent) does not hold the process.
    const grace = setTimeout(() => {
      app.log.warn('closing connections with requests still in flight');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(grace);
    await backupControl?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Flowbay is ready at ${env.PUBLIC_URL} (database: ${database.kind}, storage: ${storage.driver})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataFolderLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

import { EnvError, loadEnv } from '../env.ts';
import { DataFolderLockedError } from './data-folder-lock.ts';
import { openConfiguredDatabase } from './open.ts';

try {
  const env = loadEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof EnvError || error instanceof DataFolderLockedError ? error.message : error);
  process.exitCode = 1;
}

import { loadEnv } from '../env.ts';
import { openConfiguredDatabase } from './open.ts';

const env = loadEnv();
const database = await openConfiguredDatabase(env);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}

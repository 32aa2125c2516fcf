// Child of bench/uploads/download-stall.ts: the real app (PGlite, production settings) with one listed
// free workflow holding the largest export the uploads accept, in its own process.
import { buildApp } from '../../apps/server/src/app.ts';
import { createStorage } from '../../apps/server/src/infra/storage/index.ts';
import { largeN8nExport } from '../../apps/server/src/test/large-export.ts';
import { createUser, createWorkflow } from '../../apps/server/src/test/factories.ts';
import { productionEnv, taxonomyDatabase } from '../lib/bench-app.ts';
import { serveUntilStopped } from '../lib/processes.ts';

const env = productionEnv('flowbay-bench-downloads-');
const database = await taxonomyDatabase();
const storage = createStorage(env);
const file = largeN8nExport(Number(process.env.BENCH_NODES ?? 9_000));
const author = await createUser(database.db);
const workflow = await createWorkflow(database.db, storage, {
  userId: author.id,
  title: 'Largest allowed export',
  file,
});
const app = await buildApp({ env, database, storage, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({
  ready: true,
  port: typeof address === 'object' && address ? address.port : 0,
  workflow: { id: workflow.id, number: workflow.number },
  storedBytes: Buffer.byteLength(file),
});
serveUntilStopped(app, database);

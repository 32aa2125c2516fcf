// Child of bench/http/idle-connections.ts: the real app (PGlite, production settings, no seed) in
// a process of its own, so its file descriptors are counted apart from the clients'.
import { buildApp } from '../../apps/server/src/app.ts';
import { createStorage } from '../../apps/server/src/infra/storage/index.ts';
import { productionEnv, taxonomyDatabase } from '../lib/bench-app.ts';
import { serveUntilStopped } from '../lib/processes.ts';

const env = productionEnv('flowbay-bench-connections-');
const database = await taxonomyDatabase();
const app = await buildApp({ env, database, storage: createStorage(env), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
serveUntilStopped(app, database);

// The real app on a bench database, in its own process so the load generator gets the other core.
import { serveUntilStopped } from '../lib/processes.ts';
import { seededApp } from './seeded-app.ts';

const { app, database, seedSeconds } = await seededApp(Number(process.env.BENCH_WORKFLOWS ?? 10_000));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0, seedSeconds });
serveUntilStopped(app, database);

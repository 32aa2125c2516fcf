// Times whole requests in-process (app.inject, no network): npx tsx bench/search/profile-http.ts [count]
import { seededApp } from '../catalog/seeded-app.ts';

const { app } = await seededApp(Number(process.argv[2] ?? 20_000));
await app.inject({ method: 'GET', url: '/api/workflows?search=warm' });
const words = [
  'quan',
  'slack',
  'notion',
  'hoa don',
  'dong bo',
  'gmail',
  'zalo',
  'invoice',
  'telegram',
  'bao cao',
];
let n = 0;
const paths: string[] = [];
for (let round = 0; round < Number(process.env.ROUNDS ?? 30); round++) {
  for (const a of words)
    for (const b of words) paths.push(`/api/workflows?search=${encodeURIComponent(`${a} ${b} ${round}`)}`);
}
const started = performance.now();
const timeInIndex = 0;
await Promise.all(
  Array.from({ length: 20 }, async () => {
    while (paths.length > 0) {
      const path = paths.pop()!;
      n++;
      const response = await app.inject({ method: 'GET', url: path });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  }),
);
void timeInIndex;
console.log(`${n} requests, ${((performance.now() - started) / n).toFixed(2)} ms each`);
await app.close();
process.exit(0);

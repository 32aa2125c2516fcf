/** Child of bench/uploads/run.ts: requests the URL one call after another until told to stop. */
const url = process.argv[2]!;
const latencies: number[] = [];
let running = true;
process.on('message', (message) => {
  if (message === 'stop') running = false;
});
process.send!({ ready: true });
while (running) {
  const start = performance.now();
  try {
    await (await fetch(url)).arrayBuffer();
  } catch {
    // A refused or reset connection counts with the time it took to fail.
  }
  latencies.push(performance.now() - start);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.send!({ latencies }, () => process.exit(0));

export {};

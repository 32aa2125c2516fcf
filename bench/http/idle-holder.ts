// Child of bench/http/idle-connections.ts: opens `count` connections from one loopback address and
// sends nothing on them (an idle keep-alive flood); reports how many opened and how many the server closed.
import { connect, type Socket } from 'node:net';

const [port, count, localAddress] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]!];
const sockets: Socket[] = [];
let opened = 0;
let failed = 0;
let closedByServer = 0;
let stopping = false;

await new Promise<void>((resolve) => {
  let pending = count;
  const done = () => (--pending === 0 ? resolve() : undefined);
  for (let i = 0; i < count; i++) {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    socket.once('connect', () => {
      opened += 1;
      done();
    });
    socket.once('error', () => {
      failed += 1;
      done();
    });
    socket.once('close', () => {
      if (!stopping) closedByServer += 1;
    });
    sockets.push(socket);
  }
});
process.send!({ ready: true, opened, failed });
process.on('message', (message) => {
  if (message !== 'stop') return;
  const report = { opened, failed, closedByServer };
  stopping = true;
  for (const socket of sockets) socket.destroy();
  process.send!(report, () => process.exit(0));
});

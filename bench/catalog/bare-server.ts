// The yardstick: a bare Node http server answering every request with the same bytes.
import { createServer } from 'node:http';

let body = Buffer.alloc(0);
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
process.on('message', (message: { body?: string } | string) => {
  if (message === 'stop') return server.close(() => process.exit(0));
  if (typeof message === 'object' && message.body !== undefined) {
    body = Buffer.from(message.body);
    process.send?.({ loaded: true });
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
});

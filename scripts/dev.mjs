// `npm run dev`: the API server with reload on $PORT (default 3000) and Vite's dev server on
// $WEB_PORT (default 5173), which proxies /api and /files to that same port.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const apiUrl = `http://127.0.0.1:${apiPort}`;
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Pages, e-mail links and the same-origin check of writes all use the address the browser sees.
    env: { PUBLIC_URL: `http://localhost:${webPort}`, ...process.env, PORT: apiPort, SKIP_WEB_BUILD: '1' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@flowbay/web', '--', '--port', webPort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FLOWBAY_API: apiUrl },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

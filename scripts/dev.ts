/** npm run dev: the API server (restarted on change) and Vite's dev server with hot reload, which proxies /api to it. */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite', '--config', 'renderer/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);

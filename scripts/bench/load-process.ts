import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { LoadOrder, LoadResult } from './load-driver.ts';

const DRIVER = join(import.meta.dirname, 'load-driver.ts');

/** Runs one load order in a fresh load-driver process and returns its measured runs. */
export function runLoad(order: LoadOrder): Promise<LoadResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', DRIVER, JSON.stringify(order)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const results = out
        .split('\n')
        .filter((l) => l.startsWith('result '))
        .map((l) => JSON.parse(l.slice(7)) as LoadResult);
      if (code !== 0 || results.length !== order.runs) reject(new Error(`load driver for ${order.caseName} failed (${code}):\n${err.slice(-3000)}${out.slice(-1000)}`));
      else resolve(results);
    });
  });
}

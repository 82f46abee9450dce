import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { LoadOrder, LoadResult } from './load-driver.ts';

const DRIVER = join(import.meta.dirname, 'load-driver.ts');

/**
 * The load-driver process, started once for the whole bench (starting Node, the TypeScript loader and autocannon
 * for every one of some hundred runs would cost about a minute), and given one order at a time.
 */
export class LoadProcess {
  private child: ChildProcess | null = null;

  private start(): ChildProcess {
    const child = fork(DRIVER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    return child;
  }

  run(order: LoadOrder): Promise<LoadResult[]> {
    const child = (this.child ??= this.start());
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`the load driver stopped (${code}) during ${order.caseName}`));
      child.once('exit', onExit);
      child.once('message', (m: { results?: LoadResult[]; error?: string }) => {
        child.off('exit', onExit);
        if (m.results) resolve(m.results);
        else reject(new Error(`load driver failed on ${order.caseName}: ${m.error}`));
      });
      child.send(order);
    });
  }

  stop(): void {
    this.child?.kill();
    this.child = null;
  }
}

/** The one load process of this bench. */
export const loadProcess = new LoadProcess();

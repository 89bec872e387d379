// Another SQLite connection, on a thread of its own, holding a file's write lock for a while: what a service's second
// engine (its writer thread's) does to the first while it commits.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

/** Resolves once the lock is held; the thread commits after `ms` and exits. */
export async function holdWriteLock(file: string, ms: number): Promise<Worker> {
  const holder = new Worker(
    `const Database = require(${JSON.stringify(betterSqlite)});
     const db = new Database(${JSON.stringify(file)});
     db.exec('BEGIN IMMEDIATE');
     require('node:worker_threads').parentPort.postMessage('held');
     setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});`,
    { eval: true },
  );
  await new Promise((resolve) => holder.once('message', resolve));
  return holder;
}

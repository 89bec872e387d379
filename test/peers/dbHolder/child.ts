// The other process on a station's SQLite file, run as a child by ../dbHolder: it either holds the write lock
// (BEGIN IMMEDIATE) for a while, as a backup tool or a second program might, or claims a print job as a live spooler
// run of another station would, and keeps it until it is killed. It says "ready" once it holds what it was asked to.
import Database from 'better-sqlite3';
import { createPrintJobStore } from '../../../src/engine/printing/store';
import { systemClock } from '../../../src/engine/ports';
import { newClaimOwner } from '../../../src/printing/claimOwner';

const [file, action, value] = process.argv.slice(2);
if (!file || (action !== 'lock' && action !== 'claim') || value === undefined) {
  process.stderr.write('usage: child.ts FILE lock MS | FILE claim JOB_ID[:COUNTER]\n');
  process.exit(2);
}
const db = new Database(file);
db.pragma('busy_timeout = 5000');
if (action === 'lock') {
  db.exec('BEGIN IMMEDIATE');
  process.stdout.write('ready\n');
  setTimeout(() => {
    db.exec('COMMIT');
    db.close();
    process.stdout.write('released\n');
  }, Number(value));
} else {
  // JOB_ID, or JOB_ID:COUNTER for a claim that read the printer's label counter before sending.
  const [job, counter] = value.split(':');
  const store = createPrintJobStore(db, systemClock);
  const claimed = store.claim(Number(job), newClaimOwner().id, counter === undefined ? undefined : Number(counter));
  process.stdout.write(claimed ? 'ready\n' : 'not claimed\n');
  // Alive until killed, as a station in the middle of a send; bounded so a lost test cannot leave it running.
  setTimeout(() => process.exit(0), 60_000);
}

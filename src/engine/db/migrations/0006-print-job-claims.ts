// Who is sending a print job, and how often it went out again by itself: a job is claimed by one spooler run at a time
// (two stations on one data folder never both send it), and a station starting fails only the claims of runs that are
// gone. Jobs left "sending" by an older version have no owner and count as leftovers.
import type { Migration } from '../migration';

export const migration0006: Migration = {
  version: 6,
  name: 'print-job-claims',
  up(db) {
    db.exec(`
      ALTER TABLE print_jobs ADD COLUMN claimed_by TEXT;
      ALTER TABLE print_jobs ADD COLUMN auto_resends INTEGER NOT NULL DEFAULT 0;
    `);
  },
};

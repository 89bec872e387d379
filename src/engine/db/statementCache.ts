// Statements whose SQL text is put together from the filters in use (the bench's lists), prepared once per connection
// and text, then reused. Values are bound parameters, never part of the text (but for a polled read's row limit,
// below), so the texts are a small set.
import type { Statement } from 'better-sqlite3';
import type { Db } from './open';

// Keyed by the connection: a closed and dropped connection takes its statements with it.
const byConnection = new WeakMap<Db, Map<string, Statement<unknown[], unknown>>>();

/** The connection's statement for this SQL text, prepared on first use. */
export function cachedStatement<Params extends object, Result>(db: Db, sql: string): Statement<[Params], Result> {
  let statements = byConnection.get(db);
  if (!statements) {
    statements = new Map();
    byConnection.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement as Statement<[Params], Result>;
}

/**
 * A read whose row limit is written into its text (`sql` ends where `LIMIT n` goes), prepared once per limit. SQLite
 * (3.47 on) plans with the value of a LIMIT given as a parameter, and so marks the statement to be prepared again
 * whenever that parameter is bound; better-sqlite3 binds at every run, so a loop's look at its queue with
 * `LIMIT @limit` compiled the query afresh at every pass (4-8 times the cost of the read itself on an idle queue).
 * The limits in use are a few constants per caller.
 */
export function limitedStatement<Params extends object, Result>(
  db: Db,
  sql: string,
): (limit: number) => Statement<[Params], Result> {
  const byLimit = new Map<number, Statement<[Params], Result>>();
  return (limit) => {
    let statement = byLimit.get(limit);
    if (!statement) {
      if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`not a row limit: ${limit}`);
      statement = db.prepare<[Params], Result>(`${sql} LIMIT ${limit}`);
      byLimit.set(limit, statement);
    }
    return statement;
  };
}

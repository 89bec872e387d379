// Statements whose SQL text is put together from the filters in use (the bench's lists), prepared once per connection
// and text, then reused. Values are always bound parameters, never part of the text, so the texts are a small set.
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

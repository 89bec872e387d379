// SQLite's ALTER TABLE cannot change a column's type, a CHECK or a constraint: the table is rebuilt instead (a new
// table, the rows copied, the old one dropped, the new one renamed, its indexes and triggers made again). Migrations
// 11, 16 and 17 wrote that block by hand; new migrations call this (released ones are never edited, ARCHITECTURE.md
// §4, so those three keep their own).
import type Database from 'better-sqlite3';

export interface TableRebuild {
  /**
   * What goes between the parentheses of CREATE TABLE. `self` is the name the table has while rows are copied: a
   * reference to the table itself must use it (the rename then makes it the table's own name; a reference to the old
   * table would break when it is dropped).
   */
  columns(self: string): string;
  /**
   * New column → SQL over the old row that fills it. A column not named here takes the old column of its name when
   * there is one, its default otherwise; an old column the new table lacks is dropped.
   */
  from?: Readonly<Record<string, string>>;
  /** Indexes and triggers not made again (they name a column the new table lacks); new ones are the caller's. */
  drop?: readonly string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Rebuilds `table` to the new definition, keeping every row, index and trigger. It runs inside the caller's transaction
 * (a migration's, migrate.ts) or its own. The foreign_keys pragma cannot change inside a transaction, so, as the
 * hand-written blocks did, it is left as the connection has it (ON in open.ts). The copy is one statement, so a row
 * may refer to a later one (SQLite checks at the statement's end); the rows are checked against the new foreign keys
 * before the caller goes on; and with foreign keys on, a table other tables' rows refer to is refused: its drop would
 * count them as orphaned even though the rename gives them their rows back.
 */
export function rebuildTable(db: Database.Database, table: string, rebuild: TableRebuild): void {
  db.transaction(() => {
    if (!tableExists(db, table)) throw new Error(`rebuildTable: no table ${table}`);
    // Made again after the rename; the indexes SQLite makes for UNIQUE and PRIMARY KEY (no sql) come with the table.
    const kept = db
      .prepare<[string], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
      )
      .all(table)
      .filter(({ name }) => !rebuild.drop?.includes(name));
    const referring = db.pragma('foreign_keys', { simple: true }) === 1 ? rowsReferringTo(db, table) : undefined;
    if (referring) throw new Error(`rebuildTable: rows of ${referring} refer to ${table}; drop or move them first`);

    const copy = `${table}_rebuilt`;
    db.exec(`CREATE TABLE ${quote(copy)} (${rebuild.columns(copy)})`);
    const old = new Set(columnsOf(db, table));
    const targets = columnsOf(db, copy).filter((column) => rebuild.from?.[column] !== undefined || old.has(column));
    const sources = targets.map((column) => rebuild.from?.[column] ?? quote(column));
    db.exec(
      `INSERT INTO ${quote(copy)} (${targets.map(quote).join(', ')}) ` +
        `SELECT ${sources.join(', ')} FROM ${quote(table)}`,
    );
    db.exec(`DROP TABLE ${quote(table)}`);
    db.exec(`ALTER TABLE ${quote(copy)} RENAME TO ${quote(table)}`);
    for (const { name, sql } of kept) {
      try {
        db.exec(sql);
      } catch (error) {
        throw new Error(`rebuildTable: ${name} cannot be made again on the new ${table} (drop it?): ${String(error)}`, {
          cause: error,
        });
      }
    }

    const broken = db.pragma(`foreign_key_check(${quote(table)})`);
    if (Array.isArray(broken) && broken.length > 0) {
      throw new Error(`rebuildTable: ${broken.length} row(s) of ${table} refer to rows that do not exist`);
    }
  })();
}

function tableExists(db: Database.Database, table: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
}

/** Stored columns (generated ones are computed, never copied). */
function columnsOf(db: Database.Database, table: string): string[] {
  return db
    .prepare<[string], { name: string; hidden: number }>('SELECT name, hidden FROM pragma_table_xinfo(?)')
    .all(table)
    .filter((column) => column.hidden === 0)
    .map((column) => column.name);
}

/** Another table that has a row referring to `table` (its name), if any. */
function rowsReferringTo(db: Database.Database, table: string): string | undefined {
  const tables = db
    .prepare<[string], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> ? AND name NOT LIKE 'sqlite_%'",
    )
    .all(table);
  for (const { name } of tables) {
    const keys = db
      .prepare<[string], { table: string; from: string }>('SELECT "table", "from" FROM pragma_foreign_key_list(?)')
      .all(name)
      .filter((key) => key.table === table);
    for (const key of keys) {
      if (db.prepare(`SELECT 1 FROM ${quote(name)} WHERE ${quote(key.from)} IS NOT NULL LIMIT 1`).get()) return name;
    }
  }
  return undefined;
}

/**
 * The embedded store: one SQLite file under MEDDOC_DATA_DIR, in WAL mode, with versioned
 * migrations. Migrations are the SQL files in `src/store/migrations/`, applied in file-name
 * order, each in its own transaction; the versions applied are recorded so a restart applies
 * only what is new.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../util/paths.js';

export type { Database } from 'better-sqlite3';
type Db = Database.Database;

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src', 'store', 'migrations');
export const DATABASE_FILE = 'meddoc.db';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(join(dir, file), 'utf8'),
    }));
}

export function migrate(db: Db, migrations: Migration[] = loadMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const done: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
    done.push(m.version);
  }
  return done;
}

/** Opens (creating if needed) the database in `dataDir` and brings its schema up to date. */
export function openDatabase(dataDir: string): Db {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** An in-memory database with the full schema, for tests. */
export function openMemoryDatabase(): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

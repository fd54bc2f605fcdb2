import { CompiledQuery } from 'kysely';
import { engineOf } from './engine.js';
import type { DbOrTrx } from './kysely.js';

/**
 * Changes whenever the database may have changed (docs/decisions/014, 023).
 *
 * SQLite: `total_changes()` counts every row this connection inserted, updated or deleted
 * (through Kysely or not, triggers included), and `data_version` moves when another connection
 * (a seed script, kysely-ctl) commits.
 *
 * PostgreSQL: the current snapshot (`xmin:xmax:in-progress ids`) moves whenever any transaction
 * that writes starts or ends, in any instance, since transaction ids belong to the server, not to
 * a connection. Read-only transactions take no id, so reads leave it alone; a commit elsewhere
 * changes it, so another instance's write is never served stale.
 */
const sqliteVersion = CompiledQuery.raw(
  "SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version()) AS version",
) as CompiledQuery<{ version: string }>;
const postgresVersion = CompiledQuery.raw(
  'SELECT pg_current_snapshot()::text AS version',
) as CompiledQuery<{ version: string }>;

/**
 * The database's version now (see above); undefined inside a transaction, whose reads may see
 * its own uncommitted writes and so name no version. A request that reads it once can hand it to
 * every cached read it makes (`cachedRead`'s `knownVersion`), so its reads cost one query in all.
 */
export async function databaseVersion(db: DbOrTrx): Promise<string | undefined> {
  if (db.isTransaction) return undefined;
  const query = engineOf(db) === 'postgres' ? postgresVersion : sqliteVersion;
  return (await db.executeQuery(query)).rows[0]?.version;
}

interface Entry<Value> {
  version: string;
  value: Value;
  weight: number;
}

/** One database's entries, least recently used first, and their summed weight. */
interface CacheOfOneDatabase<Value> {
  entries: Map<string, Entry<Value>>;
  weight: number;
}

/**
 * A cache of read results that is never stale: an entry is used only while the database is
 * exactly as it was when the entry was read, so any write anywhere (in this process or another)
 * turns every entry into a miss (docs/decisions/014), on SQLite and PostgreSQL alike. What it buys is repeated reads of an unchanged
 * database, such as a contracts screen refetching on focus, at the cost of one tiny query.
 * Values are shared between requests: callers must not mutate them.
 */
export function createReadCache<Value>(options: {
  /** Bound on the summed weight of the entries kept per database. */
  maxWeight: number;
  weigh: (value: Value) => number;
}) {
  const caches = new WeakMap<DbOrTrx, CacheOfOneDatabase<Value>>();

  const forget = (cache: CacheOfOneDatabase<Value>, key: string) => {
    const entry = cache.entries.get(key);
    if (!entry) return;
    cache.entries.delete(key);
    cache.weight -= entry.weight;
  };

  const remember = (cache: CacheOfOneDatabase<Value>, key: string, entry: Entry<Value>) => {
    if (entry.weight > options.maxWeight) return;
    cache.entries.set(key, entry);
    cache.weight += entry.weight;
    for (const oldestKey of cache.entries.keys()) {
      if (cache.weight <= options.maxWeight) break;
      forget(cache, oldestKey);
    }
  };

  /**
   * `read` runs on every miss. It is handed the entry the last write made stale, if any: a read
   * that finds the same data may answer that same value, so whatever was made from it (its
   * serialized and compressed bytes, src/lib/reused-answer.ts) serves again (issue 33).
   */
  /*
   * `knownVersion`, when given, is what `databaseVersion` answered earlier in the same request
   * (the session check reads it): an entry of that version is the database as it was during the
   * request, which is as fresh as a read the request made itself. Only a version read after the
   * request began may be passed; after a write of its own the request reads it again.
   */
  return async function cachedRead(
    db: DbOrTrx,
    key: string,
    read: (stale: Value | undefined) => Promise<Value>,
    knownVersion?: string,
  ): Promise<Value> {
    // Inside a transaction the reader may see its own uncommitted writes: never cache those.
    if (db.isTransaction) return read(undefined);
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = { entries: new Map(), weight: 0 }));

    const version = knownVersion ?? (await databaseVersion(db));
    const cached = cache.entries.get(key);
    forget(cache, key);
    if (cached && cached.version === version) {
      // Put back as the most recently used.
      remember(cache, key, cached);
      return cached.value;
    }
    const value = await read(cached?.value);
    // Kept under the version read before it. A write while its queries ran (each awaits) may
    // have mixed two states, but such a write moved the version on, and the version never
    // comes back: no later lookup matches this entry, so it is never served. Checking the
    // version again after the read was one more query on every miss (issue 33).
    if (version !== undefined)
      remember(cache, key, { version, value, weight: options.weigh(value) });
    return value;
  };
}

import type { ControlledTransaction, Transaction } from 'kysely';
import { engineOf } from './engine.js';
import type { DB } from './kysely.js';
import type { Database } from './schema.js';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** One transaction that the units of work of one turn of the event loop share. */
interface Group {
  transaction: Promise<ControlledTransaction<Database>>;
  /** The units run one after another: each ends (released or undone) before the next begins. */
  queue: Promise<unknown>;
  committed: Promise<void>;
  /**
   * What ended the whole transaction under a unit (SQLite drops all of it for a full disk or an I/O
   * error, not only the statement): nothing of the group can commit any more.
   */
  lost: Error | null;
}

const openGroups = new WeakMap<DB, Group>();
const SAVEPOINT = 'unit_of_work';

/**
 * Runs `work` as a transaction of its own would run it, and resolves once its writes are committed;
 * on SQLite, in one transaction with the other units that arrive in the same turn of the event
 * loop (docs/decisions/053). SQLite commits one writer at a time, and the commit (its WAL frames,
 * its locks) cost more than a small unit's own statements: a burst of signing page openings
 * commits once instead of once each.
 *
 * Each unit runs alone, in a savepoint: when it throws, its own writes are undone and the others'
 * stay. A unit must use only the transaction it is given (the database's one connection is the
 * group's until the commit). On PostgreSQL, whose pool commits in parallel, each unit is a
 * transaction of its own.
 */
export function inGroupCommit<T>(db: DB, work: Work<T>): Promise<T> {
  if (engineOf(db) !== 'sqlite') return db.transaction().execute(work);
  let group = openGroups.get(db);
  if (!group) {
    group = openGroup(db);
    openGroups.set(db, group);
  }
  const done = runAlone(group, work);
  group.queue = done.catch(() => undefined);
  const { committed } = group;
  // A unit that failed was undone: nothing of it waits for the commit.
  return done.then(async (result) => {
    await committed;
    return result;
  });
}

function openGroup(db: DB): Group {
  const transaction = db.startTransaction().execute();
  let closeGroup: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closeGroup = resolve));
  const group: Group = {
    transaction,
    queue: transaction,
    committed: commitOnce(closed),
    lost: null,
  };
  // Each unit that succeeded hears a failed commit; when none did, nobody is waiting for it.
  group.committed.catch(() => undefined);
  // Every unit that arrives while the current callbacks run joins; the next turn starts a group
  // of its own (its BEGIN waits for this COMMIT, as any query waits for the connection).
  setImmediate(() => {
    if (openGroups.get(db) === group) openGroups.delete(db);
    closeGroup();
  });
  return group;

  async function commitOnce(whenClosed: Promise<void>): Promise<void> {
    await whenClosed;
    const trx = await transaction;
    await group.queue;
    try {
      if (group.lost) throw group.lost;
      await trx.commit().execute();
    } catch (failure) {
      // SQLite keeps the transaction open after a failed COMMIT (a deferred constraint, a full
      // disk): end it, so the connection is free for what comes next.
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw failure;
    }
  }
}

async function runAlone<T>(group: Group, work: Work<T>): Promise<T> {
  await group.queue;
  const trx = await group.transaction;
  // Without its transaction a SAVEPOINT would start one of its own, and its release commit it.
  if (group.lost) throw group.lost;
  const unit = await trx.savepoint(SAVEPOINT).execute();
  try {
    const result = await work(unit);
    await unit.releaseSavepoint(SAVEPOINT).execute();
    return result;
  } catch (failure) {
    try {
      await unit.rollbackToSavepoint(SAVEPOINT).execute();
      await unit.releaseSavepoint(SAVEPOINT).execute();
    } catch {
      // The savepoint went with the whole transaction: every unit of the group hears why.
      group.lost = new Error('The database gave up the transaction', { cause: failure });
    }
    throw failure;
  }
}

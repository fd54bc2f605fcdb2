import pg from 'pg';
import { createPostgresDb } from '../db/postgres.js';
import { migrateToLatest } from '../db/migrate.js';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';
import type { TestProject } from 'vitest/node';
import './test-database.js';

const TEMPLATE = 'tradesign_template';

/**
 * Vitest global setup of the PostgreSQL leg: one throwaway cluster for the run, and a template
 * database migrated once, which each test app clones in milliseconds (CREATE DATABASE ...
 * TEMPLATE). Provided to this project's test files only (src/test/test-database.ts), so a run of
 * every project at once keeps the others on SQLite.
 */
export async function setup(project: TestProject): Promise<() => void> {
  const cluster: PostgresCluster = await startPostgresCluster();
  try {
    const adminUrl = cluster.url('postgres');
    const pool = new pg.Pool({ connectionString: adminUrl, max: 1 });
    await pool.query(`CREATE DATABASE ${TEMPLATE}`);
    await pool.end();
    const db = createPostgresDb(cluster.url(TEMPLATE), {
      poolSize: 1,
      onIdleError: () => undefined,
    });
    await migrateToLatest(db);
    await db.destroy();
    project.provide('postgres', { adminUrl, template: TEMPLATE, dataDir: cluster.dataDir });
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}

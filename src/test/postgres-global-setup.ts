import pg from 'pg';
import { createPostgresDb } from '../db/postgres.js';
import { migrateToLatest } from '../db/migrate.js';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';
import {
  TEST_POSTGRES_ADMIN_URL,
  TEST_POSTGRES_DATA_DIR,
  TEST_POSTGRES_TEMPLATE,
} from './test-database.js';

const TEMPLATE = 'tradesign_template';

/**
 * Vitest global setup of the PostgreSQL leg: one throwaway cluster for the run, and a template
 * database migrated once, which each test app clones in milliseconds (CREATE DATABASE ...
 * TEMPLATE). Test workers inherit the environment set here.
 */
export async function setup(): Promise<() => void> {
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
    process.env[TEST_POSTGRES_ADMIN_URL] = adminUrl;
    process.env[TEST_POSTGRES_TEMPLATE] = TEMPLATE;
    process.env[TEST_POSTGRES_DATA_DIR] = cluster.dataDir;
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  createMigratedTemplate,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.js';
import type { TestProject } from 'vitest/node';
import './test-database.js';

/**
 * The cluster the whole test command shares (scripts/test/run-all.ts starts it once and names it
 * here), so several vitest runs do not each start their own.
 */
export const SHARED_CLUSTER_ENV = 'TRADESIGN_TEST_POSTGRES';

interface SharedCluster {
  adminUrl: string;
  dataDir: string;
}

function sharedCluster(): SharedCluster | undefined {
  const given = process.env[SHARED_CLUSTER_ENV];
  return given ? (JSON.parse(given) as SharedCluster) : undefined;
}

/**
 * Vitest global setup of the PostgreSQL legs: a throwaway cluster for the run (or the test
 * command's shared one), and a template database migrated once, which each test app clones in
 * milliseconds (CREATE DATABASE ... TEMPLATE). Provided to this project's test files only
 * (src/test/test-database.ts), so a run of every project at once keeps the others on SQLite.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = sharedCluster();
  const cluster: PostgresCluster | undefined = shared ? undefined : await startPostgresCluster();
  const adminUrl = shared?.adminUrl ?? cluster?.url('postgres') ?? '';
  const dataDir = shared?.dataDir ?? cluster?.dataDir ?? '';
  // Each project gets a template of its own: two projects may share one cluster at once.
  const template = `tradesign_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
  const teardown = async () => {
    if (cluster) cluster.stop();
    else await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await createMigratedTemplate(adminUrl, template);
    project.provide('postgres', { adminUrl, template, dataDir });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

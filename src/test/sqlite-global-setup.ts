import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/kysely.js';
import { migrateToLatest } from '../db/migrate.js';
import './test-database.js';

/**
 * Vitest global setup of the SQLite legs: one database file migrated once per run, which every
 * test database copies (src/test/test-database.ts) instead of running every migration again, as
 * the PostgreSQL leg clones its template database.
 */
export async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-sqlite-template-'));
  const file = path.join(dir, 'template.db');
  const { db } = createDb(file);
  try {
    await migrateToLatest(db);
    // Everything into the main file, so a copy of that one file is the whole database.
    await db.destroy();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('sqliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

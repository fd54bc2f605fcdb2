import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.js';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-web-dist-'));
const app = Fastify();

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>TradeSign</title>');
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What vite-plugin-pwa writes at the root of the build (vite.config.ts).
  fs.writeFileSync(path.join(distDir, 'sw.js'), 'importScripts("./workbox-0a1b2c3d.js")');
  fs.writeFileSync(path.join(distDir, 'workbox-0a1b2c3d.js'), 'self.workbox = {}');
  fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"TradeSign"}');
  await registerWebApp(app, distDir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('never lets a cache store a signing page, whose URL is the secret', async () => {
    const page = await app.inject({ url: '/esign/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>TradeSign</title>');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('never lets a cache store the pages of emailed account links, whose URL is the secret', async () => {
    for (const page of ['verify-email', 'confirm-email']) {
      const answer = await app.inject({
        url: `/${page}/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG`,
      });
      expect(answer.body).toContain('<title>TradeSign</title>');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('revalidates other pages and caches hashed assets for a year', async () => {
    const wizard = await app.inject({ url: '/wizard?id=3' });
    expect(wizard.statusCode).toBe(200);
    expect(wizard.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a plain 404 for an unknown API path instead of the app', async () => {
    const missing = await app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('Not found');
  });

  it('has the browser check for a new service worker and manifest on every visit', async () => {
    // A worker script or manifest a cache kept would hold phones on an old version.
    for (const url of ['/sw.js', '/workbox-0a1b2c3d.js', '/manifest.webmanifest']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ url: '/sw.js' })).headers['content-type']).toMatch(
      /^(text|application)\/javascript/,
    );
  });

  it('serves the app manifest as a web app manifest', async () => {
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: 'TradeSign' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, jsonPut, signUp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, {
    email: 'logo@example.com',
    password: 'secret123',
    company_name: 'Logo Co',
  });
});
afterAll(async () => {
  await t.close();
});

const pngHeader = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 64) => Buffer.concat([Buffer.from(pngHeader), Buffer.alloc(size - 8, 7)]);
const jpeg = (size = 64) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 3)]);

/** A multipart/form-data body with one file part, built by hand so nothing is hidden. */
function uploadLogo(
  file: Buffer,
  options: { name?: string; type?: string; field?: string; cookie?: string } = {},
) {
  const boundary = '----tradesign-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'logo'}"; filename="${options.name ?? 'logo.png'}"\r\n` +
      `Content-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: '/api/prefs/logo',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: t.origin,
      ...(options.cookie === '' ? {} : { cookie: options.cookie ?? cookie }),
    },
    payload: Buffer.concat([head, file, tail]),
  });
}

describe('logo upload', () => {
  it('stores a PNG and serves it at logo_path with its real type and nosniff', async () => {
    const image = png(500);
    const answer = await uploadLogo(image);
    expect(answer.statusCode).toBe(200);
    const { logo_path: logoPath } = answer.json<{ logo_path: string }>();
    expect(logoPath).toMatch(/^\/uploads\/logos\/[a-z2-7]+\.png$/);
    const served = await get(t.app, logoPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('takes the type from the bytes: a JPEG named .png is served as image/jpeg', async () => {
    const answer = await uploadLogo(jpeg(300), { name: 'photo.png', type: 'image/png' });
    expect(answer.statusCode).toBe(200);
    const { logo_path: logoPath } = answer.json<{ logo_path: string }>();
    expect(logoPath).toMatch(/\.jpg$/);
    expect((await get(t.app, logoPath)).headers['content-type']).toBe('image/jpeg');
  });

  it('replaces the previous logo, whose URL then answers 404', async () => {
    const first = (await uploadLogo(png(100))).json<{ logo_path: string }>().logo_path;
    const second = (await uploadLogo(png(120))).json<{ logo_path: string }>().logo_path;
    expect(second).not.toBe(first);
    expect((await get(t.app, first)).statusCode).toBe(404);
    expect((await get(t.app, second)).statusCode).toBe(200);
  });

  it('refuses an HTML file named .png, keeping the current logo', async () => {
    const before = (await get(t.app, '/api/prefs', { cookie })).json<{ logo_path: string }>()
      .logo_path;
    const attack = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const answer = await uploadLogo(attack, { name: 'logo.png', type: 'image/png' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Invalid file type');
    expect(
      (await get(t.app, '/api/prefs', { cookie })).json<{ logo_path: string }>().logo_path,
    ).toBe(before);
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'image/gif'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      'image/svg+xml',
    ],
  ])('refuses %s', async (_label, file, type) => {
    const answer = await uploadLogo(file, { type, name: 'logo.img' });
    expect(answer.statusCode).toBe(400);
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with 413', async () => {
    expect((await uploadLogo(png(2 * 1024 * 1024))).statusCode).toBe(200);
    const tooBig = await uploadLogo(png(2 * 1024 * 1024 + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body).toContain('File too large');
  });

  it('wants the field named logo, a multipart body and a signed-in user', async () => {
    expect((await uploadLogo(png(), { field: 'picture' })).statusCode).toBe(400);
    expect((await uploadLogo(png(), { cookie: '' })).statusCode).toBe(401);
    const notMultipart = await jsonPut(
      t.app,
      '/api/prefs',
      { logo_path: '/uploads/logos/x.png' },
      { cookie },
    );
    expect(notMultipart.statusCode).toBe(400);
  });

  it('answers 404 for unknown or malformed logo names', async () => {
    expect((await get(t.app, '/uploads/logos/aaaaaaaaaaaaaaaaaaaaaaaa.png')).statusCode).toBe(404);
    expect((await get(t.app, '/uploads/logos/..%2F..%2Fapp.db')).statusCode).toBe(404);
  });
});

describe('removing the logo', () => {
  it('PUT {logo_path:null} removes the logo and nothing else', async () => {
    await jsonPut(
      t.app,
      '/api/prefs',
      { company_phone: '555 010 2000', company_website: 'https://logo.example' },
      { cookie },
    );
    const logoPath = (await uploadLogo(png(200))).json<{ logo_path: string }>().logo_path;
    const before = (await get(t.app, '/api/prefs', { cookie })).json<Record<string, unknown>>();

    const answer = await jsonPut(t.app, '/api/prefs', { logo_path: null }, { cookie });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ...before, logo_path: null });
    expect((await get(t.app, logoPath)).statusCode).toBe(404);
  });
});

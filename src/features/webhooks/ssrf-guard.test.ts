import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import {
  checkWebhookUrl,
  isAddressAllowed,
  WebhookAddressRefused,
  type HostResolver,
} from './ssrf-guard.js';
import { postWebhook } from './webhook-sender.js';

/**
 * The address guard (docs/decisions/025): no webhook reaches this machine, its network or the
 * cloud's metadata service, whether the URL names the address, a name resolving to it at save,
 * or a name that changes its answer after the save.
 */
const strict = { allowPrivate: false };
const forTests = { allowPrivate: true };

/** A resolver that knows only these names. */
const names =
  (table: Record<string, string[]>): HostResolver =>
  (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      return Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };

describe('which addresses a webhook may reach', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, elsewhere in 127/8', '127.45.6.7'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.20.0.5'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local', '169.254.10.20'],
    ['cloud metadata', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['unspecified', '0.0.0.0'],
    ['"this network"', '0.1.2.3'],
    ['broadcast', '255.255.255.255'],
    ['multicast', '224.0.0.251'],
    ['reserved (documentation)', '192.0.2.10'],
    ['reserved (benchmarking)', '198.18.0.1'],
    ['reserved (class E)', '240.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 unique-local', 'fd00::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex form', '::ffff:7f00:1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_name, address) => {
    expect(isAddressAllowed(address, strict)).toBe(false);
  });

  it.each([
    ['public IPv4', '93.184.215.14'],
    ['public IPv4-mapped', '::ffff:93.184.215.14'],
    ['public IPv6', '2606:4700:4700::1111'],
  ])('allows %s (%s)', (_name, address) => {
    expect(isAddressAllowed(address, strict)).toBe(true);
  });

  it('opens loopback and private networks with WEBHOOKS_ALLOW_PRIVATE, never the metadata service', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '192.168.0.2', 'fd00::1']) {
      expect(isAddressAllowed(address, forTests), address).toBe(true);
    }
    for (const address of ['169.254.169.254', '::ffff:169.254.169.254', '0.0.0.0', 'fe80::1']) {
      expect(isAddressAllowed(address, forTests), address).toBe(false);
    }
  });
});

describe('checking a URL when it is saved', () => {
  const publicName = names({ 'hooks.example.com': ['93.184.215.14', '2606:4700:4700::1111'] });

  it('accepts an https URL whose every address is public', async () => {
    await expect(
      checkWebhookUrl('https://hooks.example.com/tradesign', strict, publicName),
    ).resolves.toBeUndefined();
  });

  it.each([
    ['plain http', 'http://hooks.example.com/x', /must start with https/],
    ['a literal loopback', 'https://127.0.0.1/x', /private or local network/],
    ['loopback written as a number', 'https://2130706433/x', /private or local network/],
    ['loopback in hex', 'https://0x7f.1/x', /private or local network/],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data', /private or local/],
    ['a literal IPv6 loopback', 'https://[::1]/x', /private or local network/],
    ['a mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/x', /private or local network/],
    ['localhost', 'https://localhost/x', /private or local network/],
    ['a name under localhost', 'https://api.localhost/x', /private or local network/],
    ['credentials in the URL', 'https://user:pass@hooks.example.com/x', /user name and password/],
    ['a name that does not resolve', 'https://nowhere.example.com/x', /could not be found/],
  ])('refuses %s', async (_name, url, reason) => {
    const check = checkWebhookUrl(url, strict, publicName);
    await expect(check).rejects.toThrow(WebhookAddressRefused);
    await expect(check).rejects.toThrow(reason);
  });

  it('refuses a name that resolves to loopback, or to one private address among public ones', async () => {
    const resolve = names({
      'rebind.example.com': ['127.0.0.1'],
      'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
    });
    for (const url of ['https://rebind.example.com/x', 'https://mixed.example.com/x']) {
      await expect(checkWebhookUrl(url, strict, resolve), url).rejects.toThrow(
        /private or local network/,
      );
    }
  });

  it("asks the real DNS by default: this machine's own name (a loopback or private address) is refused", async () => {
    await expect(checkWebhookUrl(`https://${hostname()}/x`, strict)).rejects.toThrow(
      WebhookAddressRefused,
    );
  });

  it('takes plain http and loopback with WEBHOOKS_ALLOW_PRIVATE (tests only)', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:9/x', forTests)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://localhost:9/x', forTests)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://169.254.169.254/x', forTests)).rejects.toThrow(
      /private or local network/,
    );
  });
});

describe('checking the address again when connecting', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('refuses a name that passed at save but points at loopback by the time of the POST', async () => {
    let answer = '93.184.215.14';
    const rebinding: HostResolver = (hostname) =>
      hostname === 'rebind.example.com'
        ? Promise.resolve([{ address: answer, family: 4 }])
        : Promise.reject(new Error('unknown name'));
    const url = `https://rebind.example.com:${receiver.port}/hooks`;
    await checkWebhookUrl(url, strict, rebinding);

    // The name's owner changes its answer after the save.
    answer = '127.0.0.1';
    const post = postWebhook({
      url,
      body: '{}',
      headers: {},
      timeoutMs: 2000,
      policy: strict,
      resolve: rebinding,
    });
    await expect(post).rejects.toThrow(/private or local network/);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a literal private address even if the setting changed after the save', async () => {
    const post = postWebhook({
      url: `https://127.0.0.1:${receiver.port}/hooks`,
      body: '{}',
      headers: {},
      timeoutMs: 2000,
      policy: strict,
    });
    await expect(post).rejects.toThrow(/private or local network/);
    const plain = postWebhook({
      url: receiver.url,
      body: '{}',
      headers: {},
      timeoutMs: 2000,
      policy: strict,
    });
    await expect(plain).rejects.toThrow(/must start with https/);
    expect(receiver.received).toHaveLength(0);
  });

  it('connects through the guarded lookup when the name resolves to an allowed address', async () => {
    const resolve: HostResolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const status = await postWebhook({
      url: `http://receiver.test:${receiver.port}/hooks`,
      body: '{"hello":1}',
      headers: {},
      timeoutMs: 2000,
      policy: forTests,
      resolve,
    });
    expect(status).toBe(204);
    expect(receiver.received.at(-1)?.headers.host).toBe(`receiver.test:${receiver.port}`);
  });
});

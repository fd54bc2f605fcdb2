import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for the few Stripe endpoints TradeSign uses, on 127.0.0.1, speaking Stripe's
 * protocol (form-encoded requests, JSON objects, Idempotency-Key, Bearer keys), reached through
 * STRIPE_API_BASE (docs/architecture.md: only Ollama and Stripe are replaced). It also plays
 * Stripe's hosted Checkout page and sends each account's events, signed with the library's own
 * test-header helper, as Stripe signs them.
 */

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  account: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string;
  payment_intent: string | null;
  line_items_names: string[];
  created: number;
}

interface StandInAccount {
  secretKey: string;
  id: string;
  name: string;
  webhookUrl?: string;
  webhookSecret?: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

/** An event sent to the app: its id, and the app's answer. */
export interface SentEvent {
  eventId: string;
  status: number;
  body: string;
}

/** Stripe's form encoding (`a[b][0][c]=1`) back into nested objects and lists. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[index + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, message: string): void {
  send(response, status, { error: { type: 'invalid_request_error', message } });
}

export interface StripeStandIn {
  /** For STRIPE_API_BASE. */
  url: string;
  sessions: Map<string, StandInSession>;
  requests: StandInRequest[];
  /** An account the stand-in knows by its secret key; its events go to webhookUrl. */
  addAccount(account: { secretKey: string; name: string }): void;
  connectWebhook(secretKey: string, webhookUrl: string, webhookSecret: string): void;
  /** The key stops working: every call with it is refused as Stripe refuses a revoked key. */
  removeAccount(secretKey: string): void;
  /** The client finishes Checkout: paid at once (card), or unpaid until the bank settles. */
  complete(sessionId: string, paymentStatus: 'paid' | 'unpaid'): Promise<SentEvent>;
  /** A bank payment settles or fails, days later. */
  settle(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<SentEvent>;
  /** The contractor refunds some or all of a session's payment in Stripe's dashboard. */
  refund(sessionId: string, amountRefundedCents: number): Promise<SentEvent>;
  /**
   * An event about a session, to the account that made it: again (the same `eventId`), signed
   * with another secret (`signWith`), or with another object (`object`, e.g. a changed amount).
   */
  sendSessionEvent(
    sessionId: string,
    type: string,
    options?: { eventId?: string; signWith?: string; object?: object },
  ): Promise<SentEvent>;
  /** Any event of an account, as Stripe would send it; `signWith` signs it with another secret. */
  sendEvent(
    secretKey: string,
    type: string,
    object: object,
    options?: { eventId?: string; signWith?: string },
  ): Promise<SentEvent>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const accounts = new Map<string, StandInAccount>();
  const sessions = new Map<string, StandInSession>();
  const requests: StandInRequest[] = [];
  /** Idempotency-Key per account: the first answer, replayed (Stripe keeps them 24 hours). */
  const replays = new Map<string, StandInSession>();
  let base = '';

  function createSession(account: StandInAccount, body: Record<string, unknown>): StandInSession {
    const items = (body.line_items ?? []) as {
      price_data: { currency: string; unit_amount: string; product_data: { name: string } };
      quantity: string;
    }[];
    const sessionId = id('cs');
    return {
      id: sessionId,
      object: 'checkout.session',
      account: account.id,
      mode: String(body.mode),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: items.reduce(
        (sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity),
        0,
      ),
      currency: items[0]?.price_data.currency ?? 'usd',
      customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
      payment_method_types: (body.allowed_payment_method_types ?? ['card']) as string[],
      metadata: (body.metadata ?? {}) as Record<string, string>,
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url),
      expires_at: Number(body.expires_at),
      url: `${base}/checkout/${sessionId}`,
      payment_intent: null,
      line_items_names: items.map((item) => item.price_data.product_data.name),
      created: Math.floor(Date.now() / 1000),
    };
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const account = key ? accounts.get(key) : undefined;
    const raw = await readBody(request);
    const body = request.method === 'POST' ? parseForm(raw) : {};
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: request.method ?? '',
      path,
      account: account?.id ?? null,
      idempotencyKey,
      body,
    });
    if (!account) {
      stripeError(response, 401, `Invalid API Key provided: ${key?.slice(0, 8) ?? ''}****`);
      return;
    }
    if (request.method === 'GET' && path === '/v1/account') {
      send(response, 200, {
        id: account.id,
        object: 'account',
        business_profile: { name: account.name },
        settings: { dashboard: { display_name: account.name } },
      });
      return;
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const replayKey = idempotencyKey ? `${account.id} ${idempotencyKey}` : undefined;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        send(response, 200, replay);
        return;
      }
      const session = createSession(account, body);
      sessions.set(session.id, session);
      if (replayKey) replays.set(replayKey, session);
      send(response, 200, session);
      return;
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    const session = sessionPath ? sessions.get(sessionPath[1] ?? '') : undefined;
    if (request.method === 'GET' && session && session.account === account.id) {
      send(response, 200, session);
      return;
    }
    stripeError(response, 404, `No such resource: ${path}`);
  }

  /** Stripe's hosted page, reduced to what a client does there: pick a method and pay. */
  async function hostedPage(request: IncomingMessage, response: ServerResponse, path: string) {
    const match = /^\/checkout\/([\w]+)(\/pay)?$/.exec(path);
    const session = match ? sessions.get(match[1] ?? '') : undefined;
    if (!session) {
      response.writeHead(404).end('No such Checkout Session');
      return;
    }
    if (request.method === 'POST' && match?.[2]) {
      const method = new URLSearchParams(await readBody(request)).get('method') ?? 'card';
      await standIn.complete(session.id, method === 'us_bank_account' ? 'unpaid' : 'paid');
      response.writeHead(303, {
        location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
      });
      response.end();
      return;
    }
    const amount = (session.amount_total / 100).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    const methods = session.payment_method_types
      .map(
        (method, index) =>
          `<label><input type="radio" name="method" value="${method}"${index === 0 ? ' checked' : ''}> ${method === 'card' ? 'Card' : 'US bank account'}</label>`,
      )
      .join('<br>');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><meta name="viewport" content="width=device-width">
<title>Stripe Checkout (stand-in)</title><h1>Pay ${amount}</h1>
<p>${session.line_items_names.join(', ')}</p><p>${session.customer_email ?? ''}</p>
<form method="post" action="/checkout/${session.id}/pay">${methods}<br><button>Pay</button></form>
<a href="${session.cancel_url}">Back</a>`);
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const handler = path.startsWith('/v1/') ? api : hostedPage;
    handler(request, response, path).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function accountOfSession(session: StandInSession): StandInAccount {
    const account = [...accounts.values()].find((each) => each.id === session.account);
    if (!account) throw new Error(`No account for ${session.id}`);
    return account;
  }

  async function deliver(
    account: StandInAccount,
    type: string,
    object: object,
    options: { eventId?: string; signWith?: string } = {},
  ): Promise<SentEvent> {
    if (!account.webhookUrl || !account.webhookSecret) {
      throw new Error(`${account.id} has no webhook endpoint`);
    }
    const eventId = options.eventId ?? id('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.signWith ?? account.webhookSecret,
    });
    const answer = await fetch(account.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    return { status: answer.status, body: await answer.text(), eventId };
  }

  function sessionOf(sessionId: string): StandInSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    return session;
  }

  const standIn: StripeStandIn = {
    url: base,
    sessions,
    requests,
    addAccount({ secretKey, name }) {
      accounts.set(secretKey, { secretKey, name, id: id('acct') });
    },
    removeAccount(secretKey) {
      accounts.delete(secretKey);
    },
    connectWebhook(secretKey, webhookUrl, webhookSecret) {
      const account = accounts.get(secretKey);
      if (!account) throw new Error('Add the account first');
      Object.assign(account, { webhookUrl, webhookSecret });
    },
    async complete(sessionId, paymentStatus) {
      const session = sessionOf(sessionId);
      Object.assign(session, {
        status: 'complete',
        payment_status: paymentStatus,
        payment_intent: session.payment_intent ?? id('pi'),
      });
      return deliver(accountOfSession(session), 'checkout.session.completed', session);
    },
    async settle(sessionId, outcome) {
      const session = sessionOf(sessionId);
      if (outcome === 'succeeded') session.payment_status = 'paid';
      return deliver(
        accountOfSession(session),
        `checkout.session.async_payment_${outcome}`,
        session,
      );
    },
    async refund(sessionId, amountRefundedCents) {
      const session = sessionOf(sessionId);
      return deliver(accountOfSession(session), 'charge.refunded', {
        id: id('ch'),
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: amountRefundedCents,
        currency: session.currency,
        payment_intent: session.payment_intent,
        refunded: amountRefundedCents >= session.amount_total,
      });
    },
    async sendSessionEvent(sessionId, type, options = {}) {
      const session = sessionOf(sessionId);
      return deliver(accountOfSession(session), type, options.object ?? session, options);
    },
    async sendEvent(secretKey, type, object, options) {
      const account = accounts.get(secretKey);
      if (!account) throw new Error('Add the account first');
      return deliver(account, type, object, options);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

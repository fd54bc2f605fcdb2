import type { SmtpSink } from '../../src/test/smtp-sink.js';
import { drillClient, drillDraft, SIGNATURE } from './contract-payloads.js';

/** Small REST calls for a drill's set-up, through fetch; any unexpected status throws. */
export async function callApi(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; cookie?: string; expect?: number; headers?: Record<string, string> },
): Promise<Response> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const expected = options.expect ?? 200;
  if (answer.status !== expected) {
    throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  }
  return answer;
}

/** A new owner, signed up and past the legal acknowledgment; returns the session cookie. */
export async function signUpOwner(
  baseUrl: string,
  owner: { email: string; password: string; company_name: string },
): Promise<string> {
  const answer = await callApi(baseUrl, 'POST', '/api/auth/signup', { body: owner });
  const cookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('signup set no session cookie');
  await callApi(baseUrl, 'POST', '/api/acceptances', {
    cookie,
    body: { type: 'legal_disclaimer', typed_name: 'Drill Owner' },
    expect: 201,
  });
  return cookie;
}

/** Contracts drafted, signed by the owner and sent: each queues a signing request mail. */
export async function sentContracts(
  baseUrl: string,
  cookie: string,
  numbers: number[],
): Promise<number[]> {
  const sendOne = async (n: number) => {
    const post = (path: string, body: unknown, expect = 200) =>
      callApi(baseUrl, 'POST', path, { cookie, body, expect });
    const draft = (await (await post('/api/contracts', drillDraft(n), 201)).json()) as {
      id: number;
    };
    await post(`/api/contracts/${draft.id}/sign-mine`, { signature: SIGNATURE });
    await post(`/api/contracts/${draft.id}/send`, { client_data: drillClient(n) });
    return draft.id;
  };
  return Promise.all(numbers.map(sendOne));
}

/**
 * Contracts taken through both signatures (the homeowner's link read from the mail), so the
 * server has executed copies to print. Returns their ids.
 */
export async function clientSignedContracts(
  baseUrl: string,
  cookie: string,
  sink: SmtpSink,
  numbers: number[],
): Promise<number[]> {
  const ids = await sentContracts(baseUrl, cookie, numbers);
  const signOne = async (n: number) => {
    const client = drillClient(n);
    // The link names the server (PUBLIC_URL): a sink shared by several servers is no trouble.
    const mail = await sink.waitFor(
      (received) =>
        received.envelope.to.includes(client.email) && received.text.includes(`${baseUrl}/esign/`),
      15_000,
    );
    const token = new RegExp(`${baseUrl}/esign/([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
    if (!token) throw new Error(`no signing link in the mail to ${client.email}`);
    await callApi(baseUrl, 'POST', `/api/esign/${token}`, {
      body: { signature: SIGNATURE, consent: true },
      headers: { 'x-forwarded-for': `10.9.${n & 255}.1` },
    });
  };
  await Promise.all(numbers.map(signOne));
  return ids;
}

import { personByEmail } from '../../test/people.js';
import { afterEach, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import {
  DAY_MS,
  eventsOf,
  followUpDeps,
  movableClock,
  queuedMails,
} from '../../test/follow-up-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { extendSigning } from './extend.service.js';

/** What a revision and a racing new link must not do (issue 17, found in review). */
const START = new Date('2026-11-02T10:00:00.000Z');
const actor = { email: 'owner@example.com', ip: '127.0.0.1', userAgent: 'Test/1.0' };
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setUp() {
  const clock = movableClock(START);
  t = await createTestApp({ SIGNING_LINK_DAYS: '10' }, { clock: clock.now });
  const owner = await contractorReadyToSend(t, 'owner@example.com');
  const { id, token } = await sendContract(t, owner);
  const companyId = (await personByEmail(t.db, 'owner@example.com')).company_id;
  return { t, clock, owner, id, token, companyId };
}

describe('a revised contract', () => {
  it('takes no new link or reminder once revised, so the client cannot sign both', async () => {
    const { t, clock, owner, id } = await setUp();
    clock.at(11 * DAY_MS);
    const revised = await jsonPost(t.app, `/api/contracts/${id}/revise`, {}, { cookie: owner });
    expect(revised.statusCode).toBe(200);
    const { id: revisionId } = revised.json<{ id: number }>();
    const extend = await jsonPost(
      t.app,
      `/api/contracts/${id}/extend`,
      { days: 7 },
      { cookie: owner },
    );
    expect(extend.statusCode).toBe(409);
    expect(extend.body).toBe(`This contract was revised as Contract #${revisionId}`);
    expect(await queuedMails(t, id, 'signing_new_link')).toHaveLength(0);
    expect((await eventsOf(t, id)).at(-1)?.type).toBe('revised');
  });
});

describe('two new links at once', () => {
  it('keep the later deadline, whichever lands last, and email the client once', async () => {
    const { t, clock, id, companyId } = await setUp();
    clock.at(DAY_MS);
    const deps = followUpDeps(t, clock.now);
    const answers = await Promise.allSettled([
      extendSigning(deps, companyId, id, 60, actor),
      extendSigning(deps, companyId, id, 1, actor),
    ]);
    const sixtyDays = new Date(START.getTime() + 61 * DAY_MS).toISOString();
    const [long, short] = answers;
    // The longer one lands either way: with the email, or after the shorter one's email as a
    // later deadline without one (issue 33). The shorter one never brings the deadline forward:
    // it is emailed first, or refused once the budget says wait, since it would change nothing.
    expect(long).toMatchObject({ status: 'fulfilled', value: { expires_at: sixtyDays } });
    if (short.status === 'rejected') {
      expect(short.reason).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    } else {
      expect(short.value.expires_at).not.toBe(sixtyDays);
      expect(short.value.emailed).toBe(true);
    }
    const row = await t.db
      .selectFrom('contracts')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(sixtyDays);
    expect(await queuedMails(t, id, 'signing_new_link')).toHaveLength(1);
  });

  it('reopen a contract the sweeper expired between the read and the write', async () => {
    const { t, clock, id, companyId } = await setUp();
    clock.at(10 * DAY_MS + 1000);
    // The contract is past its deadline but not yet swept: the new link expires it, then reopens.
    const extended = await extendSigning(followUpDeps(t, clock.now), companyId, id, 5, actor);
    expect(extended.status).toBe('sent');
    expect((await eventsOf(t, id)).map((event) => event.type).slice(-2)).toEqual([
      'expired',
      'link_extended',
    ]);
  });
});

import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractKey, dropOutboxEntry, newDraftKey, outboxEntries, putOutboxEntry } from './outbox';
import { onDraftSynced, syncOutbox } from './sync';

/**
 * The outbox against a stand-in server (issue 40): drafts kept on the phone go in the order they
 * were saved, wait when there is no connection, and a create sent twice names one contract.
 */
const server = vi.hoisted(() => ({
  calls: [] as { call: 'create' | 'update'; input: Record<string, unknown> }[],
  answer: (): 'ok' | 'offline' | 'conflict' | 'lost' => 'ok',
  byDraftId: new Map<string, number>(),
  nextId: 100,
}));

vi.mock('../../lib/trpc', () => {
  const answer = (call: 'create' | 'update', input: Record<string, unknown>) => {
    server.calls.push({ call, input });
    const mode = server.answer();
    if (mode === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    if (mode === 'conflict') {
      return Promise.reject(
        Object.assign(
          new Error('This draft was changed on another device since this one last saw it'),
          {
            data: { httpStatus: 409, path: 'contracts.update' },
          },
        ),
      );
    }
    let id = typeof input.id === 'number' ? input.id : undefined;
    if (id === undefined) {
      const draftId = String(input.client_draft_id);
      id = server.byDraftId.get(draftId) ?? server.nextId++;
      server.byDraftId.set(draftId, id);
    }
    // The server did it; the answer never reached the phone.
    if (mode === 'lost') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve({ id, draft_version: 2 });
  };
  return {
    trpcClient: {
      contracts: {
        create: { mutate: (input: Record<string, unknown>) => answer('create', input) },
        update: { mutate: (input: Record<string, unknown>) => answer('update', input) },
      },
    },
  };
});

const EMAIL = 'pat@example.com';
let counter = 0;

function keep(name: string, contractId: number | null = null, baseVersion: number | null = null) {
  counter += 1;
  const clientDraftId = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return putOutboxEntry(
    {
      key: contractId ? contractKey(contractId) : newDraftKey(clientDraftId),
      email: EMAIL,
      clientDraftId: contractId ? null : clientDraftId,
      contractId,
      baseVersion,
      wizardState: {},
      payload: { client_name: name },
      title: name,
    },
    counter,
  );
}

beforeEach(async () => {
  for (const entry of await outboxEntries(EMAIL)) await dropOutboxEntry(entry.key);
  server.calls = [];
  server.answer = () => 'ok';
});

describe('drafts kept on the phone', () => {
  it('are sent in the order they were saved, each create with the id the phone made', async () => {
    await keep('First');
    await keep('Second');
    await keep('Third', 7, 3);
    await syncOutbox(EMAIL, { force: true });
    expect(server.calls.map(({ input }) => input.client_name)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    expect(server.calls[0]?.input.client_draft_id).toMatch(/^00000000-0000-4000-8000-/);
    expect(server.calls[2]).toMatchObject({ call: 'update', input: { id: 7, base_version: 3 } });
    expect(await outboxEntries(EMAIL)).toEqual([]);
  });

  it('wait without a connection, and the next ones do not overtake the first', async () => {
    await keep('Basement one');
    await keep('Basement two');
    server.answer = () => 'offline';
    await syncOutbox(EMAIL, { force: true });
    expect(server.calls).toHaveLength(1);
    const [first] = await outboxEntries(EMAIL);
    expect(first).toMatchObject({ title: 'Basement one', attempts: 1, status: 'waiting' });
    expect(first && first.nextTryAt - Date.now()).toBeGreaterThan(1000);

    // Not due yet: nothing is sent until the wait is over or the connection returns.
    server.answer = () => 'ok';
    await syncOutbox(EMAIL, { force: false });
    expect(server.calls).toHaveLength(1);
    await syncOutbox(EMAIL, { force: true });
    // The first create got no answer, so the server may hold it: the latest state follows it.
    expect(server.calls.map(({ call, input }) => `${call} ${String(input.client_name)}`)).toEqual([
      'create Basement one',
      'create Basement one',
      'update Basement one',
      'create Basement two',
    ]);
    expect(await outboxEntries(EMAIL)).toEqual([]);
  });

  it('make one contract when the answer to a create was lost, with what was typed since', async () => {
    const first = await keep('Lost answer');
    server.answer = () => 'lost';
    await syncOutbox(EMAIL, { force: true });
    expect(await outboxEntries(EMAIL)).toHaveLength(1);
    // Saved again on the phone before the connection returns.
    if (!first) throw new Error('no outbox');
    await putOutboxEntry({ ...first.saved, payload: { client_name: 'Lost answer, edited' } });
    server.answer = () => 'ok';
    const synced: number[] = [];
    const stop = onDraftSynced(({ contract }) => synced.push(contract.id));
    await syncOutbox(EMAIL, { force: true });
    stop();
    const [sent, again, latest] = server.calls;
    expect(again?.input.client_draft_id).toBe(sent?.input.client_draft_id);
    // The server answered the repeated create with the contract as first sent; the edit follows.
    expect(latest).toMatchObject({
      call: 'update',
      input: { client_name: 'Lost answer, edited', base_version: 2 },
    });
    expect(synced).toHaveLength(1);
    expect(server.byDraftId.get(String(sent?.input.client_draft_id))).toBe(synced[0]);
  });

  it('changed elsewhere, are kept for the person to choose and hold up no other draft', async () => {
    await keep('Edited twice', 9, 1);
    await keep('Another');
    let call = 0;
    server.answer = () => (++call === 1 ? 'conflict' : 'ok');
    await syncOutbox(EMAIL, { force: true });
    const left = await outboxEntries(EMAIL);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      title: 'Edited twice',
      status: 'conflict',
      problem: 'This draft was changed on another device since this one last saw it',
    });
    expect(server.calls.map(({ input }) => input.client_name)).toEqual(['Edited twice', 'Another']);
  });
});

import type { Page } from 'playwright-core';
import type { ContractDraftInput } from '../../../src/domain/contracts.schemas';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../../src/test/factories';

/**
 * A signed-in contractor's page sends a contract through the REST facade, as an integration
 * would: the legal acknowledgment, a draft, the contractor's signature, the send. The browser
 * tests that use it are about what happens after sending. Returns the contract's id.
 */
export async function sendContractByApi(
  page: Page,
  base: string,
  client: { name: string; email: string },
  options: {
    language?: 'en' | 'es';
    /** Anything a draft takes: the deposit's plan, other signers and their order (issue 37). */
    draft?: Partial<ContractDraftInput>;
  } = {},
): Promise<number> {
  const post = async (url: string, data: unknown) => {
    const answer = await page.request.post(`${base}${url}`, { data, headers: { origin: base } });
    if (!answer.ok()) throw new Error(`${url}: ${answer.status()} ${await answer.text()}`);
    return answer.json() as Promise<Record<string, unknown>>;
  };
  await post('/api/acceptances', { type: 'legal_disclaimer', typed_name: 'Casey Green' });
  const draft = {
    ...sendableDraft(client),
    ...(options.language ? { language: options.language } : {}),
    ...options.draft,
  };
  const { id } = (await post('/api/contracts', draft)) as { id: number };
  await post(`/api/contracts/${id}/sign-mine`, { signature: TEST_SIGNATURE_PNG });
  await post(`/api/contracts/${id}/send`, { client_data: client });
  return id;
}

/** The signing link in a mail's text part. */
export function signingLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/esign\/[A-Za-z0-9_-]{43}/.exec(text);
  if (!match) throw new Error(`no signing link in: ${text.slice(0, 300)}`);
  return match[0];
}

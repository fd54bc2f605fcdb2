import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FAKE_MODEL,
  startFakeOllama,
  type FakeOllama,
  type FakeOllamaBehaviour,
} from '../../src/test/fake-ollama';
import { fileApp, workerApp, type Running } from './support/worker';
import { fakeSpeechRecognitionScript, noSpeechRecognitionScript } from './support/fake-speech';
import { signedInPage, waitForToast } from './support/flows';

/** Voice and typing never reach the model: the worker's shared server (no Ollama) serves them. */
const shared = workerApp();

/**
 * A server of its own with a scripted Ollama that behaves one way for the whole describe: the
 * server skips a failing Ollama for a minute, so a model that fails and one that answers cannot
 * share a server without one test depending on the other's order.
 */
function appWithModel(behaviour: FakeOllamaBehaviour) {
  let ollama: FakeOllama | undefined;
  const running = fileApp(async () => {
    ollama = await startFakeOllama();
    ollama.behave(behaviour);
    return { OLLAMA_HOST: ollama.url, OLLAMA_MODEL: FAKE_MODEL, OLLAMA_TIMEOUT_MS: '2000' };
  });
  afterAll(async () => {
    await ollama?.close();
  });
  return { running, ollama: () => ollama };
}

const modelAnswer = {
  paragraph: 'Install a drip irrigation system in the front beds and replace two zone valves.',
  bullets: ['Install drip irrigation in the front beds', 'Replace two zone valves'],
};

async function wizardPage(
  label: string,
  initScript = fakeSpeechRecognitionScript,
  running: Running = shared,
): Promise<Page> {
  const page = await signedInPage(running, { company: `${label} Irrigation`, initScript });
  await page.goto('/wizard');
  await page.getByRole('button', { name: 'Tap to start recording' }).waitFor();
  return page;
}

const notesInput = (page: Page) => page.getByPlaceholder('e.g., Install irrigation system');
const chips = (page: Page) => page.getByRole('list', { name: 'Scope notes' }).getByRole('listitem');
const cleanButton = (page: Page) =>
  page.getByRole('button', { name: /Clean Up Scope with AI|Cleaning up/ });
const speech = <T>(page: Page, call: string) => page.evaluate<T>(`window.__speech.${call}`);

describe('the scope-notes widget at phone width', () => {
  it('takes typed notes: Add only when not blank, Enter adds, Shift+Enter does not, chips remove', async () => {
    const page = await wizardPage('typed');
    await page.getByText('Or type your notes manually').waitFor();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    expect(await cleanButton(page).count()).toBe(0);

    await notesInput(page).fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await notesInput(page).fill('Install irrigation system');
    await add.click();
    await notesInput(page).fill('Replace two valves');
    await notesInput(page).press('Enter');
    expect(await chips(page).allTextContents()).toEqual([
      'Install irrigation system',
      'Replace two valves',
    ]);
    expect(await notesInput(page).inputValue()).toBe('');

    await notesInput(page).type('Edge the beds');
    await notesInput(page).press('Shift+Enter');
    expect(await chips(page).count()).toBe(2);
    expect(await notesInput(page).inputValue()).toBe('Edge the beds\n');

    await page.getByRole('button', { name: 'Remove note: Install irrigation system' }).click();
    expect(await chips(page).allTextContents()).toEqual(['Replace two valves']);
    await cleanButton(page).waitFor();
  });

  it('records voice notes in en-US, continuous, final results only, and stops on an error', async () => {
    const page = await wizardPage('voice');
    await page.getByRole('button', { name: 'Tap to start recording' }).click();
    await page.getByRole('button', { name: 'Recording... Speak your scope notes' }).waitFor();
    expect(await speech(page, 'settings()')).toEqual({
      lang: 'en-US',
      continuous: true,
      interimResults: false,
    });

    await speech(page, "say('install drip line', { interim: true })");
    await speech(page, "say('install drip line in the front beds')");
    await speech(page, "say('replace two zone valves')");
    expect(await chips(page).allTextContents()).toEqual([
      'install drip line in the front beds',
      'replace two zone valves',
    ]);

    await speech(page, "fail('network')");
    const shownToast = await waitForToast(page, 'Voice recognition error');
    expect(shownToast).toContain('Please try again or type your notes manually');
    await page.getByRole('button', { name: 'Tap to start recording' }).waitFor();
    expect(await speech(page, 'isListening()')).toBe(false);
    expect(await chips(page).count()).toBe(2);
  });

  it('returns to idle when recognition ends, and stops when tapped again', async () => {
    const page = await wizardPage('voiceend');
    await page.getByRole('button', { name: 'Tap to start recording' }).click();
    await speech(page, "say('mulch all beds')");
    await speech(page, 'end()');
    await page.getByRole('button', { name: 'Tap to start recording' }).waitFor();

    await page.getByRole('button', { name: 'Tap to start recording' }).click();
    await page.getByRole('button', { name: 'Recording... Speak your scope notes' }).click();
    await page.getByRole('button', { name: 'Tap to start recording' }).waitFor();
    expect(await speech(page, 'isListening()')).toBe(false);
    expect(await chips(page).allTextContents()).toEqual(['mulch all beds']);
  });

  it('says so where the browser has no voice recognition, and typing still works', async () => {
    const page = await wizardPage('novoice', noSpeechRecognitionScript);
    await page.getByRole('button', { name: 'Tap to start recording' }).click();
    const shownToast = await waitForToast(page, 'Voice recognition not supported');
    expect(shownToast).toContain('Please use a supported browser like Chrome');
    await notesInput(page).fill('Install irrigation system');
    await notesInput(page).press('Enter');
    await expect.poll(() => chips(page).count()).toBe(1);
  });

  it("uses the spec's client fallback and says 'Cleanup failed' when the call itself fails", async () => {
    const page = await wizardPage('offline');
    await notesInput(page).fill('Install irrigation system');
    await notesInput(page).press('Enter');
    await notesInput(page).fill('Replace two valves');
    await notesInput(page).press('Enter');
    await page.route('**/trpc/scope.clean**', (route) => route.abort('connectionrefused'));
    await cleanButton(page).click();
    const shownToast = await waitForToast(page, 'Cleanup failed');
    expect(shownToast).toContain('Using fallback formatting');
    expect(await page.getByLabel('Summary').inputValue()).toBe(
      'Install irrigation system Replace two valves',
    );
    expect(await page.getByLabel('Work item 1', { exact: true }).inputValue()).toBe(
      'Install irrigation system',
    );
    expect(await page.getByLabel('Work item 2', { exact: true }).inputValue()).toBe(
      'Replace two valves',
    );
  });
});

describe('scope cleanup by a model that answers', () => {
  const model = appWithModel({ kind: 'answer', content: JSON.stringify(modelAnswer) });

  it("cleans up with the model's answer, shows 'Cleaning up...', and lets the contractor edit the result", async () => {
    const page = await wizardPage('cleanup', fakeSpeechRecognitionScript, model.running);
    await notesInput(page).fill('um install drip irrigation front beds');
    await notesInput(page).press('Enter');
    await notesInput(page).fill('replace 2 zone valves');
    await notesInput(page).press('Enter');

    // Hold the answer a moment to see the pending label.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/scope.clean**', async (route) => {
      await held;
      await route.continue();
    });
    await cleanButton(page).click();
    await page.getByRole('button', { name: 'Cleaning up...' }).waitFor();
    release();

    const shownToast = await waitForToast(page, 'Scope cleaned up!');
    expect(shownToast).toContain('AI has formatted your notes into a professional scope');
    await page.getByText('AI-Formatted Scope').waitFor();
    expect(await page.getByLabel('Summary').inputValue()).toBe(modelAnswer.paragraph);
    expect(await page.getByLabel('Work item 2', { exact: true }).inputValue()).toBe(
      'Replace two zone valves',
    );

    await page.getByLabel('Work item 2', { exact: true }).fill('Replace two 1-inch zone valves');
    await page.getByRole('button', { name: 'Remove work item 1' }).click();
    expect(await page.getByLabel('Work item 1', { exact: true }).inputValue()).toBe(
      'Replace two 1-inch zone valves',
    );
    const sent = model.ollama()?.chatRequests.at(-1) as { messages: { content: string }[] };
    expect(JSON.stringify(sent.messages)).toContain('replace 2 zone valves');
  });
});

describe('scope cleanup by a model that fails', () => {
  const failing = appWithModel({
    kind: 'http-error',
    status: 500,
    error: 'model runner has unexpectedly stopped',
  });

  it('falls back to the built-in rules when the model fails, without an error for the user', async () => {
    const page = await wizardPage('rules', fakeSpeechRecognitionScript, failing.running);
    await notesInput(page).fill('um install drip line comma 3/4 inch');
    await notesInput(page).press('Enter');
    await cleanButton(page).click();
    await waitForToast(page, 'Scope cleaned up!');
    await page.getByText('Formatted by built-in rules').waitFor();
    expect(await page.getByLabel('Work item 1', { exact: true }).inputValue()).toContain(
      '3/4 inch',
    );
    expect(await page.getByLabel('Work item 1', { exact: true }).inputValue()).not.toMatch(
      /\bum\b/,
    );
  });
});

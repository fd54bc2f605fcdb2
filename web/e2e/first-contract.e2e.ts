import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE, settled, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { controlsCoveredByToast } from './support/covered-by-toast';
import {
  drawSignature,
  field,
  markToastsSeen,
  signUpThroughUi,
  signedInPage,
  waitForToast,
} from './support/flows';
import { scopeCleanedUp } from './support/toast-at-rest';

const running = workerApp();

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** A new contract, filled in up to the start of `step`. */
async function newContractAtStep(page: Page, step: 3 | 5) {
  await page.goto('/wizard');
  const notes = page.getByPlaceholder('e.g., Install irrigation system');
  await notes.fill('install drip irrigation in the front beds');
  await notes.press('Enter');
  await page.getByRole('button', { name: 'Clean Up Scope with AI' }).click();
  await scopeCleanedUp(page);
  await next(page);
  await field(page, 'Client Name').fill('Jordan Rivera');
  await field(page, 'Email Address').fill('jordan@example.com');
  await next(page);
  await page.getByLabel('Total Contract Price').fill('4200');
  if (step === 3) return;
  await next(page);
  await page.getByText('Step 4 of 5').waitFor();
  // The preview grows to its document's height once loaded, which moves Next down the page: a
  // click before that can land on the contract instead.
  await page
    .frameLocator('iframe[title="Contract preview"]')
    .getByText('Jordan Rivera')
    .first()
    .waitFor();
  await settled(page);
  await next(page);
  await page.getByText('Step 5 of 5').waitFor();
}

describe('a contractor’s first contract, on a 390 px phone', () => {
  it('stays on its step when a new contract is first saved', async () => {
    const page = await signedInPage(running, { company: 'Stay Landscaping', viewport: PHONE });
    await newContractAtStep(page, 3);
    await page.getByText('Step 3 of 5').waitFor();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await waitForToast(page, 'Draft saved');
    await page.waitForURL(/\/wizard\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');
    await page.getByText(`Contract #${id} · Step 3 of 5`).waitFor();
    expect(await page.getByLabel('Total Contract Price').inputValue()).toBe('4200');
  });

  it('shows Sending..., and a failed send leaves the contractor on step 5 with the signature', async () => {
    const page = await signedInPage(running, { company: 'Fail Landscaping', viewport: PHONE });
    await newContractAtStep(page, 5);
    await drawSignature(page);
    // A slow network, so the pending state can be seen.
    await page.route('**/trpc/contracts.send**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign & Send to Client' }).click();
    await page.getByRole('button', { name: 'Sending...' }).waitFor();
    // Without the legal acknowledgment the server refuses to send.
    await waitForToast(page, 'legal acknowledgment');
    await page.waitForURL(/\/wizard\?id=\d+/);
    await page.getByText(/Step 5 of 5/).waitFor();
    await page.getByRole('img', { name: /Your Signature: signed/ }).waitFor();
    await page.getByRole('button', { name: 'Sign & Send to Client' }).waitFor();
  });

  it('meets the legal acknowledgment at the end of onboarding, and is reminded until it is done', async () => {
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await signUpThroughUi(page, {
      company: 'Legal Landscaping',
      email: uniqueEmail('legal'),
      password: 'secret123',
    });
    await field(page, 'Phone').fill('(555) 123-4567');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByRole('heading', { name: 'One more thing: the legal acknowledgment' }).waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    await page.getByText('One step before you can send contracts').waitFor();
    await page.getByRole('link', { name: 'Accept it now' }).click();
    await page.getByLabel('I have read and accept this acknowledgment').check();
    await field(page, 'Type your full name').fill('Casey Legal');
    await page.getByRole('button', { name: 'Submit Acknowledgment' }).click();
    await page.getByText('Acknowledgment Complete').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    // The acknowledgment's status has arrived: the banner's absence means something.
    await settled(page);
    expect(await page.getByText('One step before you can send contracts').count()).toBe(0);
  });

  it('accepts the acknowledgment during onboarding and goes straight to the contracts', async () => {
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await signUpThroughUi(page, {
      company: 'Ready Landscaping',
      email: uniqueEmail('ready'),
      password: 'secret123',
    });
    await field(page, 'Phone').fill('(555) 123-4567');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByLabel('I have read and accept this acknowledgment').check();
    await field(page, 'Type your full name').fill('Casey Ready');
    await page.getByRole('button', { name: 'Submit Acknowledgment' }).click();
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    await page.getByText('No contracts yet').waitFor();
    // The acknowledgment's status has arrived: the banner's absence means something.
    await settled(page);
    expect(await page.getByText('One step before you can send contracts').count()).toBe(0);
  });

  it('says on step 5, before signing, that sending needs the acknowledgment, and comes back', async () => {
    const page = await signedInPage(running, { company: 'Back Landscaping', viewport: PHONE });
    await newContractAtStep(page, 5);
    await page.getByText('Accept the legal acknowledgment first').waitFor();
    await drawSignature(page);
    await page.getByRole('button', { name: 'Accept the acknowledgment' }).click();
    await page.waitForURL(/\/settings\/legal\?contract=new/);
    await page.getByLabel('I have read and accept this acknowledgment').check();
    await field(page, 'Type your full name').fill('Casey Back');
    await page.getByRole('button', { name: 'Submit Acknowledgment' }).click();
    await page.getByText('Acknowledgment Complete').waitFor();
    await page.getByRole('link', { name: 'Back to your contract' }).click();
    await page.getByText(/Step 5 of 5/).waitFor();
    await page.getByRole('img', { name: /Your Signature: signed/ }).waitFor();
    await settled(page);
    expect(await page.getByText('Accept the legal acknowledgment first').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign & Send to Client' }).click();
    await page.getByRole('heading', { name: 'Awaiting Signature (1)' }).waitFor();
    // Every section shows with its count once there is any contract, even at zero.
    await page.getByRole('heading', { name: 'Drafts (0)' }).waitFor();
    await page.getByRole('heading', { name: 'Completed (0)' }).waitFor();
    await page.getByText('No signed contracts yet.').waitFor();
  });

  it('reports a server answer that is not JSON by its cause, not as a parse error', async () => {
    const page = await signedInPage(running, { company: 'Proxy Landscaping', viewport: PHONE });
    await page.goto('/templates/editor');
    await field(page, 'Template Name').fill('Broken proxy');
    await field(page, 'HTML Template').fill('<p>{{client.name}}</p>');
    await page.route('**/trpc/templates.create**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Server exploded' }),
    );
    await page.getByRole('button', { name: 'Save Template' }).click();
    const shownToast = await waitForToast(page, 'Failed to save template');
    expect(shownToast).toContain('Something went wrong on our side;');
    expect(shownToast).not.toContain('500');
    expect(shownToast).not.toContain('JSON');

    await page.unroute('**/trpc/templates.create**');
    await page.route('**/trpc/templates.create**', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '' }),
    );
    await page.getByRole('button', { name: 'Save Template' }).click();
    await waitForToast(page, /Failed to save template[\s\S]*Something went wrong on our side/);
  });

  it('shows toasts where they cover no heading, field or button on a phone', async () => {
    const page = await signedInPage(running, { company: 'Toast Landscaping', viewport: PHONE });
    const saveDraftAndLook = async () => {
      await markToastsSeen(page);
      // While the toast slides in, every frame: is the navigation still what a tap would hit?
      const navigationHiddenInFrames = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const home = [...document.querySelectorAll('nav[aria-label="Main"] a')][0];
            if (!home) throw new Error('no bottom navigation');
            let hidden = 0;
            const started = performance.now();
            const look = () => {
              const box = home.getBoundingClientRect();
              const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
              if (!hit || !home.contains(hit)) hidden += 1;
              if (performance.now() - started < 1500) requestAnimationFrame(look);
              else resolve(hidden);
            };
            requestAnimationFrame(look);
          }),
      );
      await page.getByRole('button', { name: 'Save Draft' }).click();
      expect(await navigationHiddenInFrames).toBe(0);
      await waitForToast(page, 'Draft saved');
      await page.waitForTimeout(400);
      return controlsCoveredByToast(page);
    };

    await page.goto('/wizard');
    await page.getByPlaceholder('e.g., Install irrigation system').fill('build a cedar deck');
    await page.getByPlaceholder('e.g., Install irrigation system').press('Enter');
    expect(await saveDraftAndLook()).toEqual([]);
    // The step line and heading are still on screen with the toast.
    await expect.poll(() => page.getByText('Step 1 of 5').isVisible()).toBe(true);

    // Step 3 is taller than the screen: the form's fields and buttons sit where a floating toast
    // would lie.
    await newContractAtStep(page, 3);
    expect(await saveDraftAndLook()).toEqual([]);
    // What the toast took room from is still there to scroll to and tap.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 4 of 5').waitFor();
  });

  it('shows each stage’s "Due when" whole on a phone', async () => {
    const page = await signedInPage(running, { company: 'Due Landscaping', viewport: PHONE });
    await newContractAtStep(page, 3);
    const due = page.getByLabel('Stage 3 trigger');
    expect(await due.inputValue()).toBe('Substantial completion');
    const fits = await due.evaluate(
      (box) => box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight + 1,
    );
    expect(fits).toBe(true);
  });

  it('lists the template tokens without cutting any at 390 px, with a loop example', async () => {
    const page = await signedInPage(running, { company: 'Tokens Landscaping', viewport: PHONE });
    await page.goto('/templates/editor');
    await page.getByRole('button', { name: /Tokens you can use/ }).click();
    const list = page.getByRole('list', { name: 'Template tokens' }).or(page.locator('dl'));
    await page.getByText('Your phone as (555) 123-4567').waitFor();
    await page.getByText('A payment line for each stage, with each formatter').waitFor();
    const clipped = await list.first().evaluate((element) =>
      [...element.querySelectorAll('dt, dd, code')]
        .filter((item) => {
          const box = item.getBoundingClientRect();
          return item.scrollWidth > item.clientWidth + 1 || box.right > window.innerWidth;
        })
        .map((item) => item.textContent),
    );
    expect(clipped).toEqual([]);
  });

  it('reads {{percent}} in the payments loop as the stage percent, and says what to write for {{money}}', async () => {
    const page = await signedInPage(running, { company: 'Percent Landscaping', viewport: PHONE });
    await page.goto('/templates/editor');
    await field(page, 'Template Name').fill('Loop');
    await field(page, 'HTML Template').fill(
      '<p>{{#each payments}}{{label}} {{percent}}; {{/each}}</p>',
    );
    await page.getByRole('button', { name: 'Show Preview' }).click();
    await page
      .frameLocator('iframe[title="Template preview"]')
      .getByText('Stage 1 33%; Stage 2 33%; Stage 3 34%;')
      .waitFor();
    await field(page, 'HTML Template').fill('<p>{{#each payments}}{{money}}{{/each}}</p>');
    await page
      .getByText(
        'Line 1: {{money}} needs the value to format: write {{money contract.total_cents}}, or {{money amount_cents}} inside {{#each payments}}',
      )
      .first()
      .waitFor();
  });
});

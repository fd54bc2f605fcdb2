import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workerApp } from './support/worker';
import { field, markToastsSeen, signedInPage, waitForToast } from './support/flows';

const running = workerApp();

const signedInPhone = (label: string) => signedInPage(running, { company: `${label} Landscaping` });

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('templates at phone width', () => {
  it('lists the default preset, creates, edits, sets default and deletes with confirmation', async () => {
    const page = await signedInPhone('tpl');
    await page.goto('/templates');
    const preset = card(page, 'Standard Contract');
    await preset.getByText('Default', { exact: true }).waitFor();
    await preset.getByText('Version 1').waitFor();
    // The default has no "Set as default" button.
    expect(await preset.getByRole('button', { name: /as default/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'New Template' }).click();
    await field(page, 'Template Name').fill('Irrigation job');
    await field(page, 'HTML Template').fill(
      '<h1>{{company.name}}</h1><p>{{client.name}} owes {{money contract.total_cents}}</p>',
    );
    await page.getByRole('button', { name: 'Save Template' }).click();
    await waitForToast(page, 'Template created');
    await page.waitForURL('**/templates');
    const mine = card(page, 'Irrigation job');
    await mine.getByText('Version 1').waitFor();

    await mine.getByRole('link', { name: 'Edit Irrigation job' }).click();
    await field(page, 'HTML Template').fill('<p>Changed {{client.name}}</p>');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await waitForToast(page, 'Template updated');
    await card(page, 'Irrigation job').getByText('Version 2').waitFor();

    await card(page, 'Irrigation job')
      .getByRole('button', { name: 'Set Irrigation job as default' })
      .click();
    await waitForToast(page, 'Default template updated');
    await card(page, 'Irrigation job').getByText('Default', { exact: true }).waitFor();
    await card(page, 'Standard Contract')
      .getByRole('button', { name: 'Set Standard Contract as default' })
      .waitFor();

    await card(page, 'Standard Contract')
      .getByRole('button', { name: 'Delete Standard Contract' })
      .click();
    await page.getByText('Are you sure you want to delete this template?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await card(page, 'Standard Contract').waitFor();

    await card(page, 'Standard Contract')
      .getByRole('button', { name: 'Delete Standard Contract' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Template deleted');
    await card(page, 'Standard Contract').waitFor({ state: 'detached' });

    // The default cannot be deleted, and says why in the place of its Delete button.
    const chosen = card(page, 'Irrigation job');
    expect(await chosen.getByRole('button', { name: 'Delete Irrigation job' }).count()).toBe(0);
    await chosen
      .getByText('The default can’t be deleted: your contracts are sent with it.')
      .waitFor();

    // Without a copy of the Standard Contract, the screen offers it back; its toast is a new one
    // with the words of the first.
    await markToastsSeen(page);
    await page.getByRole('button', { name: 'Add the Standard Contract' }).click();
    await waitForToast(page, 'Template created');
    await card(page, 'Standard Contract').getByText('Version 1').waitFor();
    await page.getByRole('button', { name: 'Add the Standard Contract' }).waitFor({
      state: 'detached',
    });
  });

  it('previews the template with sample data in a sandboxed frame, and shows syntax errors with their line', async () => {
    const page = await signedInPhone('preview');
    await page.goto('/templates/editor');
    await page.getByText('Tokens you can use').click();
    await page.getByText('{{client.name}}', { exact: true }).first().waitFor();

    await field(page, 'Template Name').fill('Preview test');
    await field(page, 'HTML Template').fill(
      '<h1>{{company.name}}</h1>\n<p id="total">{{money contract.total_cents}}</p>\n{{#each payments}}\n<p>{{label}}',
    );
    await page.getByText('Line 3: ').waitFor();
    expect(await page.getByRole('button', { name: 'Save Template' }).isDisabled()).toBe(true);

    await field(page, 'HTML Template').fill(
      '<h1>{{company.name}}</h1>\n<p id="total">{{money contract.total_cents}}</p>\n<p>{{client.name}}</p><script>parent.document.title="pwned"</script>',
    );
    await page.getByRole('button', { name: 'Show Preview' }).click();
    const preview = page.frameLocator('iframe[title="Template preview"]');
    await preview.getByText('$5,000.00').waitFor();
    await preview.getByText('Preview Landscaping').waitFor();
    await preview.getByText('Jordan Rivera').waitFor();
    expect(await page.locator('iframe[title="Template preview"]').getAttribute('sandbox')).toBe('');
    expect(await page.title()).not.toBe('pwned');

    await page.getByRole('button', { name: 'Hide Preview' }).click();
    await page.locator('iframe[title="Template preview"]').waitFor({ state: 'detached' });
  });

  it('keeps what was typed when saving fails', async () => {
    const page = await signedInPhone('savefail');
    await page.goto('/templates/editor');
    await field(page, 'Template Name').fill('Will fail');
    await field(page, 'HTML Template').fill('<p>Precious work</p>');
    await page.route('**/trpc/templates.create**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Save Template' }).click();
    await waitForToast(page, 'Failed to save template');
    expect(await field(page, 'HTML Template').inputValue()).toBe('<p>Precious work</p>');
    expect(new URL(page.url()).pathname).toBe('/templates/editor');
  });

  it('says "Failed to fetch template" for a template that cannot be loaded', async () => {
    const page = await signedInPhone('fetchfail');
    await page.goto('/templates/editor?id=999999');
    await page.getByText('Failed to fetch template').waitFor();
  });

  it('asks for a name and HTML before saving', async () => {
    const page = await signedInPhone('required');
    await page.goto('/templates/editor');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.getByText('Name and HTML are required').first().waitFor();
  });
});

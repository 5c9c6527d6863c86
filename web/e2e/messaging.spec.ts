import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Session } from './browser';
import { signInAsAcmeAdmin, unique } from './people';

// A communication manager sends a message in three steps (issue 14): Acme's
// admin (a communication manager in the demo) opens Communication, the demo
// channels are there, sends a message on Parking to the Commuters group and
// to Nathalie Lambert (not in it), sees the recipient count before sending,
// and finds the message in the channel's details with that count.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const SLOW = { timeout: 30_000 };

describe('messaging', () => {
  it('a communication manager sends a message in three steps and sees it in the channel with its recipient count', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);

    await page.getByTestId('menu-communication').click();
    await page.waitForURL(/\/communication\/message-channels$/);
    const channels = page.getByTestId('message-channels-table');
    await channels.getByText('Mobility news').waitFor(SLOW);
    await channels.getByText('Parking', { exact: true }).waitFor();

    // step 1: the content
    await page.getByRole('link', { name: 'Send message' }).click();
    await page.waitForURL(/\/communication\/message\/add/);
    await page.getByTestId('message-channel').click();
    await page.getByRole('option', { name: 'Parking', exact: true }).click();
    const title = unique('Parking news ');
    // Next without a title: the form says what is missing and stays on step 1
    await page.getByTestId('wizard-next').click();
    await page.getByText('Title is required').waitFor();
    await page.getByTestId('message-title').fill(title);
    await page.getByTestId('message-body').fill('The parking is closed on Saturday for maintenance.');
    await page.getByTestId('wizard-next').click();

    // step 2: the recipients, with their count before sending
    await page.getByText('User groups and users').click();
    await page.getByTestId('recipient-groups').click();
    await page.getByRole('option', { name: /^Commuters/ }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('recipient-user-search').fill('Lambert');
    await page.getByRole('option', { name: /Nathalie Lambert/ }).click(SLOW);
    await page.getByTestId('recipient-users').getByText('Nathalie Lambert').waitFor();
    const countText = page.getByTestId('recipient-count');
    await page.waitForFunction(
      () => /^\d+ recipients?$/.test(document.querySelector('[data-testid="recipient-count"]')?.textContent ?? ''),
      undefined,
      SLOW,
    );
    const count = Number(/^(\d+)/.exec((await countText.textContent()) ?? '')?.[1]);
    // the Commuters (Jan, Sophie, Pieter, Emma) and Nathalie
    expect(count).toBeGreaterThanOrEqual(2);
    await page.getByTestId('wizard-next').click();

    // step 3: review and send
    const review = page.getByTestId('message-review');
    await review.getByText(title).waitFor();
    expect(await review.textContent()).toContain(`${count} recipient`);
    await page.getByTestId('wizard-next').click();

    // the channel's details list the message with its recipient count
    await page.waitForURL(/\/communication\/message-channels\/[0-9a-f-]{36}$/, SLOW);
    expect(await page.getByTestId('channel-title').textContent()).toBe('Parking');
    const row = page.getByTestId('channel-messages-table').locator('tbody tr', { hasText: title });
    await row.waitFor(SLOW);
    const cells = await row.locator('td').allTextContents();
    expect(cells).toContain(String(count));
    expect(cells).toContain('Sent');
  });
});

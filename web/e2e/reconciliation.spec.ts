import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, expectDashboard, openBrowser, signIn, staffToken, type Session } from './browser';

// Reconciliation (issue 15): platform staff filter the problems on
// "Mismatch" (the demo's NMBS ticket corrected by 1.00 on the platform:
// internal/seed/reconciliation.go), open its detail, keep the platform's
// amount with a reason, and see it resolved; the detail then offers no
// second override, and the call refuses one.

const SLOW = { timeout: 30_000 };
const REASON = 'E2E: the goodwill correction stands';

let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('reconciliation', () => {
  it('platform staff override a mismatch once, with a reason', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);
    await page.goto('/reconciliation');
    await page.getByTestId('reconciliation-table').waitFor(SLOW);

    // filter by status
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Mismatch', exact: true }).click();
    await page.waitForURL(/status=MISMATCH/, SLOW);
    const row = page.getByTestId('reconciliation-table').locator('tbody tr').first();
    await expect.poll(async () => (await row.textContent()) ?? '', SLOW).toContain('Mismatch');
    const booking = row.locator('button').first();
    const bookingId = ((await booking.textContent()) ?? '').trim();
    expect(bookingId).toMatch(/^NMBS-/);

    // the detail, then the override with a reason
    await booking.click();
    const detail = page.getByTestId('reconciliation-detail');
    await detail.waitFor(SLOW);
    await page.getByTestId('open-override').click();
    await page.getByLabel("Keep the platform's amount (book nothing)").check();
    await page.getByTestId('override-remark').fill(REASON);
    await page.getByTestId('override-save').click();

    // resolved: the detail shows the decision and offers no second override
    const record = page.getByTestId('override-record');
    await record.waitFor(SLOW);
    expect(await record.textContent()).toContain(REASON);
    expect(await record.textContent()).toContain("Keep the platform's amount");
    expect(await detail.textContent()).toContain('Resolved');
    expect(await page.getByTestId('open-override').count()).toBe(0);

    // it left the mismatches and is among the resolved rows
    await page.goto('/reconciliation?status=MISMATCH');
    await page.getByTestId('reconciliation-table').waitFor(SLOW);
    await expect.poll(async () => (await page.getByTestId('reconciliation-table').textContent()) ?? '', SLOW).not.toContain(bookingId);
    await page.goto('/reconciliation?status=RESOLVED');
    await expect.poll(async () => (await page.getByTestId('reconciliation-table').textContent()) ?? '', SLOW).toContain(bookingId);

    // a second override is refused by the server too
    const res = await fetch(`${baseUrl()}/portal-service/v1/reconciliation/manual/override`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await staffToken()}`, 'Idempotency-Key': `e2e-second-${Date.now()}` },
      body: JSON.stringify({ bookingId, decision: 'ACCEPT_PROVIDER', remark: 'a second try' }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { errorLabel: string }).errorLabel).toBe('RECONCILIATION_ALREADY_OVERRIDDEN');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Session } from './browser';
import { signInAsAcmeAdmin } from './people';

// Company settings and the company's deactivation request (issue 9). The
// request is withdrawn again at the end, so Acme stays active for the
// other tests.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('company settings', () => {
  it('shows a company admin the details with the partner\'s fields read-only', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await page.goto('/company/settings');
    await page.waitForURL(/\/company\/settings\/details/);
    await page.getByTestId('company-details-form').waitFor();
    expect(await page.getByTestId('field-name').inputValue()).toBe('Acme NV');
    expect(await page.getByTestId('field-name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('field-street').getAttribute('readonly')).toBeNull();
    // Neither the MSP-only nor the platform-only tab is there.
    expect(await page.getByTestId('tab-mobile-app').count()).toBe(0);
    expect(await page.getByTestId('tab-branding').count()).toBe(0);
  });

  it('lets a company admin request deactivation, see it pending, and withdraw it', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await page.goto('/company/settings');
    await page.getByTestId('open-deactivation').click();
    await page.waitForURL(/\/company\/settings\/deactivation/);
    const card = page.getByTestId('deactivation-card');
    await card.waitFor();
    expect(await card.getAttribute('data-view')).toBe('none');

    await page.getByTestId('deactivation-request-button').click();
    await page.getByTestId('deactivation-remark').fill('e2e: moving to another provider');
    await page.getByRole('dialog').getByRole('button', { name: 'Request', exact: true }).click();
    await page.locator('[data-testid="deactivation-card"][data-view="requested"]').waitFor();
    expect(await page.getByTestId('deactivation-status').textContent()).toBe('Deactivation requested');
    expect(await page.getByTestId('deactivation-handleBy').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByTestId('deactivation-request').getByText('e2e: moving to another provider').count()).toBe(1);

    // Still pending after a reload: it is stored.
    await page.reload();
    await page.locator('[data-testid="deactivation-card"][data-view="requested"]').waitFor();

    await page.getByTestId('deactivation-withdraw-button').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw request' }).click();
    await page.locator('[data-testid="deactivation-card"][data-view="none"]').waitFor();
  });
});

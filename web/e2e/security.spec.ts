/** The Content Security Policy as the browser applies it: Swagger UI works under it, an inline
 * script is refused, and the refusal is what the fixture records to fail a test. The web app's
 * pages, the sandbox payment page and the PDF preview are covered by the other specs. */
import { test as plain } from '@playwright/test';
import { expect, recordCspViolations, test } from './fixtures';

test('Swagger UI at /api/docs works under the policy', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /Сервис академических работ: API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/auth/login/').first()).toBeVisible();
});

// Without the fixture's check (this test's violation is on purpose), with its recorder.
plain('an inline script is refused, and the fixture records the refusal', async ({ context, page }) => {
  const violations = await recordCspViolations(context);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.setAttribute("data-inline-ran", "yes")';
    document.body.append(script);
  });
  // Both records: the page's event and the browser's console message.
  await expect.poll(() => violations).toContainEqual(expect.stringContaining('script-src-elem blocked inline'));
  await expect
    .poll(() => violations)
    .toContainEqual(expect.stringMatching(/console error: .*inline script violates .*Content Security Policy/));
  await expect(page.locator('body')).not.toHaveAttribute('data-inline-ran', 'yes');
});

/** Screenshots (looked at by a person) and the accessibility check of a screen. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { resolve } from 'node:path';

const shots = resolve(import.meta.dirname, '../../test-results/screens');

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage, animations: 'disabled' });
}

/** The same state at 375 px and 1440 px (dialogs and overlays: the viewport only, as the user
 * sees it; `fullPage` for a long page); the viewport size is restored. */
export async function screenshotBoth(page: Page, name: string, fullPage = false): Promise<void> {
  const size = page.viewportSize();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, name, fullPage);
  }
  if (size) await page.setViewportSize(size);
}

/** Once dialogs, toasts and slides have finished moving in and the fonts are in; endless
 * animations (spinners) are left running. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () =>
      (await document.fonts.ready) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are checked as a person sees them: once dialogs and toasts have finished fading in
  // (half-transparent, a red button measured 3.79:1).
  await settled(page);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} [${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}]`)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** Opens a pre-rendered page and waits until its script runs it: the footer's support address is
 * live data, fetched only once the page has hydrated (a click before that goes nowhere). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@example.ru' })).toBeVisible();
}

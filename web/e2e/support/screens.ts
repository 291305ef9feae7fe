/** What every screen is checked for, at 375, 768 and 1280 px: its full-page screenshot against the
 * committed baseline (e2e/screenshots/; `toHaveScreenshot`, settings in playwright.config.ts, the
 * parts that change from run to run hidden by e2e/support/screenshot.css), its layout (nothing
 * wider than the screen, no oversized icon, no text cut off, every control in reach) and axe. */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, settled } from './check';
import { layoutProblems, scrollToEnd, unreachableControls, type Deliberate } from './reachability';

/** A phone, a tablet and a laptop. */
export const SIZES = [
  { width: 375, height: 667 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;

/** What the screens mean to look like where a general rule of the layout check would object. */
const DELIBERATE: Deliberate = {
  // A paper's annotation in the cabinet is cut to four lines; its preview shows it whole.
  truncations: ['[data-testid="paper-card"] h3 + p'],
};

export interface Screen {
  /** The baselines' name: `<name>-<width>.png`. */
  name: string;
  path: string;
  /** Visible once the screen has loaded. */
  ready: (page: Page) => Locator;
  /** Before the first visit (e.g. what the session storage holds). */
  before?: (page: Page) => Promise<unknown>;
  /** After every visit, before the screenshot (e.g. a sort order that other tests cannot change). */
  settle?: (page: Page) => Promise<void>;
}

/** The whole page, compared with its baseline `name`: the viewport is made as tall as the page for
 * the screenshot (Chromium's own full-page capture resizes the window to 1×1 and back on a loaded
 * machine, and the page lays itself out again in the middle of it), then given back its size. */
async function expectWholePage(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await expect.soft(page, `${name} at ${size.width} px`).toHaveScreenshot(`${name}-${size.width}.png`);
  await page.setViewportSize(size);
}

/** Opens the screen at each size, compares it with its baselines and checks its layout; every
 * difference and problem of every size is reported at once. */
export async function checkScreen(page: Page, screen: Screen, { scripts = true } = {}): Promise<void> {
  await screen.before?.(page);
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
    await screen.settle?.(page);
    await page.waitForLoadState('networkidle');
    await expectWholePage(page, screen.name);
    const at = (problem: string) => `${size.width} px: ${problem}`;
    problems.push(...(await layoutProblems(page, DELIBERATE)).map(at));
    await scrollToEnd(page);
    problems.push(...(await unreachableControls(page, { scripts })).map(at));
    // axe runs on timers, which a page without JavaScript does not run (its markup is the hydrated page's).
    if (scripts) await expectAccessible(page);
  }
  expect(problems, `${screen.name}: what a person would see as broken`).toEqual([]);
}

/** A dialog or a state of a page as the user sees it (the viewport, or the whole page) against its
 * baseline, with its layout checked the same way. */
export async function checkView(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const width = page.viewportSize()!.width;
  // A stable screenshot is not enough: a dialog's content comes with lazily loaded code, and a
  // loaded machine can hold a half-drawn state for two screenshots in a row.
  await settled(page);
  if (fullPage) await expectWholePage(page, name);
  else await expect.soft(page, `${name} at ${width} px`).toHaveScreenshot(`${name}-${width}.png`);
  expect(await layoutProblems(page, DELIBERATE), `${name}: what a person would see as broken at ${width} px`).toEqual([]);
  await expectAccessible(page);
}

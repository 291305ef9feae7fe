/** What a user on a phone runs into: a page wider than the screen, and controls that cannot be
 * tapped because something lies over them, they stick out of the screen or cannot be scrolled to. */
import type { Locator, Page } from '@playwright/test';

/** Every visible control of the page, hit-tested at the centre of its visible part: first those
 * pinned to the screen (as the page's current scroll position shows them), then every other one
 * scrolled to the middle of the screen (as far as the page lets it go, retrying while an endless
 * list grows under it). Returns what failed, one line each. */
export async function unreachableControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const wait = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
    const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} «${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}»`;
    const pinned = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) if (['fixed', 'sticky'].includes(getComputedStyle(e).position)) return true;
      return false;
    };
    const shown = (el: Element) => {
      if (!el.isConnected || el.closest('[inert], [aria-hidden="true"]')) return false;
      if ((el as HTMLButtonElement).disabled) return false;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Visually hidden inputs behind custom checkboxes and radios are tapped through their labels.
      return box.width >= 4 && box.height >= 4 && style.visibility !== 'hidden' && style.opacity !== '0';
    };
    /** The problem with `el` where it is now, or null. */
    const check = (el: Element): string | null => {
      const box = el.getBoundingClientRect();
      if (box.left < -1 || box.right > innerWidth + 1)
        return `${describe(el)} is cut off: ${Math.round(box.left)}..${Math.round(box.right)} of ${innerWidth} px`;
      // A control taller than the screen (a scrolling list) only has to be on it.
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, innerHeight);
      if (bottom - top < Math.min(box.height, innerHeight) - 1)
        return `${describe(el)} cannot be scrolled into view: ${Math.round(box.top)}..${Math.round(box.bottom)} of ${innerHeight} px`;
      const hit = document.elementFromPoint(box.left + box.width / 2, (top + bottom) / 2);
      if (hit && (el === hit || el.contains(hit) || (el as HTMLInputElement).labels?.[0]?.contains(hit))) return null;
      return `${describe(el)} is covered by ${hit ? describe(hit) : 'nothing'}`;
    };
    const selector = 'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="tab"], [tabindex="0"]';
    const controls = [...document.querySelectorAll(selector)].filter(shown);
    const problems: string[] = [];
    for (const el of controls.filter(pinned)) {
      const box = el.getBoundingClientRect();
      if (box.bottom > 0 && box.top < innerHeight) {
        const problem = check(el);
        if (problem) problems.push(`${problem} (pinned)`);
      }
    }
    for (const el of controls.filter((c) => !pinned(c))) {
      let problem: string | null = null;
      for (let attempt = 0; attempt < 10; attempt++) {
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        await frame();
        // Gone with the scroll (a copy that shows only while its original is out of view).
        if (!shown(el)) break;
        problem = check(el);
        if (!problem?.includes('cannot be scrolled')) break;
        await wait(300);
      }
      if (problem && shown(el)) problems.push(problem);
    }
    return problems;
  });
}

/** The page is no wider than the screen (nothing cut off at the right, no sideways scrolling). */
export async function overflowWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth }));
}

/** To the very end of the page, once its height has settled (previews render page by page, and a
 * panel pinned to the bottom reserves its height at the end of the page once it appears). */
export async function scrollToEnd(page: Page): Promise<void> {
  const end = () =>
    page.evaluate(() => {
      const height = document.scrollingElement!.scrollHeight;
      const atEnd = Math.ceil(scrollY + innerHeight) >= height;
      window.scrollTo({ top: height, behavior: 'instant' });
      return { atEnd, height };
    });
  let last = { atEnd: false, height: -1 };
  for (let attempt = 0; attempt < 50; attempt++) {
    const now = await end();
    if (now.atEnd && last.atEnd && now.height === last.height) return;
    last = now;
    await page.waitForTimeout(300);
  }
  throw new Error('the page never settled at its end');
}

/** The control's centre is on screen and a tap there reaches it (nothing lies over it). */
export async function isTappable(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

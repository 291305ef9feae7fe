/** What a user on a phone runs into: a page wider than the screen, and controls that cannot be
 * tapped because something lies over them, they stick out of the screen or cannot be scrolled to. */
import type { Locator, Page } from '@playwright/test';

/** Every visible control of the page, hit-tested at the centre of its visible part: first those
 * pinned to the screen (as the page's current scroll position shows them), then every other one
 * scrolled to the middle of the screen (as far as the page lets it go, retrying while an endless
 * list grows under it). Returns what failed, one line each. Without scripts (a page opened with
 * JavaScript disabled runs neither timers nor frames) nothing on the page moves by itself: nothing
 * is waited for. */
export async function unreachableControls(page: Page, { scripts = true } = {}): Promise<string[]> {
  return page.evaluate(async (scripts) => {
    const wait = (ms: number) => (scripts ? new Promise((ok) => setTimeout(ok, ms)) : Promise.resolve());
    const frame = () => (scripts ? new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))) : Promise.resolve());
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
  }, scripts);
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

/** An icon (svg or img) drawn larger than this is a sizing bug, unless it is a deliberate illustration. */
const MAX_ICON_PX = 96;

/** What a screen means to look like, where a general rule would call it broken: CSS selectors. */
export interface Deliberate {
  /** Pictures meant to be larger than an icon. */
  illustrations?: string[];
  /** Text cut off on purpose (a line clamp) whose whole is a tap away. */
  truncations?: string[];
}

/** What a person would see as broken on the page as it is now, one line each: a page wider than
 * the screen, an icon drawn larger than MAX_ICON_PX, text cut off (clipped by a container that
 * hides its overflow, truncated by an ellipsis or a line clamp, or beyond the screen's edge).
 * Text of inert parts (a carousel's off-screen cards), visually hidden text for screen readers and
 * text scrolled out of view inside a scrolling box are not looked at. */
export async function layoutProblems(page: Page, deliberate: Deliberate = {}): Promise<string[]> {
  return page.evaluate(
    ({ maxIcon, illustrations, truncations }) => {
      const problems: string[] = [];
      const describe = (el: Element) => {
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
        const cls = typeof el.className === 'string' ? el.className.split(' ').find((c) => c && !c.startsWith('css-')) : undefined;
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${text ? ` «${text}»` : ''}`;
      };
      // Drawn: not hidden, and not inside a closed <details> (whose content is laid out, not painted).
      const rendered = (el: Element) => el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });

      const { scrollWidth } = document.scrollingElement!;
      if (scrollWidth > innerWidth) problems.push(`the page is ${scrollWidth} px wide on a ${innerWidth} px screen`);

      for (const el of document.querySelectorAll('svg, img')) {
        if (el.parentElement?.closest('svg') || !rendered(el) || illustrations.some((s) => el.matches(s))) continue;
        const box = el.getBoundingClientRect();
        if (box.width > maxIcon || box.height > maxIcon)
          problems.push(`${describe(el.parentElement ?? el)}: an icon drawn at ${Math.round(box.width)}×${Math.round(box.height)} px`);
      }

      type Box = { left: number; right: number; top: number; bottom: number };
      /** The element's padding box: what it shows of its content. */
      const inside = (el: Element): Box => {
        const box = el.getBoundingClientRect();
        const left = box.left + el.clientLeft;
        const top = box.top + el.clientTop;
        return { left, right: left + el.clientWidth, top, bottom: top + el.clientHeight };
      };
      const beyond = (a: Box, b: Box, x: boolean, y: boolean) =>
        (x && (a.left < b.left - 1 || a.right > b.right + 1)) || (y && (a.top < b.top - 1 || a.bottom > b.bottom + 1));
      const clips = (v: string) => v === 'hidden' || v === 'clip';
      const scrolls = (v: string) => v === 'auto' || v === 'scroll';

      /** Why the text of `node` is cut off, and by which element; null when it is whole. */
      const cutOff = (node: Text): [string, Element] | null => {
        const range = document.createRange();
        range.selectNodeContents(node);
        let text: Box = range.getBoundingClientRect();
        if (text.right - text.left === 0 || text.bottom - text.top === 0) return null;
        for (let el: Element | null = node.parentElement; el && el !== document.documentElement; el = el.parentElement) {
          const style = getComputedStyle(el);
          // Visually hidden text for screen readers is deliberate.
          if (el.clientWidth <= 1 || el.clientHeight <= 1 || style.clip === 'rect(0px, 0px, 0px, 0px)') return null;
          const clamped =
            (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) ||
            (style.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1);
          if (clamped) return truncations.some((s) => el.matches(s)) ? null : ['is cut off with an ellipsis', el];
          const box = inside(el);
          const [x, y] = [style.overflowX, style.overflowY];
          if (beyond(text, box, clips(x), clips(y))) return ['is clipped by its container', el];
          if (scrolls(x) || scrolls(y)) {
            // What is scrolled out of a scrolling box is a scroll away: only its part in view counts further out.
            text = {
              left: Math.max(text.left, box.left),
              right: Math.min(text.right, box.right),
              top: Math.max(text.top, box.top),
              bottom: Math.min(text.bottom, box.bottom),
            };
            if (text.left >= text.right || text.top >= text.bottom) return null;
          }
          // Nothing around a fixed element clips it.
          if (style.position === 'fixed') return null;
        }
        return text.left < -1 || text.right > innerWidth + 1 ? ['runs off the screen', node.parentElement!] : null;
      };

      const reported = new Set<Element>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || !rendered(parent) || parent.closest('[inert], script, style')) continue;
        const found = cutOff(node);
        if (!found || reported.has(found[1])) continue;
        reported.add(found[1]);
        problems.push(`text «${node.textContent.trim().replace(/\s+/g, ' ').slice(0, 50)}» ${found[0]} (${describe(found[1])})`);
      }
      return problems;
    },
    { maxIcon: MAX_ICON_PX, illustrations: deliberate.illustrations ?? [], truncations: deliberate.truncations ?? [] },
  );
}

import { useEffect, useState } from 'react';

export interface StuckFrame {
  /** The block has scrolled above the top of the viewport (under the sticky header). */
  stuck: boolean;
  left: number;
  width: number;
  /** Bottom edge of the site header: where a copy pinned to the top starts. */
  top: number;
  /** Top edge of the site footer in the viewport (Infinity without one): a pinned copy stays
   * above it, so that the footer's links are never under the copy. */
  footerTop: number;
}

/** Follows an element's position so that a fixed copy of it can appear, as wide as it, once the
 * element has scrolled out of view above. */
export function useStuckFrame(element: HTMLElement | null): StuckFrame {
  const [frame, setFrame] = useState<StuckFrame>({ stuck: false, left: 0, width: 0, top: 0, footerTop: Infinity });

  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const top = Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
      const footerTop = document.querySelector('footer')?.getBoundingClientRect().top ?? Infinity;
      const next = { stuck: rect.height > 0 && rect.bottom < top, left: rect.left, width: rect.width, top, footerTop };
      setFrame((f) =>
        f.stuck === next.stuck && f.left === next.left && f.width === next.width && f.top === next.top && f.footerTop === next.footerTop
          ? f
          : next,
      );
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    // The page growing under a still scroll position (pages of the preview rendering) moves the footer.
    resize.observe(document.body);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      resize.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [element]);

  return frame;
}

import { useCallback, useState } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/** The content size of an element, following resizes (a callback ref to attach). */
export function useElementSize<T extends HTMLElement>(): [ElementSize, (node: T | null) => void] {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  const ref = useCallback((node: T | null) => {
    if (!node) return;
    const measure = () =>
      setSize((s) =>
        s.width === node.clientWidth && s.height === node.offsetHeight ? s : { width: node.clientWidth, height: node.offsetHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    // React 19 runs a callback ref's returned function when the node goes away.
    return () => observer.disconnect();
  }, []);
  return [size, ref];
}

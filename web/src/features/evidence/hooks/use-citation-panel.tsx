/** The citations of a PDF's pages and the panel they open: `overlay` for the PDF viewer (undefined
 * while there is no report to show), `panel` to render once beside it. */
import type { EvidenceEntry } from '@app/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CitationLayer, type PageTextLayer } from '../components/citation-layer';
import { CitationPanel } from '../components/citation-panel';

const NONE: EvidenceEntry[] = [];

export function useCitationPanel(entries: EvidenceEntry[] | undefined) {
  const list = entries ?? NONE;
  const [entry, setEntry] = useState<EvidenceEntry | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const open = useCallback((chosen: EvidenceEntry, from: HTMLElement) => {
    trigger.current = from;
    setEntry(chosen);
  }, []);
  const overlay = useMemo(
    () => (list.length ? (layer: PageTextLayer) => <CitationLayer layer={layer} entries={list} onOpen={open} /> : undefined),
    [list, open],
  );
  const panel = (
    <CitationPanel
      entry={entry}
      entries={list}
      onShow={setEntry}
      onClose={() => setEntry(null)}
      returnFocus={() => (trigger.current?.isConnected ? trigger.current : null)}
    />
  );
  return { overlay, panel };
}

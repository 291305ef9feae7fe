/** Over one page of the PDF: a button on each citation the report explains (an in-text reference's
 * work, a footnote's number, a footnote's text at the page's foot), in reading order, so that it can
 * be clicked, tapped or reached with Tab. Found in the page's text layer (citations.ts), matched to
 * the report's entries by the page and the reference. */
import { Box, chakra } from '@chakra-ui/react';
import type { EvidenceEntry } from '@app/contract';
import { useLayoutEffect, useState } from 'react';
import { findCitations, footnoteReading, matchCitations, type FoundCitation } from '../citations';
import { around, boxesOf, readTextLayer, type PageBox } from '../text-layer';

/** What the PDF viewer gives an overlay (papers' PdfPageLayer). */
export interface PageTextLayer {
  pageNumber: number;
  page: HTMLElement;
  textLayer: HTMLElement;
  drawn: number;
}

interface Hit {
  key: string;
  entry: EvidenceEntry;
  label: string;
  boxes: PageBox[];
  /** A line of text (a reference, a raised number) is made a little taller to be easier to hit; a footnote's block is not. */
  pad: boolean;
}

function labelOf(found: FoundCitation): string {
  if (found.kind === 'reference') return `Ссылка ${found.label}: фрагмент источника`;
  if (found.kind === 'mark') return `Сноска ${found.footnote}: фрагмент источника`;
  return `Текст сноски ${found.footnote}: фрагмент источника`;
}

function hitsOf(layer: PageTextLayer, entries: EvidenceEntry[]): Hit[] {
  const text = readTextLayer(layer.textLayer);
  const found = findCitations(text.runs, footnoteReading(layer.pageNumber, entries));
  const matched = matchCitations(found, layer.pageNumber, entries);
  const hits: Hit[] = [];
  found.forEach((f, i) => {
    const entry = matched[i];
    if (!entry) return;
    const boxes = boxesOf(text, f.start, f.kind === 'note' ? f.blockEnd : f.end, layer.page);
    if (!boxes.length) return;
    const note = f.kind === 'note';
    hits.push({ key: `${f.kind}-${f.start}`, entry, label: labelOf(f), boxes: note ? around(boxes) : boxes, pad: !note });
  });
  return hits;
}

const Target = chakra('button', {
  base: {
    position: 'absolute',
    pointerEvents: 'auto',
    cursor: 'pointer',
    bg: 'rgba(37, 99, 235, 0.12)',
    borderBottom: '1px dashed rgba(37, 99, 235, 0.7)',
    borderRadius: '2px',
    _hover: { bg: 'rgba(37, 99, 235, 0.25)' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px', bg: 'rgba(37, 99, 235, 0.25)' },
  },
});

interface Props {
  layer: PageTextLayer;
  entries: EvidenceEntry[];
  onOpen: (entry: EvidenceEntry, trigger: HTMLElement) => void;
}

export function CitationLayer({ layer, entries, onOpen }: Props) {
  const [hits, setHits] = useState<Hit[]>([]);
  // Measured once the text layer is laid out, again whenever it is drawn again (another width).
  useLayoutEffect(() => {
    setHits(entries.length ? hitsOf(layer, entries) : []);
  }, [layer, entries]);
  if (!hits.length) return null;
  return (
    <Box position="absolute" inset="0" zIndex="2" pointerEvents="none" data-testid="citation-layer">
      {hits.map((hit) =>
        hit.boxes.map((box, i) => {
          const pad = hit.pad ? 2 : 0;
          const place = {
            left: `${box.left}%`,
            top: `calc(${box.top}% - ${pad}px)`,
            width: `${box.width}%`,
            height: `calc(${box.height}% + ${2 * pad}px)`,
          };
          // One button per citation; the rest of a citation broken over two lines is clicked, not tabbed to.
          return i === 0 ? (
            <Target
              key={`${hit.key}-${i}`}
              type="button"
              aria-label={hit.label}
              aria-haspopup="dialog"
              data-testid="citation"
              data-entry={hit.entry.n}
              data-key={hit.key}
              style={place}
              onClick={(e) => onOpen(hit.entry, e.currentTarget)}
            />
          ) : (
            <Target
              as="span"
              key={`${hit.key}-${i}`}
              aria-hidden="true"
              style={place}
              onClick={(e) =>
                onOpen(hit.entry, e.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-key="${hit.key}"]`) ?? e.currentTarget)
              }
            />
          );
        }),
      )}
    </Box>
  );
}

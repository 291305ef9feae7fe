/** The side panel (a bottom sheet under 560 px) with one citation's entry of «Отчёт об источниках»:
 * a dialog titled by the citation, closed by Escape, the cross, «Закрыть» or a click outside, after
 * which the focus goes back to the citation it was opened from. The report's previous and next
 * citations are a button away. */
import { Button, CloseButton, Drawer, HStack, Portal } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { EvidenceEntry } from '@app/contract';
import { NARROW_MENU } from '@/components/media';
import { useMediaQuery } from '@/lib/use-media-query';
import { citationTitle, EntryDetails } from './entry-details';

interface Props {
  /** The citation shown; null: the panel is closed. */
  entry: EvidenceEntry | null;
  entries: EvidenceEntry[];
  onShow: (entry: EvidenceEntry) => void;
  onClose: () => void;
  /** Where the focus goes back to on closing (the citation clicked). */
  returnFocus: () => HTMLElement | null;
}

export function CitationPanel({ entry, entries, onShow, onClose, returnFocus }: Props) {
  // Under 560 px (where the side menu takes over from the header's links): a bottom sheet.
  const narrow = useMediaQuery(NARROW_MENU);
  // The panel itself takes the focus on opening (a screen reader reads its title), not its first control.
  const content = useRef<HTMLDivElement>(null);
  // The last citation stays in the panel while it closes.
  const [shown, setShown] = useState(entry);
  if (entry && entry !== shown) setShown(entry);
  const at = entry ? entries.indexOf(entry) : -1;
  const previous = at > 0 ? entries[at - 1] : null;
  const next = at >= 0 && at < entries.length - 1 ? entries[at + 1] : null;
  return (
    <Drawer.Root
      open={entry !== null}
      onOpenChange={(e) => !e.open && onClose()}
      placement={narrow ? 'bottom' : 'end'}
      size="md"
      initialFocusEl={() => content.current}
      finalFocusEl={returnFocus}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content ref={content} data-testid="citation-panel" {...(narrow ? { maxH: '85dvh', borderTopRadius: 'xl' } : {})}>
            {shown ? (
              <>
                <Drawer.Header pe="12">
                  <Drawer.Title>{citationTitle(shown)}</Drawer.Title>
                </Drawer.Header>
                {/* Scrolls on a small screen: reachable from the keyboard. */}
                <Drawer.Body tabIndex={0} role="region" aria-label="Запись отчёта об источниках">
                  <EntryDetails entry={shown} />
                </Drawer.Body>
                <Drawer.Footer justifyContent="space-between" flexWrap="wrap" gap="2">
                  <HStack gap="2" role="group" aria-label="Другие ссылки отчёта">
                    <Button size="sm" variant="outline" disabled={!previous} onClick={() => previous && onShow(previous)}>
                      Предыдущая
                    </Button>
                    <Button size="sm" variant="outline" disabled={!next} onClick={() => next && onShow(next)}>
                      Следующая
                    </Button>
                  </HStack>
                  <Button size="sm" colorPalette="blue" onClick={onClose}>
                    Закрыть
                  </Button>
                </Drawer.Footer>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Закрыть" />
                </Drawer.CloseTrigger>
              </>
            ) : null}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

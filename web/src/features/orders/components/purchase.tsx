/** The purchase panel with its sticky copy (filters hidden), which appears once the panel has
 * scrolled above the top and is exactly as wide: pinned under the header on wide screens, to the
 * bottom on narrow ones. The copy never covers the site footer: once the footer scrolls into view
 * the copy rides on top of it (as `position: sticky` would), so the footer's links stay tappable
 * and the copy stays in reach. */
import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { BOTTOM_BAR_LIFT_VAR, BOTTOM_BAR_VAR } from '@/components/scroll-to-top-button';
import { useElementSize } from '@/lib/use-element-size';
import { useMediaQuery } from '@/lib/use-media-query';
import { useStuckFrame } from '../hooks/use-stuck-frame';
import { PendingPaymentDialog } from './pending-payment-dialog';
import { PurchasePanel, usePurchasePanel, type PurchaseTarget } from './purchase-panel';

/** The panel's own pay button (not its sticky copy's), for a link that takes the user to it. */
export const PAY_BUTTON_ID = 'buy-pay';

export function Purchase({ target, wideQuery }: { target: PurchaseTarget; wideQuery: string }) {
  const state = usePurchasePanel(target);
  const [main, setMain] = useState<HTMLDivElement | null>(null);
  const frame = useStuckFrame(main);
  const wide = useMediaQuery(wideQuery);
  const [sticky, stickyRef] = useElementSize<HTMLDivElement>();
  const bottomBar = frame.stuck && !wide ? sticky.height : 0;
  // How far the footer has come up into the viewport: the copy pinned to the bottom stands on it.
  const lift = frame.stuck && !wide ? Math.max(0, Math.round(window.innerHeight - frame.footerTop)) : 0;
  // Pinned to the top: pushed up by the footer rather than lying over it.
  const top = Math.min(frame.top + 12, frame.footerTop - sticky.height - 12);

  // The page keeps room for the copy at its end; floating buttons (scroll to top) keep clear of it.
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty(BOTTOM_BAR_VAR, `${bottomBar}px`);
    root.setProperty(BOTTOM_BAR_LIFT_VAR, `${lift}px`);
    return () => {
      root.removeProperty(BOTTOM_BAR_VAR);
      root.removeProperty(BOTTOM_BAR_LIFT_VAR);
    };
  }, [bottomBar, lift]);

  return (
    <>
      <Box ref={setMain} data-testid="purchase-panel">
        <PurchasePanel state={state} idPrefix="buy" />
      </Box>
      {frame.stuck ? (
        <Box
          ref={stickyRef}
          position="fixed"
          zIndex="docked"
          left={`${frame.left}px`}
          width={`${frame.width}px`}
          {...(wide ? { top: `${top}px` } : { bottom: `${lift}px` })}
          bg="white"
          borderWidth="1px"
          borderRadius={wide || lift > 0 ? 'lg' : 'lg lg 0 0'}
          shadow="lg"
          p="4"
          data-testid="sticky-purchase"
        >
          <PurchasePanel state={state} hideFilters idPrefix="sticky" />
        </Box>
      ) : null}
      <PendingPaymentDialog data={state.purchase.pending} onClose={state.purchase.closePending} />
    </>
  );
}

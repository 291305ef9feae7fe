/** The purchase panel with its sticky copy (filters hidden), which appears once the panel has
 * scrolled above the top and is exactly as wide: pinned under the header on wide screens, to the
 * bottom on narrow ones. */
import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { BOTTOM_BAR_VAR } from '@/components/scroll-to-top-button';
import { useElementSize } from '@/lib/use-element-size';
import { useMediaQuery } from '@/lib/use-media-query';
import { useStuckFrame } from '../hooks/use-stuck-frame';
import { PendingPaymentDialog } from './pending-payment-dialog';
import { PurchasePanel, usePurchasePanel, type PurchaseTarget } from './purchase-panel';

export function Purchase({ target, wideQuery }: { target: PurchaseTarget; wideQuery: string }) {
  const state = usePurchasePanel(target);
  const [main, setMain] = useState<HTMLDivElement | null>(null);
  const frame = useStuckFrame(main);
  const wide = useMediaQuery(wideQuery);
  const [sticky, stickyRef] = useElementSize<HTMLDivElement>();
  const bottomBar = frame.stuck && !wide ? sticky.height : 0;

  // Floating buttons (scroll to top) keep clear of the copy pinned to the bottom.
  useEffect(() => {
    document.documentElement.style.setProperty(BOTTOM_BAR_VAR, `${bottomBar}px`);
    return () => {
      document.documentElement.style.removeProperty(BOTTOM_BAR_VAR);
    };
  }, [bottomBar]);

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
          {...(wide ? { top: `${frame.top + 12}px` } : { bottom: '0' })}
          bg="white"
          borderWidth="1px"
          borderRadius={wide ? 'lg' : 'lg lg 0 0'}
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

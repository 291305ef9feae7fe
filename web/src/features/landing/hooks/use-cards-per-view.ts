import { useMediaQuery } from '@/lib/use-media-query';
import { BREAKPOINTS } from '@/config/ui';

/** Cards the carousel shows: 1 under 1000 px, 2 under 1400 px, otherwise 3. */
export function useCardsPerView(): number {
  const two = useMediaQuery(`(min-width: ${BREAKPOINTS.carouselOne}px)`);
  const three = useMediaQuery(`(min-width: ${BREAKPOINTS.carouselTwo}px)`);
  return three ? 3 : two ? 2 : 1;
}

import { BREAKPOINTS } from '@/config/ui';

/** Media queries for the side-menu breakpoint (560 px), which Chakra's scale does not have. */
export const NARROW_MENU = `(max-width: ${BREAKPOINTS.sideMenu - 0.02}px)`;
export const WIDE_MENU = `(min-width: ${BREAKPOINTS.sideMenu}px)`;

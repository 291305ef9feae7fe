/** Constants only the interface uses (timings, breakpoints, list sizes); what the API and the web
 * share (prices, limits, messages) stays in @app/contract. */

export const TIMINGS = {
  resendCountdownSeconds: 60,
  paymentCancelSuccessDelayMs: 1500,
  countdownTickMs: 1000,
  priceAnimationMs: 800,
  carouselAnimationMs: 500,
} as const;

export const BREAKPOINTS = {
  sideMenu: 560,
  carouselOne: 1000,
  carouselTwo: 1400,
  narrow: 480,
  others: [480, 899, 900, 1100],
  scrollToTopPx: 300,
} as const;

/** The reviews page: skeleton cards while loading, and how much of the sentinel must show to load more. */
export const REVIEW_LIST = { skeletons: 8, scrollThreshold: 0.1 } as const;

/** The cabinet's pagination: pages shown around the current one, and the «…» jump. */
export const PAGINATION = { window: 6, windowNarrow: 3, jump: 5 } as const;

/** A promo code is looked up from this many characters, this long after the last keystroke. */
export const PROMO_LOOKUP = { from: 4, debounceMs: 500 } as const;

/** The order form asks how many sources a topic has this long after the last change of the topic
 * or the year (each ask searches outside databases, and the API limits them per user). */
export const SOURCES_ESTIMATE = { debounceMs: 800, staleMs: 10 * 60_000 } as const;

/** The test object of every spec: loopback-only network, and the cookie notice accepted unless a
 * test asks to see it. */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ showCookieNotice: boolean }>({
  showCookieNotice: [false, { option: true }],
  context: async ({ context, showCookieNotice }, use) => {
    await context.route(
      (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
      (route) => route.abort('blockedbyclient'),
    );
    if (!showCookieNotice) await context.addInitScript(() => sessionStorage.setItem('cookie_accepted', 'true'));
    await use(context);
  },
});

export { expect };

/** The test object of every spec: loopback-only network, the cookie notice accepted unless a
 * test asks to see it, and no Content Security Policy violation (a test during which any
 * occurred fails). */
import { test as base, expect, type BrowserContext } from '@playwright/test';

declare global {
  interface Window {
    __reportCspViolation?: (text: string) => Promise<void>;
  }
}

const CSP_MESSAGE = /Content[ -]Security[ -]Policy/i;

/** Records the Content Security Policy violations of every page of the context: the
 * `securitypolicyviolation` events of its documents and the browser's console messages about the
 * policy (those of workers included). Returns the live list. */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
      void window.__reportCspViolation?.(`${e.effectiveDirective} blocked ${e.blockedURI}${where}${e.sample ? ` (${e.sample})` : ''}`);
    });
  });
  context.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text()))
      violations.push(`${message.page()?.url() ?? 'a worker'}: console ${message.type()}: ${message.text()}`);
  });
  return violations;
}

export const test = base.extend<{ showCookieNotice: boolean }>({
  showCookieNotice: [false, { option: true }],
  context: async ({ context, showCookieNotice }, use) => {
    await context.route(
      (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
      (route) => route.abort('blockedbyclient'),
    );
    if (!showCookieNotice) await context.addInitScript(() => sessionStorage.setItem('cookie_accepted', 'true'));
    const violations = await recordCspViolations(context);
    await use(context);
    expect(violations, 'Content Security Policy violations').toEqual([]);
  },
});

export { expect };

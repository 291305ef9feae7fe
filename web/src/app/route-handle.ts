/** The public pages rendered to HTML at build time (src/entry-server.tsx) and served as such by the
 * API: they show at once, as to a guest, before the session is known. */
export const PRERENDERED_PATHS = ['/', '/reviews', '/terms', '/privacy'] as const;

export function isPrerendered(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PRERENDERED_PATHS as readonly string[]).includes(path);
}

import { useEffect } from 'react';
import { env } from '@/config/env';

/** Sets the tab title of a page. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — ${env.appName}`;
  }, [title]);
}

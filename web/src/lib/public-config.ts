/** Public settings from the API (support e-mail, legal entity, Telegram bot); fetched once. The API
 * client is loaded with the request, not with the page: the pre-rendered pages need only this. */
import type { PublicConfig } from '@app/contract';
import { useQuery } from '@tanstack/react-query';

async function fetchPublicConfig(): Promise<PublicConfig | null> {
  const { tsr } = await import('./api-client');
  const response = await tsr.system.config.query();
  return response.status === 200 ? response.body : null;
}

export function usePublicConfig(): PublicConfig | null {
  const query = useQuery({ queryKey: ['config'], queryFn: fetchPublicConfig, staleTime: Infinity });
  return query.data ?? null;
}

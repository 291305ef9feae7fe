/** Public settings from the API (support e-mail, legal entity, Telegram bot); fetched once. */
import { tsr } from './api-client';

export function usePublicConfig() {
  const query = tsr.system.config.useQuery({ queryKey: ['config'], staleTime: Infinity });
  return query.data?.body ?? null;
}

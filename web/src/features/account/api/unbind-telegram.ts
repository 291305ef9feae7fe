import { tsr } from '@/lib/api-client';

export const useUnbindTelegramMutation = () => tsr.telegram.unbind.useMutation();

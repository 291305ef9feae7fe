import { tsr } from '@/lib/api-client';

export const useRecoveryUpdateMutation = () => tsr.passwordRecovery.update.useMutation();

import { tsr } from '@/lib/api-client';

export const useRecoveryRequestMutation = () => tsr.passwordRecovery.request.useMutation();

import { tsr } from '@/lib/api-client';

export const useRecoveryVerifyMutation = () => tsr.passwordRecovery.verifyCode.useMutation();

import { tsr } from '@/lib/api-client';

export const useRecoveryResendMutation = () => tsr.passwordRecovery.resend.useMutation();

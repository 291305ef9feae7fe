import { tsr } from '@/lib/api-client';

export const useResendVerificationMutation = () => tsr.registration.resendVerificationEmail.useMutation();

import { tsr } from '@/lib/api-client';

export const useVerifyEmailMutation = () => tsr.registration.verifyEmail.useMutation();

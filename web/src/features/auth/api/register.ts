import { tsr } from '@/lib/api-client';

export const useRegisterMutation = () => tsr.registration.register.useMutation();

import { tsr } from '@/lib/api-client';

export const useLoginMutation = () => tsr.auth.login.useMutation();

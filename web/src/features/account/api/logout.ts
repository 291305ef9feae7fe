import { tsr } from '@/lib/api-client';

export const useLogoutMutation = () => tsr.auth.logout.useMutation();

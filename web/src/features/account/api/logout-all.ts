import { tsr } from '@/lib/api-client';

export const useLogoutAllMutation = () => tsr.auth.logoutAll.useMutation();

import { tsr } from '@/lib/api-client';

export const useChangePasswordMutation = () => tsr.users.changePassword.useMutation();

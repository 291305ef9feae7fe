import { tsr } from '@/lib/api-client';

export const useDeleteAccountMutation = () => tsr.users.delete.useMutation();

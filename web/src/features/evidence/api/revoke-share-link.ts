import { tsr } from '@/lib/api-client';

/** Revokes a link at once. */
export const useRevokeShareLinkMutation = () => tsr.shares.revoke.useMutation();

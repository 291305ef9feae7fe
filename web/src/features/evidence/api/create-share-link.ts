import { tsr } from '@/lib/api-client';

/** A new read-only link for a supervisor; its address comes back once. */
export const useCreateShareLinkMutation = () => tsr.shares.create.useMutation();

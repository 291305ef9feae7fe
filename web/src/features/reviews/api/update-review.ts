import { tsr } from '@/lib/api-client';

export const useUpdateReviewMutation = () => tsr.review.update.useMutation();

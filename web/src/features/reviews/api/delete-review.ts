import { tsr } from '@/lib/api-client';

export const useDeleteReviewMutation = () => tsr.review.delete.useMutation();

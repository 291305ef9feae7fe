import { tsr } from '@/lib/api-client';

export const useCreateReviewMutation = () => tsr.review.create.useMutation();

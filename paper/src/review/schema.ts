import { z } from 'zod';

export const ReviewSchema = z.object({
  remarks: z.array(z.object({ subsection: z.string(), remark: z.string() })),
});
export type Review = z.infer<typeof ReviewSchema>;

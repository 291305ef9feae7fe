import { tsr } from '@/lib/api-client';

/** GET users/has_active_generation: 200 active, 202 pending payment, 400 none. */
export const getGenerationStatus = () => tsr.generation.hasActiveGeneration.query();

import { useMutation } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

/** Asks for a one-time start token; a GET, but run on a click, so it is a mutation here. */
export const useBindTelegramMutation = () =>
  useMutation({
    mutationFn: async () => {
      const response = await tsr.telegram.bind.query();
      if (response.status !== 200) throw response;
      return response.body.data;
    },
  });

/** Typed API hooks generated from the contract. Every call sends cookies; a 401 from any call other
 * than the login itself means the session is gone, so the client forgets the user at once. */
import { contract } from '@app/contract';
import { tsRestFetchApi } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { env } from '@/config/env';
import { queryClient } from './query-client';
import { SESSION_KEY, signOutLocally } from './session-store';

const LOGIN_PATH = contract.auth.login.path;

export const tsr = initTsrReactQuery(contract, {
  baseUrl: env.apiUrl,
  baseHeaders: {},
  credentials: 'include',
  api: async (args) => {
    const response = await tsRestFetchApi(args);
    if (response.status === 401 && args.route.path !== LOGIN_PATH && queryClient.getQueryData(SESSION_KEY)) {
      signOutLocally(queryClient);
    }
    return response;
  },
});

/** HTTP for accounts: registration, auth, users and password recovery. Thin: parse, call, answer. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { clearCookie, COOKIE, readCookie, setCookie, type CookieReply } from '../../http/cookies.ts';
import { errorBody } from '../../errors.ts';
import { sessionOf, sessionProfileOf } from '../../http/context.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deleteAccount, profileOf, type EraseUserData } from './account.ts';
import { login, logout, logoutAll } from './auth.ts';
import { changePassword, completeRecovery, requestRecovery, verifyRecoveryCode } from './password.ts';
import { register, REGISTRATION_TTL_SECONDS, resendVerification, verifyEmail, type AccountDeps } from './registration.ts';

const s = initServer();
const ok = { status: 200 as const, body: { ok: true as const } };

export function accountRouters(config: Config, mailer: Mailer, storage: Storage, eraseUserData: EraseUserData) {
  const deps = (request: FastifyRequest): AccountDeps => ({ em: request.em, config, mailer });
  const codeCookieAge = config.codes.ttlMinutes * 60;
  // A registration's flow lives as long as the registration: its code can be re-sent meanwhile.
  const registrationCookieAge = REGISTRATION_TTL_SECONDS;
  const startSession = (reply: CookieReply, token: string) =>
    setCookie(reply, config, COOKIE.session, token, config.sessionTtlDays * 86_400);
  const endSession = (reply: CookieReply) => clearCookie(reply, config, COOKIE.session);

  const registration = s.router(contract.registration, {
    register: async ({ body, request, reply }) => {
      const token = await register(deps(request), { ...body, ip: request.ip });
      setCookie(reply, config, COOKIE.verification, token, registrationCookieAge);
      return { status: 201, body: { ok: true, data: { verification_token: token } } };
    },
    resendVerificationEmail: async ({ body, request, reply }) => {
      const token = await resendVerification(deps(request), { email: body.email, flowToken: readCookie(request, COOKIE.verification) });
      setCookie(reply, config, COOKIE.verification, token, registrationCookieAge);
      return { status: 200, body: { ok: true, data: { verification_token: token } } };
    },
    verifyEmail: async ({ body, request, reply }) => {
      await verifyEmail(deps(request), { flowToken: readCookie(request, COOKIE.verification), code: body.code });
      clearCookie(reply, config, COOKIE.verification);
      return ok;
    },
  });

  const auth = s.router(contract.auth, {
    login: async ({ body, request, reply }) => {
      const result = await login(deps(request), {
        usernameOrEmail: body.username_or_email,
        password: body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (result.kind === 'unverified') {
        setCookie(reply, config, COOKIE.verification, result.flowToken, registrationCookieAge);
        return {
          status: 403,
          body: { ...errorBody('email_not_verified'), data: { email: result.email, verification_token: result.flowToken } },
        };
      }
      startSession(reply, result.token);
      return ok;
    },
    logout: async ({ request, reply }) => {
      await logout(deps(request), await sessionOf(request));
      endSession(reply);
      return ok;
    },
    logoutAll: async ({ request, reply }) => {
      await logoutAll(deps(request), await sessionOf(request));
      endSession(reply);
      return ok;
    },
  });

  const users = s.router(contract.users, {
    // The hottest authenticated request: the session and the profile in one query, no entity.
    me: async ({ request }) => ({ status: 200, body: profileOf(await sessionProfileOf(request)) }),
    changePassword: async ({ body, request, reply }) => {
      await changePassword(deps(request), await sessionOf(request), body.password);
      endSession(reply);
      return ok;
    },
    delete: async ({ request, reply }) => {
      await deleteAccount({ ...deps(request), storage, eraseUserData }, await sessionOf(request));
      endSession(reply);
      return ok;
    },
  });

  const passwordRecovery = s.router(contract.passwordRecovery, {
    request: async ({ body, request, reply }) => {
      setCookie(reply, config, COOKIE.recovery, await requestRecovery(deps(request), body.email), codeCookieAge);
      return ok;
    },
    resend: async ({ body, request, reply }) => {
      setCookie(reply, config, COOKIE.recovery, await requestRecovery(deps(request), body.email), codeCookieAge);
      return ok;
    },
    verifyCode: async ({ body, request }) => {
      await verifyRecoveryCode(deps(request), readCookie(request, COOKIE.recovery), body.code);
      return ok;
    },
    update: async ({ body, request, reply }) => {
      const { noticeError } = await completeRecovery(deps(request), readCookie(request, COOKIE.recovery), body.password);
      if (noticeError) request.log.warn({ err: noticeError }, 'the password-changed e-mail was not sent');
      clearCookie(reply, config, COOKIE.recovery);
      endSession(reply);
      return ok;
    },
  });

  return { registration, auth, users, passwordRecovery };
}

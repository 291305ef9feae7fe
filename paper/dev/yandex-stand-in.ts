/**
 * A local stand-in of Yandex AI Studio's OpenAI-compatible chat completions: it checks what the
 * real endpoint checks — `Authorization: Api-Key <key>` or `Bearer <IAM token>`, a model named by
 * its URI `gpt://<folder>/<model>` in the caller's folder (the folder header, when sent, must
 * agree) — and its quota of concurrent requests (10 by default: 429 with Retry-After beyond it).
 * Streaming, structured output and usage are the OpenAI-compatible server's (fake-llm.ts).
 */
import { startFakeLlm, type FakeLlmOptions } from './fake-llm.ts';

export interface YandexStandInOptions extends Omit<FakeLlmOptions, 'apiKey' | 'authorize'> {
  folderId: string;
  apiKey?: string;
  iamToken?: string;
}

export async function startYandexStandIn(options: YandexStandInOptions) {
  const { folderId, apiKey, iamToken, ...rest } = options;
  return startFakeLlm({
    maxConcurrent: 10,
    ...rest,
    authorize(headers, body) {
      const auth = headers.authorization ?? '';
      const known = (apiKey !== undefined && auth === `Api-Key ${apiKey}`) || (iamToken !== undefined && auth === `Bearer ${iamToken}`);
      if (!known) return { status: 401, message: 'The provided API key or IAM token is invalid' };
      const uri = /^gpt:\/\/([^/]+)\/(.+)$/.exec(String(body.model));
      if (!uri) return { status: 400, message: 'model must be a URI: gpt://<folder_id>/<model>' };
      const header = headers['openai-project'] ?? headers['x-folder-id'];
      if (header !== undefined && header !== uri[1])
        return { status: 400, message: 'the folder of the model and the folder header differ' };
      if (uri[1] !== folderId) return { status: 403, message: `Permission to [resource-manager.folder ${uri[1]}] denied` };
      return undefined;
    },
  });
}

export type YandexStandIn = Awaited<ReturnType<typeof startYandexStandIn>>;

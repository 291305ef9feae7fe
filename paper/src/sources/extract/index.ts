/**
 * Text extraction from the user's files (.txt in UTF-8 or windows-1251, .pdf, .docx), isolated in
 * a worker thread with a memory limit and a time limit, with page and character caps.
 */
import { Worker } from 'node:worker_threads';
import { PaperError } from '../../errors.ts';
import type { ZipLimits } from '../../zip.ts';
import { SOURCE_ZIP_LIMITS } from './inspect.ts';
import { sniffFile } from './sniff.ts';
export { sniffFile } from './sniff.ts';
export { UploadInspector } from './inspect.ts';
export type { SniffResult, FileKind } from './sniff.ts';

export interface ExtractLimits {
  /** Pages of a PDF (default 500). */
  maxPages?: number;
  /** Characters kept (default 1,000,000); longer texts are cut. */
  maxChars?: number;
  /** Time limit (default 30 s). */
  timeoutMs?: number;
  /** Heap of the worker (default 256 MB). */
  maxMemoryMb?: number;
  zip?: Partial<ZipLimits>;
}

export interface ExtractedText {
  /** Text; PDF pages are separated by "\f". */
  text: string;
  pages?: number;
  /** A PDF's page labels, one per page, or null when it has none. */
  pageLabels?: (string | null)[] | null;
  chars: number;
  truncated: boolean;
}

/** What the worker answers (worker.ts). */
type Reply = { ok: boolean; text?: string; pages?: number; pageLabels?: string[] | null; truncated?: boolean; reason?: string } | null;

export function extractSourceText(file: { name: string; bytes: Uint8Array }, limits: ExtractLimits = {}): Promise<ExtractedText> {
  const sniff = sniffFile(file.bytes, file.name);
  if (!sniff.ok) return Promise.reject(new PaperError('file_rejected', sniff.reason));
  const timeoutMs = limits.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: {
        kind: sniff.kind,
        bytes: file.bytes,
        maxPages: limits.maxPages ?? 500,
        maxChars: limits.maxChars ?? 1_000_000,
        zip: { ...SOURCE_ZIP_LIMITS, ...limits.zip },
      },
      // None of the process's flags: Node refuses V8 flags in a worker (the service runs with
      // --max-semi-space-size), and the limits below bound the worker's memory. (NODE_OPTIONS is not
      // read again either: no `env` is passed.)
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb ?? 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new PaperError('file_rejected', `Обработка файла «${file.name}» заняла больше ${Math.round(timeoutMs / 1000)} с`)),
        ),
      timeoutMs,
    );
    worker.on('message', (reply: Reply) => {
      // Under `node --watch` the worker also reports the modules it imports on this channel.
      if (typeof reply?.ok !== 'boolean') return;
      finish(() => {
        if (reply.ok && typeof reply.text === 'string') {
          resolve({
            text: reply.text,
            pages: reply.pages,
            pageLabels: reply.pageLabels ?? null,
            chars: reply.text.length,
            truncated: Boolean(reply.truncated),
          });
        } else {
          reject(new PaperError('file_rejected', reply.reason ?? 'Не удалось извлечь текст из файла'));
        }
      });
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          new PaperError(
            'file_rejected',
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `Файл «${file.name}» слишком сложный для обработки (превышен лимит памяти)`
              : `Не удалось обработать файл «${file.name}»`,
            { cause: error },
          ),
        ),
      ),
    );
    worker.on('exit', () => finish(() => reject(new PaperError('file_rejected', `Обработка файла «${file.name}» прервана`))));
  });
}

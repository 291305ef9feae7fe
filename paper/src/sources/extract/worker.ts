/**
 * Runs in a worker thread with its own memory limit: a hostile file can exhaust only this thread,
 * which the caller terminates. Reports { ok, text, pages, truncated } or { ok: false, reason }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { readZip } from '../../zip.ts';
import type { ZipLimits } from '../../zip.ts';

interface Job {
  kind: 'txt' | 'pdf' | 'docx';
  bytes: Uint8Array;
  maxPages: number;
  maxChars: number;
  zip: ZipLimits;
}

type Reply = { ok: true; text: string; pages?: number; pageLabels?: string[] | null; truncated: boolean } | { ok: false; reason: string };

class Rejection extends Error {}

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Not valid UTF-8: Russian texts of that kind are windows-1251.
    return new TextDecoder('windows-1251').decode(body);
  }
}

async function extractPdf(job: Job): Promise<Reply> {
  let doc;
  try {
    doc = await getDocumentProxy(new Uint8Array(job.bytes), {
      isEvalSupported: false,
      stopAtErrors: false,
      disableFontFace: true,
    } as never);
  } catch (error) {
    const name = (error as Error)?.name ?? '';
    if (/Password/i.test(name)) throw new Rejection('PDF-файл защищён паролем');
    throw new Rejection('PDF-файл повреждён и не читается');
  }
  if (doc.numPages > job.maxPages) throw new Rejection(`В PDF-файле ${doc.numPages} страниц, допускается не более ${job.maxPages}`);
  const pages: string[] = [];
  let chars = 0;
  let truncated = false;
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items as { str?: string; hasEOL?: boolean }[]) {
      if (typeof item.str !== 'string') continue;
      text += item.str + (item.hasEOL ? '\n' : '');
    }
    page.cleanup();
    if (chars + text.length > job.maxChars) {
      pages.push(text.slice(0, job.maxChars - chars));
      truncated = true;
      break;
    }
    chars += text.length;
    pages.push(text);
  }
  // The labels cover every page of the file; only those of the pages read are kept.
  const labels = await doc.getPageLabels().catch(() => null);
  await doc.loadingTask.destroy();
  const text = pages.join('\f');
  if (!text.replace(/\s+/g, ''))
    throw new Rejection('В PDF-файле нет текстового слоя (это скан или изображения): приложите файл с текстом');
  return { ok: true, text, pages: doc.numPages, pageLabels: labels ? labels.slice(0, pages.length) : null, truncated };
}

async function extractDocx(job: Job): Promise<Reply> {
  // All entries are read through yauzl first: declared sizes are checked before inflating and the
  // real sizes while inflating, so mammoth gets a zip that is known to be what it claims.
  const parts = await readZip(job.bytes, () => true, job.zip).catch((error: Error) => {
    throw new Rejection(error.message);
  });
  if (!parts.has('word/document.xml')) throw new Rejection('В файле .docx нет основного текста (word/document.xml)');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(job.bytes) });
  let text = result.value.replace(/\n{3,}/g, '\n\n');
  const truncated = text.length > job.maxChars;
  if (truncated) text = text.slice(0, job.maxChars);
  return { ok: true, text, truncated };
}

async function run(job: Job): Promise<Reply> {
  try {
    let reply: Reply;
    if (job.kind === 'txt') {
      let text = decodeText(job.bytes).replace(/\r\n?/g, '\n');
      const truncated = text.length > job.maxChars;
      if (truncated) text = text.slice(0, job.maxChars);
      reply = { ok: true, text, truncated };
    } else if (job.kind === 'pdf') {
      reply = await extractPdf(job);
    } else {
      reply = await extractDocx(job);
    }
    // Dots of a table of contents or a scan's specks are no text to cite.
    if (reply.ok && !/\p{L}{2}/u.test(reply.text)) return { ok: false, reason: 'В файле нет текста' };
    return reply;
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, reason: error.message };
    return { ok: false, reason: 'Не удалось извлечь текст из файла: он повреждён или имеет неподдерживаемую структуру' };
  }
}

parentPort?.postMessage(await run(workerData as Job));

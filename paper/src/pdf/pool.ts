/**
 * A small pool of LibreOffice headless converters (.docx -> .pdf). Every converter has its own
 * user profile directory (-env:UserInstallation), so conversions run in parallel without fighting
 * over a profile lock. A conversion that times out is killed with its whole process group; a
 * converter that failed gets a fresh profile (its restart) and the conversion is tried once more.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PaperError } from '../errors.ts';

export interface PdfConverter {
  convert(docx: Uint8Array, options?: { signal?: AbortSignal }): Promise<Buffer>;
  close(): Promise<void>;
  readonly stats: { conversions: number; failures: number; restarts: number };
}

export interface PdfPoolOptions {
  /** Parallel converters (LibreOffice processes). */
  size?: number;
  /** Time limit of one conversion. */
  timeoutMs?: number;
  sofficePath?: string;
  /** Where profiles and work files live; defaults to the OS temp dir. */
  tmpDir?: string;
  /** Largest .docx accepted. */
  maxInputBytes?: number;
}

const inputErrors = new WeakSet<Error>();
function badInput(error: PaperError): PaperError {
  inputErrors.add(error);
  return error;
}

interface Slot {
  index: number;
  profileDir: string;
  busy: boolean;
}

export function createPdfConverterPool(options: PdfPoolOptions = {}): PdfConverter {
  const size = Math.max(1, options.size ?? 1);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const soffice = options.sofficePath ?? 'soffice';
  const maxInput = options.maxInputBytes ?? 50 * 1024 * 1024;
  const baseDir = options.tmpDir ?? os.tmpdir();
  const stats = { conversions: 0, failures: 0, restarts: 0 };
  let root: Promise<string> | null = null;
  let closed = false;
  const slots: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];

  const rootDir = () => (root ??= mkdtemp(path.join(baseDir, 'paper-pdf-')));

  async function acquire(): Promise<Slot> {
    const dir = await rootDir();
    const free = slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return free;
    }
    if (slots.length < size) {
      const slot: Slot = { index: slots.length, profileDir: path.join(dir, `profile-${slots.length}`), busy: true };
      slots.push(slot);
      return slot;
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(slot: Slot): void {
    const next = waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  function run(slot: Slot, input: string, outDir: string, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const args = [
        '--headless',
        '--invisible',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        `-env:UserInstallation=file://${slot.profileDir}`,
        '--convert-to',
        'pdf:writer_pdf_Export',
        '--outdir',
        outDir,
        input,
      ];
      // Own process group: a timeout kills soffice together with the soffice.bin it starts.
      const child = spawn(soffice, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => {
        if (stderr.length < 4000) stderr += d.toString();
      });
      const kill = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      const timer = setTimeout(() => {
        kill();
        reject(new PaperError('pdf_failed', `Преобразование в PDF не уложилось в ${Math.round(timeoutMs / 1000)} с`));
      }, timeoutMs);
      const onAbort = () => {
        kill();
        reject(new PaperError('aborted', 'Генерация остановлена'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      child.on('error', (error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(new PaperError('pdf_failed', 'LibreOffice (soffice) не запускается', { cause: error }));
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (code === 0) resolve();
        else reject(new PaperError('pdf_failed', `LibreOffice завершился с кодом ${code}: ${stderr.trim().slice(0, 300)}`));
      });
    });
  }

  async function attempt(slot: Slot, docx: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
    const work = await mkdtemp(path.join(await rootDir(), `job-${slot.index}-`));
    try {
      const input = path.join(work, 'paper.docx');
      await writeFile(input, docx);
      await mkdir(path.join(work, 'out'));
      await run(slot, input, path.join(work, 'out'), signal);
      const pdf = await readFile(path.join(work, 'out', 'paper.pdf')).catch(() => null);
      if (!pdf || pdf.subarray(0, 5).toString() !== '%PDF-') {
        // LibreOffice ran to the end and made nothing: the document is at fault, a restart would not help.
        throw badInput(new PaperError('pdf_failed', 'LibreOffice не создал PDF: файл .docx повреждён или не поддерживается'));
      }
      return pdf;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    stats,
    async convert(docx, opts = {}) {
      if (closed) throw new PaperError('pdf_failed', 'Конвертер PDF остановлен');
      if (docx.byteLength === 0 || docx.byteLength > maxInput) {
        throw new PaperError('pdf_failed', 'Размер документа для преобразования в PDF недопустим');
      }
      // LibreOffice would happily import anything as text; only .docx (a zip) is accepted.
      if (docx[0] !== 0x50 || docx[1] !== 0x4b || docx[2] !== 0x03 || docx[3] !== 0x04) {
        throw new PaperError('pdf_failed', 'Для преобразования в PDF нужен файл .docx');
      }
      const slot = await acquire();
      try {
        try {
          const pdf = await attempt(slot, docx, opts.signal);
          stats.conversions++;
          return pdf;
        } catch (error) {
          if (error instanceof PaperError && error.code === 'aborted') throw error;
          if (error instanceof Error && inputErrors.has(error)) throw error;
          stats.failures++;
          // Restart: a crashed or killed LibreOffice may leave a broken profile behind.
          await rm(slot.profileDir, { recursive: true, force: true });
          stats.restarts++;
          const pdf = await attempt(slot, docx, opts.signal);
          stats.conversions++;
          return pdf;
        }
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      if (root) await rm(await root, { recursive: true, force: true });
    },
  };
}

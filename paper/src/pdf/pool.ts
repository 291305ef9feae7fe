/**
 * A small pool of LibreOffice headless converters (.docx or .pptx -> .pdf). Every converter has its own
 * user profile directory (-env:UserInstallation), so conversions run in parallel without fighting
 * over a profile lock. A conversion that times out is killed with its whole process group; a
 * converter that failed gets a fresh profile (its restart) and the conversion is tried once more.
 *
 * Nothing is left behind: the pool works in its own folder under `tmpDir` (named after its host
 * and process), every job in a folder of its own (LibreOffice's temporary files included) that is
 * removed when the job ends, and the profiles are removed on close. The folders of a pool whose
 * process was killed are removed by the next pool that starts, with any LibreOffice still at work
 * in them.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PaperError } from '../errors.ts';
import { claimProcessFolder, releaseProcessFolder } from '../process-folder.ts';
import type { OfficeKind, PdfConverter } from './types.ts';

const FILTER: Record<OfficeKind, string> = { docx: 'pdf:writer_pdf_Export', pptx: 'pdf:impress_pdf_Export' };

export interface PdfPoolOptions {
  /** Parallel converters (LibreOffice processes). */
  size?: number;
  /** Time limit of one conversion. */
  timeoutMs?: number;
  sofficePath?: string;
  /** Where profiles and work files live (shared by the pools of all processes that use it);
   * defaults to `paper-pdf` in the OS temp dir. */
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
  const baseDir = path.resolve(options.tmpDir ?? path.join(os.tmpdir(), 'paper-pdf'));
  const stats = { conversions: 0, failures: 0, restarts: 0 };
  let closed = false;
  const slots: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];

  // Started at once, so that a killed predecessor's leftovers go when the pool starts.
  const root = claimProcessFolder(baseDir, killConverters);
  root.catch(() => undefined); // reported by the first conversion
  /** The pool's folder, made again should it have gone (see process-folder.ts). */
  const rootDir = async () => {
    const dir = await root.catch((error: unknown) => {
      throw new PaperError('pdf_failed', 'Папка для преобразования в PDF недоступна', { cause: error });
    });
    await mkdir(dir, { recursive: true });
    return dir;
  };

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

  function run(slot: Slot, work: string, input: string, outDir: string, kind: OfficeKind, signal?: AbortSignal): Promise<void> {
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
        FILTER[kind],
        '--outdir',
        outDir,
        input,
      ];
      // Own process group: a timeout kills soffice together with the soffice.bin it starts. Its
      // temporary files go to the job's folder.
      const child = spawn(soffice, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: work } });
      // For the pool that cleans up after this process, should it be killed.
      // Written at once (sync), so that it is there before a kill and gone with the job's folder.
      if (child.pid) writeFileSync(path.join(work, SOFFICE_PID), String(child.pid));
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

  async function attempt(slot: Slot, file: Uint8Array, kind: OfficeKind, signal?: AbortSignal): Promise<Buffer> {
    const work = await mkdtemp(path.join(await rootDir(), `job-${slot.index}-`));
    try {
      const input = path.join(work, `paper.${kind}`);
      await writeFile(input, file);
      await mkdir(path.join(work, 'out'));
      await run(slot, work, input, path.join(work, 'out'), kind, signal);
      const pdf = await readFile(path.join(work, 'out', 'paper.pdf')).catch(() => null);
      if (!pdf || pdf.subarray(0, 5).toString() !== '%PDF-') {
        // LibreOffice ran to the end and made nothing: the document is at fault, a restart would not help.
        throw badInput(new PaperError('pdf_failed', `LibreOffice не создал PDF: файл .${kind} повреждён или не поддерживается`));
      }
      return pdf;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    stats,
    async convert(docx, opts = {}) {
      const kind = opts.kind ?? 'docx';
      if (closed) throw new PaperError('pdf_failed', 'Конвертер PDF остановлен');
      if (docx.byteLength === 0 || docx.byteLength > maxInput) {
        throw new PaperError('pdf_failed', 'Размер документа для преобразования в PDF недопустим');
      }
      // LibreOffice would happily import anything as text; only .docx or .pptx (a zip) is accepted.
      if (docx[0] !== 0x50 || docx[1] !== 0x4b || docx[2] !== 0x03 || docx[3] !== 0x04) {
        throw new PaperError('pdf_failed', `Для преобразования в PDF нужен файл .${kind}`);
      }
      const slot = await acquire();
      try {
        try {
          const pdf = await attempt(slot, docx, kind, opts.signal);
          stats.conversions++;
          return pdf;
        } catch (error) {
          if (error instanceof PaperError && error.code === 'aborted') throw error;
          if (error instanceof Error && inputErrors.has(error)) throw error;
          stats.failures++;
          // Restart: a crashed or killed LibreOffice may leave a broken profile behind.
          await rm(slot.profileDir, { recursive: true, force: true });
          stats.restarts++;
          const pdf = await attempt(slot, docx, kind, opts.signal);
          stats.conversions++;
          return pdf;
        }
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      const dir = await root.catch(() => null);
      if (dir) await releaseProcessFolder(dir);
    },
  };
}

const SOFFICE_PID = 'soffice.pid';

/** A killed worker's LibreOffice lives on in its own process group and would write into the
 * folder being removed. It is killed only when /proc shows it working on that very job, so a
 * process that got the pid since is never hit (without /proc nothing is killed). */
async function killConverters(poolDir: string): Promise<void> {
  const jobs = await readdir(poolDir).catch(() => []);
  for (const job of jobs) {
    const pid = Number(await readFile(path.join(poolDir, job, SOFFICE_PID), 'utf8').catch(() => ''));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!commandLine.includes(path.join(poolDir, job))) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

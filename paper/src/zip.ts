/**
 * Reading .docx (zip) files safely: the declared sizes of every entry are checked before anything
 * is unpacked, and yauzl checks while inflating that no entry grows beyond what it declared, so a
 * zip bomb is refused without ever being expanded.
 */
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { PaperError } from './errors.ts';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: number;
  /** Declared uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Largest uncompressed/compressed ratio of an entry bigger than 1 MB. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxEntryBytes: 60 * 1024 * 1024,
  maxRatio: 200,
};

function openZip(bytes: Uint8Array): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error ?? new Error('zip')) : resolve(zip)),
    );
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('zip stream'));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** Reads the directory of an open zip, checking the declared sizes of every entry. */
function listEntries(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  const entries: Entry[] = [];
  return new Promise<Entry[]>((resolve, reject) => {
    let total = 0;
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      total += entry.uncompressedSize;
      const ratio = entry.compressedSize > 0 ? entry.uncompressedSize / entry.compressedSize : entry.uncompressedSize > 0 ? Infinity : 0;
      if (entries.length > limits.maxEntries) return reject(new PaperError('file_rejected', 'В архиве .docx слишком много файлов'));
      if (entry.uncompressedSize > limits.maxEntryBytes || total > limits.maxTotalBytes) {
        return reject(new PaperError('file_rejected', 'Архив .docx распаковывается в слишком большой объём (возможна «zip-бомба»)'));
      }
      if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio) {
        return reject(new PaperError('file_rejected', 'Архив .docx сжат подозрительно сильно (возможна «zip-бомба»)'));
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(new PaperError('file_rejected', 'Файл повреждён: архив .docx не читается', { cause: error })));
    zip.readEntry();
  });
}

/**
 * Lists the entries (checking the declared sizes of all of them) and reads those `wanted` accepts.
 * Throws a PaperError with a Russian reason.
 */
export async function readZip(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<Map<string, Buffer>> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (error) {
    throw new PaperError('file_rejected', 'Файл повреждён: это не корректный архив .docx', { cause: error });
  }
  try {
    const entries = await listEntries(zip, limits);
    const out = new Map<string, Buffer>();
    for (const entry of entries) {
      if (!wanted(entry.fileName)) continue;
      try {
        out.set(entry.fileName, await readEntry(zip, entry));
      } catch (error) {
        throw new PaperError('file_rejected', 'Файл повреждён: содержимое архива .docx не совпадает с заявленным', { cause: error });
      }
    }
    return out;
  } finally {
    zip.close();
  }
}

/**
 * The names of the entries of a zip file on disk, after checking the declared sizes of every one:
 * only the central directory is read, nothing is unpacked. Throws a PaperError with a Russian reason.
 */
export async function listZipFile(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<Set<string>> {
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, z) =>
        error || !z ? reject(error ?? new Error('zip')) : resolve(z),
      ),
    );
  } catch (error) {
    throw new PaperError('file_rejected', 'Файл повреждён: это не корректный архив .docx', { cause: error });
  }
  try {
    return new Set((await listEntries(zip, limits)).map((e) => e.fileName));
  } finally {
    zip.close();
  }
}

/**
 * The payment/create form, read as it streams in, with memory bounded whatever the files weigh:
 * each text field is checked as it arrives, and each file is written to a folder of the request
 * under DATA_DIR/uploads while its size and content are checked, chunk by chunk. Reading stops at
 * the first thing wrong (413 at the size limit, 415 at a wrong type, 400 for a malformed body),
 * the folder is removed, and nothing else has happened yet: the order is created only after.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createPaymentFields, CREATE_PAYMENT_FILES_FIELD, LIMITS, type ErrorCode } from '@app/contract';
import { claimProcessFolder, releaseProcessFolder, UploadInspector } from '@app/paper';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { hasNul } from '../../http/input.ts';
import type { UploadedFile } from './place.ts';

/** purchase_json is at most 20,000 characters (the contract); bytes past this are not read. */
const FIELD_BYTES = 96 * 1024;
/** What a refused request may still send (it is read and dropped so that the client gets the
 * answer); past this the connection is closed. */
const DISCARD_BYTES = LIMITS.files.maxBytesTotal + 10 * 1024 * 1024;
/** Each stage of a file's way to disk holds this much at most: little in flight per upload. */
const STREAM_HWM = 16 * 1024;

/** @fastify/multipart's own errors by their code; any other parser error is a malformed body. */
const MULTIPART_CODES: Record<string, ErrorCode> = {
  FST_FILES_LIMIT: 'files_too_large',
  FST_REQ_FILE_TOO_LARGE: 'files_too_large',
  FST_PARTS_LIMIT: 'body_too_large',
  FST_FIELDS_LIMIT: 'body_too_large',
  FST_PROTO_VIOLATION: 'unknown_field',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
};

export interface PurchaseForm {
  purchase_json: string;
  promo_code?: string;
  from_telegram?: boolean;
  files: UploadedFile[];
  /** Removes what is left of the upload (a stored file has been moved out already). */
  discard(): Promise<void>;
}

const refused = (code: ErrorCode, detail: string) => new AppError(code, { detail });

/** A file name fit to show and store: no control characters, at most 200 characters with the
 * extension kept. */
function cleanFileName(raw: string): string {
  const name = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name.length <= 200) return name;
  const ext = /\.[a-z0-9]{1,5}$/i.exec(name)?.[0] ?? '';
  return name.slice(0, 200 - ext.length) + ext;
}

/** A multipart form: its text fields (checked by `schema`), its file field and the files' limits. */
export interface FormSpec<T> {
  schema: z.ZodType<T, z.ZodTypeDef, unknown>;
  textFields: string[];
  fileField: string;
  files: { max: number; maxBytesEach: number; maxBytesTotal: number; extensions: readonly string[] };
}

const PURCHASE_FORM: FormSpec<z.infer<typeof createPaymentFields>> = {
  schema: createPaymentFields,
  textFields: Object.keys(createPaymentFields.shape),
  fileField: CREATE_PAYMENT_FILES_FIELD,
  files: LIMITS.files,
};

/** Streams one file part to `path`, checking it on the way; returns the checked file. */
async function receiveFile(
  file: Readable,
  fileName: string,
  path: string,
  alreadyReceived: number,
  limits: FormSpec<unknown>['files'],
): Promise<UploadedFile> {
  const inspector = new UploadInspector(fileName);
  if (inspector.rejected) throw refused('file_unsupported', `${fileName}: ${inspector.rejected}`);
  if (!limits.extensions.some((ext) => fileName.toLowerCase().endsWith(ext)))
    throw refused('file_unsupported', `${fileName}: нужен файл ${limits.extensions.join(', ')}`);
  let size = 0;
  const check = new Transform({
    highWaterMark: STREAM_HWM,
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limits.maxBytesEach || alreadyReceived + size > limits.maxBytesTotal) return done(new AppError('files_too_large'));
      const reason = inspector.push(chunk);
      if (reason) return done(refused('file_unsupported', `${fileName}: ${reason}`));
      done(null, chunk);
    },
  });
  await pipeline(file, check, createWriteStream(path, { highWaterMark: STREAM_HWM }));
  const verdict = await inspector.finish(path);
  if (!verdict.ok) throw refused(size === 0 ? 'file_empty' : 'file_unsupported', `${fileName}: ${verdict.reason}`);
  return { fileName, kind: verdict.kind, size, path };
}

/** The rest of a refused request is read and dropped, so that the client, still sending, gets
 * the answer; a client that goes on past any real form is cut off. */
function stopReading(request: FastifyRequest) {
  const raw = request.raw;
  raw.unpipe();
  if (raw.readableEnded) return;
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_BYTES) raw.destroy();
  });
  raw.resume();
}

/** Parser and stream failures as our errors; a failure of our own disk stays a 500. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e?.code && MULTIPART_CODES[e.code]) return new AppError(MULTIPART_CODES[e.code], { cause: error });
  if (e?.path) return error;
  return new AppError('malformed_multipart', { cause: error });
}

/** Reads the payment/create form (see the file comment). The caller must `discard()` the result. */
export async function receivePurchaseForm(request: FastifyRequest, uploadsDir: string): Promise<PurchaseForm> {
  const form = await receiveForm(request, uploadsDir, PURCHASE_FORM);
  // purchase_json is parsed once, where it is placed (placePurchase).
  return { ...form.fields, files: form.files, discard: form.discard };
}

/** Reads a multipart form by its spec (see the file comment). The caller must `discard()` the result. */
export async function receiveForm<T>(
  request: FastifyRequest,
  uploadsDir: string,
  spec: FormSpec<T>,
): Promise<{ fields: T; files: UploadedFile[]; discard(): Promise<void> }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', { detail: 'Ожидается multipart/form-data' });
  // RFC 2046: a boundary of 1 to 70 characters.
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))(?:;|\s|$)/i.exec(request.headers['content-type'] ?? '');
  if (!boundary) throw refused('malformed_multipart', 'В заголовке Content-Type нет корректного boundary');
  const textFields = new Set(spec.textFields);
  const dir = join(uploadsDir, randomUUID());
  const discard = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let received = 0;
  try {
    await mkdir(dir, { recursive: true });
    // The parser's limits are a backstop one past ours: ours answer first, with a precise message.
    const parts = request.parts({
      highWaterMark: STREAM_HWM,
      fileHwm: STREAM_HWM,
      limits: {
        files: spec.files.max + 1,
        fileSize: spec.files.maxBytesEach + 1,
        fields: textFields.size + 1,
        fieldSize: FIELD_BYTES,
        parts: spec.files.max + textFields.size + 2,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      const name = part.fieldname;
      if (hasNul(name)) throw new AppError('invalid_characters');
      const shown = name.slice(0, 100);
      if (part.type === 'file') {
        if (name !== spec.fileField) throw refused('unknown_field', `Неизвестное поле с файлом: ${shown}`);
        if (files.length === spec.files.max) throw new AppError('files_too_large');
        if (hasNul(part.filename)) throw new AppError('invalid_characters');
        const file = await receiveFile(part.file, cleanFileName(part.filename), join(dir, String(files.length + 1)), received, spec.files);
        received += file.size;
        files.push(file);
      } else {
        if (!textFields.has(name) || part.fieldnameTruncated) throw refused('unknown_field', `Неизвестное поле: ${shown}`);
        if (name in fields) throw refused('malformed_multipart', `Поле ${name} передано несколько раз`);
        if (part.valueTruncated) throw refused('body_too_large', `Поле ${name} слишком длинное`);
        // A part sent as application/json arrives parsed; the form wants its text.
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (hasNul(value)) throw new AppError('invalid_characters');
        fields[name] = value;
      }
    }
  } catch (error) {
    stopReading(request);
    await discard();
    throw asUploadError(error);
  }
  const parsed = spec.schema.safeParse(fields);
  if (!parsed.success) {
    await discard();
    throw new AppError('validation_failed', { detail: parsed.error.issues[0].message });
  }
  return { fields: parsed.data, files, discard };
}

/** This server process's folder for uploads, DATA_DIR/uploads/host+pid+random: what a killed
 * server left there is removed when the next one starts, and the folder itself when this one stops
 * (see process-folder.ts in the paper package; another server sharing DATA_DIR is left alone). */
export async function claimUploadsFolder(app: FastifyInstance, uploadsDir: string): Promise<string> {
  const dir = await claimProcessFolder(uploadsDir);
  app.addHook('onClose', () => releaseProcessFolder(dir));
  return dir;
}

/** S3-compatible object storage (Yandex Object Storage, MinIO, AWS). */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Storage } from './storage.ts';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function createS3Storage(o: S3Options): Storage {
  const client = new S3Client({
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: true,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    // A checksum on every upload would make a streamed body aws-chunked with a trailer, which not
    // every S3-compatible store reads; checksums are sent where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const Bucket = o.bucket;
  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async putFile(key, path, contentType) {
      // A known length lets the body stream as it is (PutObject takes up to 5 GB in one request).
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: contentType }),
      );
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async open(key) {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return { stream: res.Body as Readable, size: head.ContentLength ?? 0 };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async probe(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
  };
}

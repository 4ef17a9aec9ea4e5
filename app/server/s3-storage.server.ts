// Media storage in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...): what several web and worker
// processes share instead of one machine's disk (docs/deploy.md, ADR 026). Chosen by S3_BUCKET in the
// environment (getStorage in storage.server.ts); the local disk stays the default.
//
// S3 writes are atomic per object (a reader sees the old object or the new one, never half), which is what
// LocalDiskStorage gets from its temporary file and rename.
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Upload } from "@aws-sdk/lib-storage";
import { assertSafeKey, type ByteRange, type MediaStorage, type StoredObject } from "./storage.server";

/** S3 refuses parts under 5 MiB (except the last); bigger parts mean fewer requests for a long WAV. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server's address; unset means AWS itself (region decides the endpoint). */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Keys go under this folder of the bucket (several installations in one bucket). */
  prefix?: string;
  /** Bodies this large or larger go up in parts (a failed part is retried alone, not the whole WAV). */
  multipartThresholdBytes?: number;
  partBytes?: number;
}

export class S3Storage implements MediaStorage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly multipartThreshold: number;
  private readonly partBytes: number;

  constructor(options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region ?? "us-east-1",
      // Checksums only where S3 requires them: many S3-compatible stores do not know the newer
      // x-amz-checksum-* headers or the aws-chunked bodies the SDK sends with them by default.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    };
    if (options.endpoint) {
      config.endpoint = options.endpoint;
      // S3-compatible servers address buckets by path; virtual-host names need DNS set up for each bucket.
      config.forcePathStyle = true;
    }
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    }
    this.client = new S3Client(config);
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, "")}/` : "";
    this.partBytes = Math.max(MIN_PART_BYTES, options.partBytes ?? 8 * 1024 * 1024);
    this.multipartThreshold = Math.max(this.partBytes, options.multipartThresholdBytes ?? 16 * 1024 * 1024);
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
    const Key = this.objectKey(key);
    if (bytes.byteLength < this.multipartThreshold) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentLength: bytes.byteLength }));
      return;
    }
    // One part at a time keeps a worker's memory to the body it already holds plus one part in flight.
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key, Body: bytes }, partSize: this.partBytes, queueSize: 1, leavePartsOnError: false });
    await upload.done();
  }

  async putFile(key: string, file: string): Promise<void> {
    const Key = this.objectKey(key);
    const { size } = await stat(file);
    if (size < this.multipartThreshold) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: createReadStream(file), ContentLength: size }));
      return;
    }
    // Read from disk a part at a time: an upload never sits whole in memory (ADR 017).
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key, Body: createReadStream(file) }, partSize: this.partBytes, queueSize: 1, leavePartsOnError: false });
    await upload.done();
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!answer.Body) return new Uint8Array();
      return await answer.Body.transformToByteArray();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return {
        size: head.ContentLength ?? 0,
        // S3's ETag is already a quoted string that changes with the content (an MD5, or MD5-of-parts).
        etag: head.ETag ?? `"${(head.ContentLength ?? 0).toString(36)}-${(head.LastModified?.getTime() ?? 0).toString(36)}"`,
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  createReadStream(key: string, range?: ByteRange): ReadableStream<Uint8Array> {
    const Key = this.objectKey(key);
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    // The GET is sent on the first read, not here: a HEAD or a 304 never opens one, and a client that goes
    // away before reading costs no download from the bucket.
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!reader) {
          const answer = await this.client.send(
            new GetObjectCommand({ Bucket: this.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
          );
          if (!answer.Body) return controller.close();
          reader = answer.Body.transformToWebStream().getReader() as ReadableStreamDefaultReader<Uint8Array>;
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: async (reason) => {
        await reader?.cancel(reason);
      },
    });
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there: removing a missing object is not an error here either.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async deleteFolder(folder: string): Promise<void> {
    const Prefix = `${this.objectKey(folder)}/`;
    let ContinuationToken: string | undefined;
    // A page of at most 1,000 keys is listed, then removed in one request, until none are left.
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Whether the bucket answers (readiness, `/readyz`): a HEAD of a key that need not exist. */
  async reachable(): Promise<void> {
    await this.stat("readyz-probe");
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

import { fastifyMultipart } from '@fastify/multipart';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, InvalidInputError } from '../common/domain-errors';

/** What one multipart request may carry. Every part is counted: files, fields, and the parts themselves. */
export interface UploadLimits {
  /** Bytes of each file. */
  fileSize: number;
  files: number;
  /** Non-file fields, and the bytes of each one's value. */
  fields: number;
  fieldSize: number;
  parts: number;
}

/**
 * A few small fields beside one file. The multipart parser's own defaults (1 MB per field, 1,000
 * parts) would let one request hold about a gigabyte of fields in memory.
 */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  fileSize: 10 * 1024 * 1024,
  files: 1,
  fields: 4,
  fieldSize: 4 * 1024,
  parts: 5,
};

/** Room for each part's boundary and headers when a declared body length is checked against the limits. */
const PART_OVERHEAD_BYTES = 1024;
const MULTIPART_CONFIG = 'multipartUpload';

/** The route takes a multipart upload within these limits; a route without it refuses multipart bodies. */
export const MultipartUpload = (limits: Partial<UploadLimits> = {}) =>
  RouteConfig({ [MULTIPART_CONFIG]: { ...DEFAULT_UPLOAD_LIMITS, ...limits } satisfies UploadLimits });

function routeUploadLimits(request: FastifyRequest): UploadLimits | undefined {
  const config = request.routeOptions.config as unknown as Record<string, UploadLimits | undefined>;
  return config?.[MULTIPART_CONFIG];
}

function inWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The most bytes a request within `limits` can be: anything longer is refused before it is read. */
export function largestUpload(limits: UploadLimits): number {
  return (
    limits.fileSize * limits.files + limits.fields * limits.fieldSize + limits.parts * PART_OVERHEAD_BYTES
  );
}

class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}

/**
 * Checked in onRequest, before a byte of the body is read: multipart bodies go only to routes that
 * declare an upload, and a declared length beyond what the route's limits allow is refused at once.
 * Bodies sent without a length are held to the same limits part by part as they stream (readUpload).
 * The connection stays open after a refusal: Node reads the rest of the body and drops it (no memory
 * held), so the client is sure to receive the answer instead of a reset while it is still sending.
 */
export function registerMultipartLimits(fastify: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here and almost none is multipart.
  fastify.addHook('onRequest', (request, reply, done) => {
    const type = request.headers['content-type'];
    if (typeof type !== 'string' || !type.toLowerCase().startsWith('multipart/')) return done();
    const limits = routeUploadLimits(request);
    if (!limits) {
      reply.code(415).send({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'This address does not take multipart uploads: send JSON',
      });
      return;
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > largestUpload(limits)) {
      reply.code(413).send({
        statusCode: 413,
        error: 'Payload Too Large',
        message: `Upload is too large: at most one ${inWords(limits.fileSize)} file and ${limits.fields} small fields are accepted`,
      });
      return;
    }
    done();
  });
}

/**
 * @fastify/multipart as this API reads uploads: as streams, through readUpload, never saved to
 * temporary files (`saveRequestFiles` is not used). The plugin cleans up saved files with two async
 * hooks on every request of every route (an onRequest listening for the socket's close, an
 * onResponse awaiting the clean-up); with nothing ever saved they find nothing to do, so they are
 * not added. The parser, `request.file()` and the limits are the plugin's own, as registered
 * normally. Routes read their uploads with readUpload, which applies their own limits; these are
 * the floor.
 */
export function registerStreamedUploads(fastify: FastifyInstance): Promise<void> {
  const withoutSavedFileCleanup = new Proxy(fastify, {
    get(target, key) {
      if (key === 'addHook') {
        return (name: string, hook: never) =>
          name === 'onRequest' || name === 'onResponse' ? target : target.addHook(name as never, hook);
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Promise((resolve, reject) => {
    fastifyMultipart(withoutSavedFileCleanup, { limits: DEFAULT_UPLOAD_LIMITS }, (error?: Error) =>
      error ? reject(error) : resolve(),
    );
  });
}

export interface UploadedFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * The one file of a multipart request, read within the route's limits: any field over its size, one
 * field or part too many, a second file or a file too large answers 413 while the body streams, so
 * no request holds more than the limits in memory.
 */
export async function readUpload(request: FastifyRequest, fieldName = 'file'): Promise<UploadedFile> {
  const limits = routeUploadLimits(request);
  if (!limits || !request.isMultipart())
    throw new InvalidInputError(`Send the file as multipart/form-data in a "${fieldName}" field`);
  let upload: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          throw new PayloadTooLargeError(
            `A form field is too large: the limit is ${inWords(limits.fieldSize)}`,
          );
        continue;
      }
      if (part.fieldname !== fieldName) {
        await part.toBuffer();
        throw new InvalidInputError(`Send the file in a "${fieldName}" field`);
      }
      upload = { fileName: part.filename, contentType: part.mimetype, content: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(`File is too large: the limit is ${inWords(limits.fileSize)}`);
    if (code === 'FST_FIELDS_LIMIT')
      throw new PayloadTooLargeError(`Too many form fields: at most ${limits.fields} are accepted`);
    if (code === 'FST_PARTS_LIMIT')
      throw new PayloadTooLargeError(`Too many parts in this upload: at most ${limits.parts} are accepted`);
    if (code === 'FST_FILES_LIMIT')
      throw new PayloadTooLargeError(
        limits.files === 1 ? 'Send one file at a time' : `Too many files: at most ${limits.files}`,
      );
    throw error;
  }
  if (!upload) throw new InvalidInputError('Choose a file to upload');
  if (upload.content.length === 0) throw new InvalidInputError('The file is empty');
  return upload;
}

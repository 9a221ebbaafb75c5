import { findUploadSlotByKey } from "../../db/jobs";
import type { Db } from "../../env";
import { badRequest, forbidden } from "../../lib/errors";
import { verifyUpload } from "../../platform/upload-signature";
import { normalizeContentType } from "./content-types";
import {
  CONTENT_LENGTH_REQUIRED,
  EMPTY_FILE,
  UPLOAD_ALREADY_STORED,
  UPLOAD_LARGER_THAN_DECLARED,
  UPLOAD_LENGTH_MISMATCH,
  UPLOAD_SIGNATURE_INVALID,
  UPLOAD_URL_EXPIRED,
  uploadContentTypeMismatch,
} from "./messages";
import { discardObject, withStorage } from "./storage";

export type SignedPut = {
  /** Account of the host the PUT reached. */
  account: string;
  key: { account: string; companyId: number; route: string; id: string };
  expires: string | undefined;
  signature: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
};

export type ReceiveDeps = { db: Db; bucket: R2Bucket; secret: string; now?: () => Date };

const keyOf = (key: SignedPut["key"]) => `${key.account}/${key.companyId}/${key.route}/${key.id}`;

class BodyRefused extends Error {}

/**
 * Counts the bytes as they stream: past `limit` the stream fails at once (the declared
 * Content-Length is not trusted), and a body shorter than announced fails at the end.
 */
function byteCounter(limit: number, expected: number): TransformStream<Uint8Array, Uint8Array> {
  let received = 0;
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (received > limit) controller.error(new BodyRefused(UPLOAD_LARGER_THAN_DECLARED));
      else if (received > expected) controller.error(new BodyRefused(UPLOAD_LENGTH_MISMATCH));
      else controller.enqueue(chunk);
    },
    flush(controller) {
      if (received !== expected) controller.error(new BodyRefused(UPLOAD_LENGTH_MISMATCH));
    },
  });
}

/**
 * The Worker's signed upload: checks the signature (method, key, expiry, size, content type of
 * the slot), then streams the body into R2 under the slot's key. A key is written once; a refused
 * upload leaves nothing behind.
 */
export async function receiveSignedUpload(
  deps: ReceiveDeps,
  put: SignedPut,
): Promise<{ key: string; size: number }> {
  const key = keyOf(put.key);
  const expires = /^\d{1,12}$/.test(put.expires ?? "") ? Number(put.expires) : null;
  if (put.key.account !== put.account || expires === null || !put.signature) {
    throw forbidden(UPLOAD_SIGNATURE_INVALID);
  }
  const slot = await findUploadSlotByKey(deps.db, key);
  if (!slot || slot.companyId !== put.key.companyId || slot.route !== put.key.route) {
    throw forbidden(UPLOAD_SIGNATURE_INVALID);
  }
  const signed = { key, expires, sizeBytes: slot.sizeBytes, contentType: slot.contentType };
  if (!(await verifyUpload(deps.secret, signed, put.signature))) throw forbidden(UPLOAD_SIGNATURE_INVALID);
  const now = deps.now?.() ?? new Date();
  if (now.getTime() > expires * 1000) throw forbidden(UPLOAD_URL_EXPIRED);

  if (normalizeContentType(put.contentType ?? "") !== slot.contentType) {
    throw badRequest(uploadContentTypeMismatch(slot.contentType));
  }
  if (!/^\d{1,12}$/.test(put.contentLength ?? "")) throw badRequest(CONTENT_LENGTH_REQUIRED);
  const contentLength = Number(put.contentLength);
  if (contentLength > slot.sizeBytes) throw badRequest(UPLOAD_LARGER_THAN_DECLARED);
  if (contentLength === 0 || !put.body) throw badRequest(EMPTY_FILE);

  const attempt = crypto.randomUUID();
  const sized = new FixedLengthStream(contentLength);
  const stopPiping = new AbortController();
  const piping = put.body
    .pipeThrough(byteCounter(slot.sizeBytes, contentLength))
    .pipeTo(sized.writable, { signal: stopPiping.signal })
    .then(
      () => null,
      (error: unknown) => error,
    );
  const stored = await deps.bucket
    .put(key, sized.readable, {
      httpMetadata: { contentType: slot.contentType },
      customMetadata: { attempt },
      onlyIf: { etagDoesNotMatch: "*" },
    })
    .then(
      (object) => ({ object, error: null }),
      (error: unknown) => ({ object: null, error }),
    );
  // R2 may answer before reading the whole body (key already written): stop feeding it.
  if (stored.object === null) stopPiping.abort();
  const pipeError = await piping;
  if (pipeError instanceof BodyRefused) {
    await discardOwnObject(deps.bucket, key, attempt);
    throw badRequest(pipeError.message);
  }
  if (stored.error) {
    await discardOwnObject(deps.bucket, key, attempt);
    return withStorage("gravar o arquivo", () => Promise.reject(stored.error));
  }
  if (stored.object === null) throw badRequest(UPLOAD_ALREADY_STORED);
  return { key, size: stored.object.size };
}

/** Deletes the key only when the object there was written by this attempt (never a good earlier upload). */
async function discardOwnObject(bucket: R2Bucket, key: string, attempt: string): Promise<void> {
  const head = await bucket.head(key).catch(() => null);
  if (head?.customMetadata?.attempt === attempt) await discardObject(bucket, key);
}

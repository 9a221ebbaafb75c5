import { AwsClient } from "aws4fetch";
import { signUpload, uploadSigningSecret } from "./upload-signature";

/** An upload slot to sign: where the file goes, what it must be, and until when. */
export type UploadTarget = {
  key: string;
  contentType: string;
  sizeBytes: number;
  /** Unix seconds. */
  expires: number;
  ttlSeconds: number;
};

/** What the client needs to upload: the URL and the headers it must send with the PUT. */
export type SignedUpload = { url: string; headers: Record<string, string> };

export interface UploadSigner {
  readonly kind: "r2" | "worker";
  sign(target: UploadTarget): Promise<SignedUpload>;
}

export type SignerConfig = {
  R2_ACCOUNT_ID?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_BUCKET_NAME?: string;
  UPLOAD_SIGNING_SECRET?: string;
};

const mandatoryHeaders = (target: UploadTarget) => ({
  "Content-Type": target.contentType,
  "Content-Length": String(target.sizeBytes),
});

/**
 * R2's own S3 endpoint, presigned with aws4fetch: the client uploads straight to R2. Content-Type
 * and Content-Length are signed headers, so R2 refuses another type or size.
 */
export function r2PresignedSigner(
  config: Required<Omit<SignerConfig, "UPLOAD_SIGNING_SECRET">>,
): UploadSigner {
  const client = new AwsClient({
    accessKeyId: config.R2_ACCESS_KEY_ID,
    secretAccessKey: config.R2_SECRET_ACCESS_KEY,
    service: "s3",
    region: "auto",
  });
  const base = `https://${config.R2_ACCOUNT_ID}.r2.cloudflarestorage.com/${config.R2_BUCKET_NAME}`;
  return {
    kind: "r2",
    async sign(target) {
      const url = new URL(`${base}/${target.key.split("/").map(encodeURIComponent).join("/")}`);
      url.searchParams.set("X-Amz-Expires", String(target.ttlSeconds));
      const headers = mandatoryHeaders(target);
      const signed = await client.sign(url.toString(), {
        method: "PUT",
        headers,
        aws: { signQuery: true, allHeaders: true },
      });
      return { url: signed.url, headers };
    },
  };
}

/** The Worker's own `PUT /{version}/upload/{Key}?expires=..&signature=..`, which streams into R2. */
export function workerUrlSigner(secret: string, baseUrl: string): UploadSigner {
  return {
    kind: "worker",
    async sign(target) {
      const signature = await signUpload(secret, {
        key: target.key,
        expires: target.expires,
        sizeBytes: target.sizeBytes,
        contentType: target.contentType,
      });
      const url = `${baseUrl}/upload/${target.key}?expires=${target.expires}&signature=${signature}`;
      return { url, headers: mandatoryHeaders(target) };
    },
  };
}

const R2_SETTINGS = ["R2_ACCOUNT_ID", "R2_ACCESS_KEY_ID", "R2_SECRET_ACCESS_KEY", "R2_BUCKET_NAME"] as const;

/**
 * R2 presigned URLs when all four R2 settings are present, the Worker's URL when none is;
 * a partial R2 configuration is a fault rather than a silent fallback.
 */
export function uploadSigner(config: SignerConfig, workerBaseUrl: string): UploadSigner {
  const present = R2_SETTINGS.filter((name) => Boolean(config[name]));
  if (present.length === R2_SETTINGS.length) {
    return r2PresignedSigner(config as Required<Omit<SignerConfig, "UPLOAD_SIGNING_SECRET">>);
  }
  if (present.length > 0) {
    throw new Error(
      `R2 upload settings are incomplete: ${present.join(", ")} set, all of ${R2_SETTINGS.join(", ")} needed`,
    );
  }
  return workerUrlSigner(uploadSigningSecret(config), workerBaseUrl);
}

import { createRouter } from "../../http/router";
import { uploadSignedFile, uploadSignedFileRoute } from "./upload-file";

/** Mounted before authentication: the signature of the URL is the credential. */
export const signedUploadRouter = createRouter().openapi(uploadSignedFileRoute, uploadSignedFile);

/**
 * Content types accepted per kind of file. Spreadsheet exports are labelled loosely by browsers
 * and operating systems (Excel's CSV is `application/vnd.ms-excel` on Windows), and banks' OFX
 * files arrive with any of several labels, so each kind accepts the labels seen in practice.
 */
export const CSV_CONTENT_TYPES = ["text/csv", "text/plain", "application/vnd.ms-excel"] as const;
export const OFX_CONTENT_TYPES = [
  "application/x-ofx",
  "application/ofx",
  "text/plain",
  "application/octet-stream",
  "text/xml",
] as const;
/** NF-e XML files: the XML labels, and the generic one some download portals give them. */
export const XML_CONTENT_TYPES = ["application/xml", "text/xml", "application/octet-stream"] as const;

/** Media type of a Content-Type value, lower case, without parameters. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

/** `Text/CSV ;charset=UTF-8` -> `text/csv; charset=utf-8`: the form compared on upload. */
export function normalizeContentType(contentType: string): string {
  return contentType
    .split(";")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .join("; ");
}

export function isAllowedContentType(contentType: string, allowed: readonly string[]): boolean {
  return allowed.includes(mediaTypeOf(contentType));
}

const BY_EXTENSION: Record<string, string> = {
  csv: "text/csv",
  txt: "text/plain",
  ofx: "application/x-ofx",
  qfx: "application/x-ofx",
  ofc: "application/x-ofx",
  xml: "application/xml",
};

/**
 * Content type of a multipart file part. Form clients (curl among them) label files they do not
 * know as `application/octet-stream` or send no type: then the file name's extension decides.
 */
export function contentTypeOfPart(partType: string, fileName: string): string {
  const declared = normalizeContentType(partType);
  if (declared && mediaTypeOf(declared) !== "application/octet-stream") return declared;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  return BY_EXTENSION[extension] ?? (declared || "application/octet-stream");
}

export const MAX_FILE_NAME_LENGTH = 255;
const FALLBACK_NAME = "arquivo";

/**
 * The user's file name as stored metadata: no directories, no control or markup characters,
 * single spaces, at most 255 characters. It never becomes part of a storage key.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  return (cleaned || FALLBACK_NAME).slice(0, MAX_FILE_NAME_LENGTH);
}

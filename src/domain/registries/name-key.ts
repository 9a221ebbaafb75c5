/**
 * The comparison key of a registry name: trimmed, inner whitespace collapsed, accents removed and
 * lower-cased, so `  Rodoviário ` and `RODOVIARIO` are the same modality. Stored in a unique index.
 */
export function nameKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase();
}

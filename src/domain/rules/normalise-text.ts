/**
 * The comparable form of a text: trimmed, lower case, accents stripped (NFD, combining marks
 * removed, so `ç` becomes `c`), runs of white space collapsed to one space. Rule descriptions are
 * stored in this form (unique per bank account) and bank line descriptions are compared in it,
 * so `PIX Recebido`, `pix  recebido` and `PÍX RECEBIDO` are the same text.
 */
export function normaliseText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Integration kinds the finance area recognises; any other text is kept as the client wrote it. */
export const KNOWN_INTEGRATION_KINDS = ["TEF", "PIX", "SEFAZ", "OPENFINANCE"] as const;

/** `tef`, ` Pix ` -> `TEF`, `PIX`; other kinds only trimmed. */
export function integrationKind(kind: string): string {
  const trimmed = kind.trim();
  const upper = trimmed.toUpperCase();
  return (KNOWN_INTEGRATION_KINDS as readonly string[]).includes(upper) ? upper : trimmed;
}

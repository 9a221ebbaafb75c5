/**
 * Line numbers as an editor shows them: `\r\n`, `\n` and a bare `\r` (old Mac exports, e.g. Banco do
 * Brasil's header) each end a line.
 */
export function countLineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) breaks++;
    else if (code === 13 && text.charCodeAt(i + 1) !== 10) breaks++;
  }
  return breaks;
}

/** 1-based line of `offset`. */
export function lineAt(text: string, offset: number): number {
  return 1 + countLineBreaks(text, 0, Math.min(offset, text.length));
}

/** A problem found in an OFX file, tied to the line (1-based) where it was seen when there is one. */
export type OfxIssue = {
  line: number | null;
  /** The problem alone, e.g. `TRNAMT inválido: "abc"`. */
  reason: string;
  /** What a user reads: `Linha 12: TRNAMT inválido: "abc"`. */
  message: string;
};

export function issueAt(line: number | null, reason: string): OfxIssue {
  return { line, reason, message: line === null ? capitalise(reason) : `Linha ${line}: ${reason}` };
}

/** A problem that makes the whole file unusable (see `parse-ofx.ts` for which ones). */
export class OfxParseError extends Error {
  readonly line: number | null;
  readonly reason: string;

  constructor(line: number | null, reason: string) {
    const issue = issueAt(line, reason);
    super(issue.message);
    this.name = "OfxParseError";
    this.line = line;
    this.reason = reason;
  }

  static from(issue: OfxIssue): OfxParseError {
    return new OfxParseError(issue.line, issue.reason);
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

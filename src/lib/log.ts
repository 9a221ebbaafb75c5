/** Structured JSON log lines. Never pass tokens, passwords or secrets in `fields`. */
export type LogLevel = "debug" | "info" | "warn" | "error";

export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return { error: error.message, stack: error.stack, cause: String(error.cause ?? "") };
  return { error: String(error) };
}

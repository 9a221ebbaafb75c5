/** How deliveries behave; read from the Worker's variables (see wrangler.toml and docs/WEBHOOKS.md). */
export type DeliveryConfig = {
  /** `ENVIRONMENT=production`: https only, no loopback. */
  production: boolean;
  /** First retry delay; each retry doubles it (0 in tests: no waiting). */
  retryBaseSeconds: number;
  /** Attempts of one round before the dead end. */
  maxAttempts: number;
  /** A receiver slower than this is a failed attempt (retried). */
  timeoutMs: number;
};

/** Longest delay between two attempts (the queue accepts at most 12 hours). */
export const MAX_RETRY_DELAY_SECONDS = 6 * 60 * 60;

/** Delay before attempt `attempt + 1` of a round: base, 2×base, 4×base... at most 6 hours. */
export function retryDelaySeconds(base: number, attempt: number): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_SECONDS);
}

const positive = (text: string | undefined, fallback: number, min = 0) => {
  const value = Number(text);
  return text !== undefined && text !== "" && Number.isFinite(value) && value >= min ? value : fallback;
};

export function deliveryConfig(vars: {
  ENVIRONMENT?: string;
  WEBHOOK_RETRY_BASE_SECONDS?: string;
  WEBHOOK_MAX_ATTEMPTS?: string;
  WEBHOOK_TIMEOUT_MS?: string;
}): DeliveryConfig {
  return {
    production: vars.ENVIRONMENT !== "development",
    retryBaseSeconds: positive(vars.WEBHOOK_RETRY_BASE_SECONDS, 30),
    maxAttempts: Math.floor(positive(vars.WEBHOOK_MAX_ATTEMPTS, 8, 1)),
    timeoutMs: positive(vars.WEBHOOK_TIMEOUT_MS, 10_000, 100),
  };
}

import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv, Env } from "../env";
import { REQUEST_ID_HEADER } from "./request-id";
import { BOOKMARK_HEADER } from "./tenant";

/** Origins listed in CORS_ORIGINS (comma-separated; `*` allows any). */
export function allowedOrigins(env: Env): string[] {
  return (env.CORS_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
}

const isAllowed = (allowed: string[], origin: string) => allowed.includes("*") || allowed.includes(origin);

/**
 * CORS for browser front-ends: only the origins listed in CORS_ORIGINS, compared exactly. The token
 * travels in the Authorization header, never in a cookie, so credentials are not allowed. A
 * preflight from any other origin gets a bare 204 (no CORS header at all): the browser blocks the
 * request and learns nothing about the API.
 */
export const corsForFrontends = createMiddleware<AppEnv>(async (c, next) => {
  const allowed = allowedOrigins(c.env);
  const origin = c.req.header("Origin");
  const preflight = c.req.method === "OPTIONS" && c.req.header("Access-Control-Request-Method") !== undefined;
  if (origin !== undefined && !isAllowed(allowed, origin)) {
    if (preflight) return c.body(null, 204);
    await next();
    return;
  }
  return cors({
    origin: (requested) => (isAllowed(allowed, requested) ? requested : null),
    allowHeaders: ["Authorization", "Content-Type", BOOKMARK_HEADER, REQUEST_ID_HEADER],
    allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    // Retry-After: when a throttled sign-in (429) may be tried again
    exposeHeaders: [BOOKMARK_HEADER, REQUEST_ID_HEADER, "Retry-After"],
    credentials: false,
    maxAge: 600,
  })(c, next);
});

const secure = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", "data:"],
    frameAncestors: ["'none'"],
  },
  crossOriginResourcePolicy: "same-site",
  xFrameOptions: "DENY",
});

/**
 * Security headers on every answer; the reference page at /docs needs its own script and style
 * sources. Answers carry tokens and financial data: no cache may keep them (`no-store`) unless the
 * route chose its own policy.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await secure(c, async () => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
});

import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env";
import { BOOKMARK_HEADER } from "./tenant";

/** CORS for browser front-ends: only the origins listed in CORS_ORIGINS (`*` allows any). */
export const corsForFrontends = createMiddleware<AppEnv>(async (c, next) => {
  const allowed = (c.env.CORS_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  return cors({
    origin: (origin) => (allowed.includes("*") || allowed.includes(origin) ? origin : null),
    allowHeaders: ["Authorization", "Content-Type", BOOKMARK_HEADER, "X-Request-Id"],
    allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    exposeHeaders: [BOOKMARK_HEADER, "X-Request-Id"],
    maxAge: 600,
  })(c, next);
});

/** Security headers; the reference page at /docs needs its own script and style sources. */
export const securityHeaders = secureHeaders({
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
});

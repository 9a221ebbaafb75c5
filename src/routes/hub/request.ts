import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { HubDeps } from "../../domain/hub/integrations";
import { ATTACHMENT_NOT_SENT } from "../../domain/hub/messages";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";

/** What the hub's domain functions need from the request. */
export const hubDeps = (c: Context<AppEnv>): HubDeps => ({
  db: c.get("db"),
  companyId: c.get("caller").companyId,
  credentialsKey: c.env.HUB_CREDENTIALS_KEY,
  now: new Date(),
  production: c.env.ENVIRONMENT !== "development",
});

/**
 * The attachment routes take multipart only; any other body is "file not sent" (400, the spec's status
 * for these routes), not a 415, with the code of a wrong media type.
 */
export const requireMultipart = createMiddleware<AppEnv>(async (c, next) => {
  const contentType = c.req.header("content-type");
  if (contentType && !/^multipart\/form-data/i.test(contentType))
    throw new ApiError(400, ATTACHMENT_NOT_SENT, { code: "unsupported_media_type" });
  await next();
});

import type { Context } from "hono";
import { issuerEventServiceFor } from "../../domain/emission/issuer-event-sefaz";
import type { AppEnv } from "../../env";

/** What the events' workflows take from a request: its database, the bucket, the account and SEFAZ. */
export const eventDeps = (c: Context<AppEnv>) => ({
  db: c.get("db"),
  bucket: c.env.UPLOADS,
  account: c.get("account"),
  serviceFor: issuerEventServiceFor({
    db: c.get("db"),
    env: c.env,
    production: c.env.ENVIRONMENT !== "development",
  }),
});

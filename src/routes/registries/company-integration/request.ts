import type { Context } from "hono";
import type { SettingsContext } from "../../../domain/pix/settings";
import type { AppEnv } from "../../../env";

/** What the Pix settings' checks need of the request: the Worker's bindings and whether it runs in production. */
export const settingsContext = (c: Context<AppEnv>): SettingsContext => ({
  env: c.env,
  production: c.env.ENVIRONMENT !== "development",
});

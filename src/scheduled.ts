import { drizzleFor, parseTenants, tenantDatabase } from "./db/client";
import { askStockPublish } from "./domain/hub/mercado-livre/stock-publish";
import { scheduleHourlyPulls } from "./domain/hub/pull";
import { scheduleFeedSyncs } from "./domain/openfinance/sync";
import { schedulePixPolls } from "./domain/pix/poll";
import { scheduleSefazSyncs } from "./domain/sefaz/sync";
import { expireUploadSlots } from "./domain/uploads/expire-slots";
import type { Env } from "./env";
import { errorFields, log, withLogContext } from "./lib/log";

/**
 * Cron trigger (`[triggers] crons` in wrangler.toml): expires the upload slots of every account and
 * asks the events consumer for a sweeping dispatch of each, queues the hourly order pull of every authenticated sales-channel integration
 * the poll of the received Pix of every configured Pix integration whose backoff is over, the sync of
 * every Open Finance feed not synced for 6 hours and not waiting for a 429, and the NF-e
 * distribution of every configured SEFAZ integration whose wait is over.
 * One account's failure is logged and does not stop the others; the run then fails as a whole
 * so the trigger's status shows it.
 */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = new Date(controller.scheduledTime);
  const failed: string[] = [];
  for (const account of Object.keys(parseTenants(env))) {
    await withLogContext({ account }, async () => {
      const database = tenantDatabase(env, account);
      if (!database) {
        log("error", "account without its database skipped by the upload sweep");
        failed.push(account);
        return;
      }
      try {
        const sweep = await expireUploadSlots({ db: drizzleFor(database), bucket: env.UPLOADS, now });
        if (sweep.slots > 0 || sweep.more) log("info", "expired upload slots removed", sweep);
        // events whose dispatch was never asked for, and deliveries whose queue message was lost
        await env.EVENTS.send({ kind: "dispatch", account, sweep: true });
        // listings whose publish was never asked for (a lost ask)
        await askStockPublish(drizzleFor(database), env.JOBS, account);
      } catch (error) {
        log("error", "upload sweep failed", errorFields(error));
        failed.push(account);
      }
      try {
        const pulls = await scheduleHourlyPulls({ db: drizzleFor(database), queue: env.JOBS, account }, now);
        if (pulls > 0) log("info", "hub order pulls queued", { pulls });
      } catch (error) {
        log("error", "hub order pulls not queued", errorFields(error));
        if (!failed.includes(account)) failed.push(account);
      }
      try {
        const polls = await schedulePixPolls({ db: drizzleFor(database), queue: env.JOBS, account }, now);
        if (polls > 0) log("info", "received Pix polls queued", { polls });
      } catch (error) {
        log("error", "received Pix polls not queued", errorFields(error));
        if (!failed.includes(account)) failed.push(account);
      }
      try {
        const feeds = await scheduleFeedSyncs({ db: drizzleFor(database), queue: env.JOBS, account }, now);
        if (feeds > 0) log("info", "Open Finance feed syncs queued", { feeds });
      } catch (error) {
        log("error", "Open Finance feed syncs not queued", errorFields(error));
        if (!failed.includes(account)) failed.push(account);
      }
      try {
        const syncs = await scheduleSefazSyncs({ db: drizzleFor(database), queue: env.JOBS, account }, now);
        if (syncs > 0) log("info", "SEFAZ distributions queued", { syncs });
      } catch (error) {
        log("error", "SEFAZ distributions not queued", errorFields(error));
        if (!failed.includes(account)) failed.push(account);
      }
    });
  }
  if (failed.length > 0) throw new Error(`scheduled work failed for: ${failed.join(", ")}`);
}

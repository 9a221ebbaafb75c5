import { createScheduledController, env } from "cloudflare:test";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../drizzle/schema";
import worker from "../../src/index";
import { newChannelIntegration } from "../support/hub-factories";
import { companyOneApi, demoDb } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";

beforeAll(seedAccounts);

const pullJobsOf = (integrationId: number) =>
  demoDb()
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, "HubOrderPull"), like(jobs.fileHash, `pull:${integrationId}:hour:%`)));

describe("hourly cron", () => {
  it("queues one pull per authenticated channel integration per hour, none for one not authenticated", async () => {
    const api = await companyOneApi();
    const authenticated = await newChannelIntegration(api);
    const unauthenticated = await newChannelIntegration(api, { Credentials: undefined });
    const at = Date.UTC(2026, 10, 23, 10, 17);
    for (const time of [at, at + 60_000]) {
      await worker.scheduled(createScheduledController({ scheduledTime: time, cron: "17 * * * *" }), env);
    }
    const queued = await pullJobsOf(authenticated.IDCompanyIntegration);
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]!.params)).toEqual({
      IDCompanyIntegration: authenticated.IDCompanyIntegration,
    });
    expect(await pullJobsOf(unauthenticated.IDCompanyIntegration)).toEqual([]);
    await worker.scheduled(
      createScheduledController({ scheduledTime: at + 3_600_000, cron: "17 * * * *" }),
      env,
    );
    expect(await pullJobsOf(authenticated.IDCompanyIntegration)).toHaveLength(2);
  });
});

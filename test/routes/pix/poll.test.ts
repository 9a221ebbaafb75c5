import { createScheduledController, env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankAccounts, jobs, pixIntegrations } from "../../../drizzle/schema";
import { PIX_CONNECTION_MESSAGES } from "../../../src/domain/pix/connection";
import { PIX_PER_CHUNK } from "../../../src/domain/pix/inbox";
import { PIX_INBOX_MESSAGES } from "../../../src/domain/pix/inbox-messages";
import { PIX_MESSAGES } from "../../../src/domain/pix/messages";
import { backoffSeconds, FIRST_POLL_HOURS, POLL_LAG_SECONDS } from "../../../src/domain/pix/poll-state";
import worker from "../../../src/index";
import { client, errorBody, signIn } from "../../support/api";
import {
  linesOf,
  newTxId,
  type PixSetup,
  pixIntegrationRow,
  pixIntegrationWithPsp,
  pixJson,
  receivable,
  titleRow,
} from "../../support/pix-inbox-factories";
import type { PspFault } from "../../support/pix-psp-double";
import { seedAccounts } from "../../support/seed";
import { dbOf, deliver, type JobBody, jobMessage, jobRow, waitForJob } from "../../support/upload-factories";

/**
 * The polling of received Pix: `POST /company/integration/{id}/pix/poll` and the cron create a
 * `PixReceivedPoll` job that reads `GET /v2/pix` of the integration's PSP (the loopback double) over
 * the window from its cursor, ingests it, and moves the cursor only when the whole window was read;
 * every PSP failure leaves a readable state and a backoff on the integration.
 */

beforeAll(seedAccounts);

let token: string;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
});

async function poll(setup: PixSetup): Promise<JobBody> {
  const answer = await api.post<{ IDJob: number; Message: string }>(
    `/company/integration/${setup.integrationId}/pix/poll`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return waitForJob(token, answer.body.IDJob, 30_000);
}

const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");
const listRequests = async (setup: PixSetup) =>
  (await setup.psp.requests()).filter((r) => r.path === "/v2/pix");

/** Pix received `minutesAgo` minutes ago, one a second. */
const recentPix = (count: number, minutesAgo = 30, extra: (i: number) => object = () => ({})) =>
  Array.from({ length: count }, (_, i) => ({
    ...pixJson({ cents: 1_000 + i, at: new Date(Date.now() - minutesAgo * 60_000 + i * 1000) }),
    ...extra(i),
  }));

describe("a poll", () => {
  it("reads the last 24 h the first time, stores and settles the Pix, and moves the cursor to fim", async () => {
    const setup = await pixIntegrationWithPsp();
    const txid = newTxId();
    const titleId = await receivable(1, { value: 2_500, dueDate: "2026-12-01", txId: txid });
    const old = pixJson({ cents: 700, at: new Date(Date.now() - (FIRST_POLL_HOURS + 1) * 3_600_000) });
    const paying = pixJson({ cents: 2_500, txid, at: new Date(Date.now() - 20 * 60_000) });
    const pending = pixJson({ cents: 800, at: new Date(Date.now() - 10 * 60_000) });
    await setup.psp.seedPix([old, paying, pending]);
    const started = Date.now();
    const job = await poll(setup);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toEqual({
      received: 2,
      imported: 2,
      duplicate: 0,
      settledByTxId: 1,
      settledByDocument: 0,
      pending: 1,
    });
    expect((await linesOf(setup)).map((line) => line.endToEndId).sort()).toEqual(
      [paying.endToEndId, pending.endToEndId].sort(),
    );
    expect(await titleRow(titleId)).toMatchObject({ status: 3 });
    const [request, ...more] = await listRequests(setup);
    expect(more).toEqual([]);
    expect(request!.query).toMatchObject({
      "paginacao.paginaAtual": "0",
      // the API's largest page (1 to 1000, default 100), as docs/PIX.md says
      "paginacao.itensPorPagina": "1000",
    });
    const inicio = Date.parse(request!.query.inicio!);
    const fim = Date.parse(request!.query.fim!);
    expect(fim - inicio).toBeGreaterThan(FIRST_POLL_HOURS * 3_600_000 - 120_000);
    expect(fim - inicio).toBeLessThanOrEqual(FIRST_POLL_HOURS * 3_600_000);
    expect(fim).toBeLessThanOrEqual(Date.now() - POLL_LAG_SECONDS * 1000);
    expect(fim).toBeGreaterThanOrEqual(started - POLL_LAG_SECONDS * 1000 - 1000);
    const row = await pixIntegrationRow(setup);
    expect(row).toMatchObject({ state: "Ok", stateReason: null, failures: 0, retryAfter: null });
    expect(row!.cursor).toBe(request!.query.fim);
    expect(row!.lastPollAt).not.toBeNull();

    // the next poll starts where this one ended
    await poll(setup);
    const [, second] = await listRequests(setup);
    expect(second!.query.inicio).toBe(request!.query.fim);
  });

  it("follows the pages of GET /v2/pix and reads more than a chunk", async () => {
    const setup = await pixIntegrationWithPsp();
    const count = PIX_PER_CHUNK + 150;
    await setup.psp.seedPix(recentPix(count));
    const job = await poll(setup);
    expect(job.Status).toBe("Done");
    expect(job.Result).toMatchObject({ received: count, imported: count, pending: count });
    expect(job.Processed).toBe(count);
    expect((await listRequests(setup)).map((r) => r.query["paginacao.paginaAtual"])).toEqual(
      Array.from({ length: Math.ceil(count / PIX_PER_CHUNK) }, (_, i) => String(i)),
    );
    expect(await linesOf(setup)).toHaveLength(count);
  });

  it("a Pix the webhook already brought is not stored again", async () => {
    const setup = await pixIntegrationWithPsp();
    const [first, second] = recentPix(2);
    await setup.psp.seedPix([first, second]);
    expect(await fetchWebhook(setup, { pix: [first] })).toMatchObject({ Imported: 1 });
    const job = await poll(setup);
    expect(job.Result).toMatchObject({ received: 2, imported: 1, duplicate: 1 });
    expect(await linesOf(setup)).toHaveLength(2);
  });
});

async function fetchWebhook(setup: PixSetup, body: unknown) {
  const answer = await api.post<Record<string, number>>(`/pix/webhook/${setup.secret}/pix`, body);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("PSP failures", () => {
  const cases: { fault: PspFault; state: string; reason: (retryAfter: string) => string; wait: number }[] = [
    {
      fault: { on: "token", mode: "401" },
      state: "CredentialsRefused",
      reason: () => PIX_MESSAGES.credentialsRefused(401),
      wait: backoffSeconds(1),
    },
    {
      fault: { mode: "429", retryAfter: "120" },
      state: "RateLimited",
      reason: () => PIX_MESSAGES.rateLimited(120),
      wait: 120,
    },
    {
      fault: { mode: "500" },
      state: "Unavailable",
      reason: () =>
        PIX_MESSAGES.unavailable(
          500,
          "Erro Interno do Servidor — Condição inesperada ao processar requisição.",
        ),
      wait: backoffSeconds(1),
    },
    {
      fault: { mode: "garbage" },
      state: "InvalidAnswer",
      reason: () => PIX_MESSAGES.invalidAnswer("corpo não é JSON"),
      wait: backoffSeconds(1),
    },
    {
      fault: { mode: "stall" },
      state: "Timeout",
      reason: () => PIX_MESSAGES.timeout(Number(env.PIX_TIMEOUT_MS)),
      wait: backoffSeconds(1),
    },
  ];

  it.each(cases.map((c) => [c.fault.mode, c] as const))(
    "%s: the job fails with the reason, the integration shows it and waits; the cursor stays",
    async (_mode, { fault, state, reason, wait }) => {
      const setup = await pixIntegrationWithPsp();
      await setup.psp.seedPix(recentPix(3));
      await setup.psp.faults([fault]);
      const before = Date.now();
      const job = await poll(setup);
      expect(job.Status).toBe("Failed");
      expect(job.FailureReason).toBe(reason(""));
      const row = await pixIntegrationRow(setup);
      expect(row).toMatchObject({ state, stateReason: reason(""), failures: 1, cursor: "" });
      expect(row!.retryAfter! >= utcText(before + wait * 1000 - 1000)).toBe(true);
      expect(row!.retryAfter! <= utcText(Date.now() + wait * 1000 + 1000)).toBe(true);
      expect(await linesOf(setup)).toEqual([]);
      for (const line of [job.FailureReason!, row!.stateReason!]) {
        expect(line).not.toContain(setup.credentials.clientSecret);
      }

      // the PSP is back: the next poll reads the window and clears the state
      const healed = await poll(setup);
      expect(healed).toMatchObject({ Status: "Done", Result: expect.objectContaining({ imported: 3 }) });
      expect(await pixIntegrationRow(setup)).toMatchObject({
        state: "Ok",
        stateReason: null,
        failures: 0,
        retryAfter: null,
      });
    },
  );

  it("failures in a row wait longer each time (doubling, capped)", async () => {
    const setup = await pixIntegrationWithPsp();
    await setup.psp.faults([{ mode: "503" }, { mode: "503" }, { mode: "503" }]);
    for (const failures of [1, 2, 3]) {
      const before = Date.now();
      expect((await poll(setup)).Status).toBe("Failed");
      const row = await pixIntegrationRow(setup);
      expect(row!.failures).toBe(failures);
      expect(row!.retryAfter! >= utcText(before + backoffSeconds(failures) * 1000 - 1000)).toBe(true);
    }
    expect(backoffSeconds(3)).toBe(4 * backoffSeconds(1));
    expect(backoffSeconds(100)).toBe(3600);
  });

  it("a failure after a first chunk keeps its lines, not the cursor; the next poll reads the window again", async () => {
    const setup = await pixIntegrationWithPsp();
    const count = PIX_PER_CHUNK + 200;
    await setup.psp.seedPix(recentPix(count));
    // page 0 (the first chunk, one page of PIX_PER_CHUNK) answers; page 1 fails
    await setup.psp.faults([{ mode: "pass" as const }, { mode: "500" }]);
    const failed = await poll(setup);
    expect(failed.Status).toBe("Failed");
    expect(failed.Processed).toBe(PIX_PER_CHUNK);
    expect(await linesOf(setup)).toHaveLength(PIX_PER_CHUNK);
    expect((await pixIntegrationRow(setup))!.cursor).toBe("");
    const again = await poll(setup);
    expect(again.Result).toMatchObject({ received: count, imported: 200, duplicate: PIX_PER_CHUNK });
    expect(await linesOf(setup)).toHaveLength(count);
    expect((await pixIntegrationRow(setup))!.cursor).not.toBe("");
  });

  it("an integration without address or credentials fails its poll with the reason", async () => {
    const setup = await pixIntegrationWithPsp({ configured: false });
    const job = await poll(setup);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: PIX_CONNECTION_MESSAGES.noBaseUrl });
    expect(await pixIntegrationRow(setup)).toMatchObject({
      state: "NotConfigured",
      stateReason: PIX_CONNECTION_MESSAGES.noBaseUrl,
    });
  });
});

describe("the address rule on every call to the PSP", () => {
  it("a stored BaseUrl on a private network fails the poll as NotConfigured, nothing sent", {
    timeout: 40_000,
  }, async () => {
    const setup = await pixIntegrationWithPsp();
    await dbOf()
      .update(pixIntegrations)
      .set({ baseUrl: "http://10.20.30.40/psp" })
      .where(eq(pixIntegrations.companyIntegrationId, setup.integrationId));
    const reason = PIX_MESSAGES.address("o endereço aponta para um endereço privado ou local");
    const job = await poll(setup);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: reason });
    expect(await pixIntegrationRow(setup)).toMatchObject({ state: "NotConfigured", stateReason: reason });
  });
});

describe("a poll job that cannot run", () => {
  const pollJob = async (params: string) => {
    const [created] = await dbOf()
      .insert(jobs)
      .values({
        companyId: 1,
        route: "pix-poll",
        type: "PixReceivedPoll",
        params,
        fileKey: "",
        fileName: "",
        contentType: "",
        sizeBytes: 0,
        fileHash: `test:${crypto.randomUUID()}`,
      })
      .returning({ id: jobs.id });
    await deliver([{ body: jobMessage(created!.id, "PixReceivedPoll") }]);
    return jobRow(created!.id);
  };

  it("ends Failed with a readable reason: bad parameters, an integration gone, an inactive account", async () => {
    expect(await pollJob("{}")).toMatchObject({
      status: "Failed",
      failureReason: PIX_INBOX_MESSAGES.pollParams,
    });
    expect(await pollJob(JSON.stringify({ IDCompanyIntegration: 2_147_483_000 }))).toMatchObject({
      status: "Failed",
      failureReason: PIX_INBOX_MESSAGES.integrationNotFound,
    });
    const setup = await pixIntegrationWithPsp();
    await dbOf().update(bankAccounts).set({ status: 0 }).where(eq(bankAccounts.id, setup.bankAccountId));
    expect(await pollJob(JSON.stringify({ IDCompanyIntegration: setup.integrationId }))).toMatchObject({
      status: "Failed",
      failureReason: PIX_INBOX_MESSAGES.accountInactive,
    });
    expect(await listRequests(setup)).toEqual([]);
  });
});

describe("the poll route", () => {
  it("refuses an integration of another company, another kind, or none, as the same 400", async () => {
    const other = await pixIntegrationWithPsp({ companyId: 2 });
    const inactive = await pixIntegrationWithPsp({ active: false });
    for (const id of [other.integrationId, inactive.integrationId, 2_147_483_000]) {
      const answer = await api.post(`/company/integration/${id}/pix/poll`);
      expect(answer.status).toBe(400);
      expect(errorBody(answer).errorMessage).toBe(PIX_INBOX_MESSAGES.integrationNotFound);
    }
    const row = await dbOf()
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.type, "PixReceivedPoll"),
          eq(jobs.params, JSON.stringify({ IDCompanyIntegration: other.integrationId })),
        ),
      )
      .all();
    expect(row).toEqual([]);
  });
});

const pollJobsOf = (setup: PixSetup) =>
  dbOf()
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.type, "PixReceivedPoll"),
        eq(jobs.params, JSON.stringify({ IDCompanyIntegration: setup.integrationId })),
      ),
    )
    .all();

describe("the cron", () => {
  it("queues a poll per configured integration whose wait is over, and never a second one while one is open", async () => {
    const due = await pixIntegrationWithPsp();
    const waiting = await pixIntegrationWithPsp();
    const unconfigured = await pixIntegrationWithPsp({ configured: false });
    await dbOf()
      .update(pixIntegrations)
      .set({ retryAfter: utcText(Date.now() + 3_600_000), state: "RateLimited" })
      .where(eq(pixIntegrations.companyIntegrationId, waiting.integrationId));
    // the due integration's PSP stalls, so its job is still open when the cron fires again
    await due.psp.faults([{ mode: "stall" }]);
    const now = Date.now();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env);
    await worker.scheduled(createScheduledController({ scheduledTime: now + 1000, cron: "17 * * * *" }), env);
    const queued = await pollJobsOf(due);
    expect(queued).toHaveLength(1);
    expect(await pollJobsOf(waiting)).toEqual([]);
    expect(await pollJobsOf(unconfigured)).toEqual([]);
    // asked by hand meanwhile: the open job is answered
    const asked = await api.post<{ IDJob: number; Message: string }>(
      `/company/integration/${due.integrationId}/pix/poll`,
    );
    expect(asked.body).toEqual({ IDJob: queued[0]!.id, Message: PIX_INBOX_MESSAGES.pollAlreadyOpen });
    const finished = await waitForJob(token, queued[0]!.id, 30_000);
    expect(finished.Status).toBe("Failed");
    // once it ended, the route creates a new one
    const fresh = await api.post<{ IDJob: number; Message: string }>(
      `/company/integration/${due.integrationId}/pix/poll`,
    );
    expect(fresh.body.Message).toBe(PIX_INBOX_MESSAGES.pollScheduled);
    expect(fresh.body.IDJob).not.toBe(queued[0]!.id);
    await waitForJob(token, fresh.body.IDJob, 30_000);
  });
});

describe("queue redelivery", () => {
  it("the same job delivered twice at once, then again after Done, stores each Pix once", async () => {
    const setup = await pixIntegrationWithPsp();
    const count = 250;
    await setup.psp.seedPix(recentPix(count));
    const [created] = await dbOf()
      .insert(jobs)
      .values({
        companyId: 1,
        route: "pix-poll",
        type: "PixReceivedPoll",
        params: JSON.stringify({ IDCompanyIntegration: setup.integrationId }),
        fileKey: "",
        fileName: "",
        contentType: "",
        sizeBytes: 0,
        fileHash: `test:${crypto.randomUUID()}`,
      })
      .returning({ id: jobs.id });
    const message = jobMessage(created!.id, "PixReceivedPoll");
    await Promise.all([deliver([{ body: message }]), deliver([{ body: message }])]);
    const done = await jobRow(created!.id);
    expect(done).toMatchObject({ status: "Done", processed: count });
    expect(JSON.parse(done!.result!)).toMatchObject({ received: count, imported: count });
    await deliver([{ body: message }]);
    expect(await jobRow(created!.id)).toEqual(done);
    expect(await linesOf(setup)).toHaveLength(count);
  });
});

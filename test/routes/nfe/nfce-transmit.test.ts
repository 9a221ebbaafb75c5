import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { NFE_NOT_FOUND } from "../../../src/domain/emission/messages";
import { nfceTransmitNotNfce, nfceTransmitNotOffline } from "../../../src/domain/emission/nfce-messages";
import { OFFLINE_RETRY_SECONDS } from "../../../src/domain/emission/nfce-rules";
import type { JobMessage } from "../../../src/domain/jobs/job-message";
import worker from "../../../src/index";
import { signIn } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import {
  authorizedNote,
  insertNote,
  invoicedOrder,
  newIssuer,
  noteRow,
} from "../../support/issued-nfe-factories";
import { counterSale, type NfceSetup, nfceSetup } from "../../support/nfce-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { deliver, waitForJob } from "../../support/upload-factories";

/**
 * `POST /nfe/{idnfe}/transmit` over HTTP against the SEFAZ authorizer double: an offline NFC-e
 * (tpEmis 9) transmitted at once when the shop says the authorizer is back, instead of at the job's
 * next try (`OFFLINE_RETRY_SECONDS` later); concurrent calls transmit it once; its refusals.
 */

beforeAll(seedAccounts);

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;
beforeAll(async () => {
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

type Note = {
  IDNFe: number;
  IDJob: number;
  Model: number;
  Key: string;
  Status: string;
  EmissionType: number;
  cStat: number | null;
  xMotivo: string | null;
  Protocol: string | null;
  RetryAt: string | null;
};

const note = async (id: number) => (await api.get<Note>(`/nfe/${id}`)).body;
const transmit = (id: number, as: Api = api) => as.post<Note>(`/nfe/${id}/transmit`);
const utcNow = () => new Date().toISOString().slice(0, 19).replace("T", " ");
const authorizedEvents = async (id: number) =>
  (
    await env.DB_DEMO.prepare(
      "SELECT payload FROM events WHERE type = 'nfe.authorized' AND json_extract(payload, '$.IDNFe') = ?",
    )
      .bind(id)
      .all<{ payload: string }>()
  ).results.map((r) => JSON.parse(r.payload));

/**
 * A counter sale issued while the authorizer does not answer (the send and the consult): `Offline`
 * with its tpEmis 9 key, its next try a minute away. The double answers again after that script.
 */
async function offlineNote(setup: NfceSetup) {
  const orderId = await counterSale(api, setup, { payments: [{ type: setup.cash, value: 100 }] });
  const issued = await api.post<{ IDJob: number; NFes: Note[] }>(`/orders/${orderId}/nfe`);
  expect(issued.status, JSON.stringify(issued.body)).toBe(202);
  const id = issued.body.NFes[0]!.IDNFe;
  await expect.poll(async () => (await note(id)).Status, { timeout: 30_000 }).toBe("Offline");
  const offline = await note(id);
  expect(offline.EmissionType).toBe(9);
  // the job's own next try is about OFFLINE_RETRY_SECONDS away
  expect(offline.RetryAt! > utcNow()).toBe(true);
  return { id, jobId: issued.body.IDJob, onlineKey: issued.body.NFes[0]!.Key, offline };
}

/**
 * The jobs queue kept by the test (`sent`: what the Worker sends through `bindings`) and a
 * `POST /nfe/{id}/transmit` through those bindings.
 */
function keptQueue(id: number) {
  const sent: JobMessage[] = [];
  const bindings = {
    ...env,
    JOBS: { send: async (body: JobMessage) => void sent.push(body) },
  } as unknown as typeof env;
  const post = async () => {
    const response = await worker.fetch(
      new Request(`http://demo.localhost/1.0/nfe/${id}/transmit`, {
        method: "POST",
        headers: { Authorization: `JWT ${token}` },
      }),
      bindings,
      createExecutionContext(),
    );
    return { status: response.status, body: (await response.json()) as Note };
  };
  return { sent, bindings, post };
}

/** What the double received: each request's service and whether it carried the key. */
const requestsWith = async (setup: NfceSetup, key: string) =>
  (await setup.double.requests()).map((r) => [r.service, r.body.includes(key)]);

describe("POST /nfe/{idnfe}/transmit: the offline NFC-e transmitted now", () => {
  it("the authorizer back: transmitted at once (well before the job's next try), authorized with the same tpEmis 9 key", async () => {
    const setup = await nfceSetup(api, { script: ["stop", "stop"], issuer: { NFCeOfflineContingency: 1 } });
    const { id, jobId, onlineKey, offline } = await offlineNote(setup);
    const before = Date.now();
    const answer = await transmit(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ IDNFe: id, Key: offline.Key, EmissionType: 9, Model: 65 });
    // the note as it stands: due now (or already authorized when the job was quicker than the read)
    if (answer.body.Status === "Offline") expect(answer.body.RetryAt! <= utcNow()).toBe(true);
    else expect(answer.body.Status).toBe("Authorized");
    await expect
      .poll(async () => (await note(id)).Status, { timeout: (OFFLINE_RETRY_SECONDS * 1000) / 4 })
      .toBe("Authorized");
    expect(Date.now() - before).toBeLessThan((OFFLINE_RETRY_SECONDS * 1000) / 4);
    expect(await note(id)).toMatchObject({
      Status: "Authorized",
      Key: offline.Key,
      EmissionType: 9,
      cStat: 100,
      RetryAt: null,
    });
    expect((await note(id)).Protocol).toMatch(/^\d{15}$/);
    // the transmission of the job: the normal key consulted first, then the offline XML, once
    const services = await setup.double.requests();
    expect(services.map((r) => r.service)).toEqual([
      "NFeAutorizacao4",
      "NFeConsultaProtocolo4",
      "NFeConsultaProtocolo4",
      "NFeAutorizacao4",
    ]);
    expect(services[2]!.body).toContain(onlineKey);
    expect(services[3]!.body).toContain(offline.Key);
    expect(await authorizedEvents(id)).toEqual([expect.objectContaining({ Key: offline.Key, Model: 65 })]);
    expect(await waitForJob(token, jobId, 60_000)).toMatchObject({ Status: "Done" });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("three calls at once: one makes it due and sends one message; deliveries at once transmit it once", async () => {
    const setup = await nfceSetup(api, { script: ["stop", "stop"], issuer: { NFCeOfflineContingency: 1 } });
    const { id, jobId, offline } = await offlineNote(setup);
    // the jobs queue kept by the test: what the calls send is counted, then delivered at once
    const { sent, bindings, post } = keptQueue(id);
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((a) => [a.status, a.body.IDNFe, a.body.Key])).toEqual(
      answers.map(() => [202, id, offline.Key]),
    );
    expect(sent).toEqual([{ type: "NFeEmission", account: "demo", jobId, wake: true }]);
    // that message delivered three times at once (with the job's own waking meanwhile): one
    // delivery takes the note, the others leave it
    await Promise.all([1, 2, 3].map(() => deliver([{ body: sent[0] }], "finance-jobs", bindings)));
    await expect.poll(async () => (await note(id)).Status, { timeout: 15_000 }).toBe("Authorized");
    const sends = (await requestsWith(setup, offline.Key)).filter(
      ([service, carries]) => service === "NFeAutorizacao4" && carries,
    );
    expect(sends).toHaveLength(1);
    expect(await authorizedEvents(id)).toHaveLength(1);
    expect(await note(id)).toMatchObject({ Status: "Authorized", Key: offline.Key, EmissionType: 9 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("the waking message is delivered once and never sent again: however many calls, the job keeps one chain of messages", async () => {
    // the authorizer still down: the waking delivery cannot transmit, the note waits again
    const setup = await nfceSetup(api, {
      script: ["stop", "stop", "stop", "stop"],
      issuer: { NFCeOfflineContingency: 1 },
    });
    const { id, jobId } = await offlineNote(setup);
    const { sent, bindings, post } = keptQueue(id);
    expect((await post()).status).toBe(202);
    const wake = { type: "NFeEmission", account: "demo", jobId, wake: true } as const;
    expect(sent).toEqual([wake]);
    await deliver([{ body: wake }], "finance-jobs", bindings);
    const waiting = await note(id);
    expect(waiting).toMatchObject({ Status: "Offline" });
    expect(waiting.RetryAt! > utcNow()).toBe(true);
    // the waking delivery transmitted (the double was asked) and ended: nothing sent again
    expect((await setup.double.requests()).length).toBeGreaterThan(2);
    expect(sent).toEqual([wake]);
    // the job's own message, delivered the same way, goes on (sent again, delayed)
    const own = { type: "NFeEmission", account: "demo", jobId } as const;
    await deliver([{ body: own }], "finance-jobs", bindings);
    expect(sent).toEqual([wake, own]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a note past its 24 h: the call makes it due, the job ends it Expired without sending; a second call is refused", async () => {
    const setup = await nfceSetup(api, { script: ["stop", "stop"], issuer: { NFCeOfflineContingency: 1 } });
    const { id, offline } = await offlineNote(setup);
    const sentBefore = (await setup.double.requests()).length;
    const brasilia = new Date(Date.now() - 24.01 * 3600_000 - 3 * 3600_000).toISOString().slice(0, 19);
    await env.DB_DEMO.prepare("UPDATE issued_nfes SET issued_at = ? WHERE id = ?")
      .bind(`${brasilia}-03:00`, id)
      .run();
    expect((await transmit(id)).status).toBe(202);
    await expect.poll(async () => (await note(id)).Status, { timeout: 15_000 }).toBe("Expired");
    expect((await setup.double.requests()).length).toBe(sentBefore);
    expectRefusal(await transmit(id), nfceTransmitNotOffline(id, "Expired"));
    expect(await note(id)).toMatchObject({ Status: "Expired", Key: offline.Key });
  });
});

describe("POST /nfe/{idnfe}/transmit: refused, nothing written", () => {
  it("refuses an NFC-e that is not offline (Authorized, Processing, Rejected), naming its state", async () => {
    const issuerId = await newIssuer(api);
    for (const status of ["Authorized", "Processing", "Rejected"]) {
      const { orderId } = await invoicedOrder(api);
      const inserted = await insertNote({ companyInvoiceId: issuerId, orderId, model: 65, status });
      const before = await noteRow(inserted.id);
      expectRefusal(await transmit(inserted.id), nfceTransmitNotOffline(inserted.id, status));
      expect(await noteRow(inserted.id)).toEqual(before);
    }
  });

  it("refuses an NF-e (model 55)", async () => {
    const { note: nfe } = await authorizedNote(api);
    const before = await noteRow(nfe.id);
    expectRefusal(await transmit(nfe.id), nfceTransmitNotNfce(nfe.id));
    expect(await noteRow(nfe.id)).toEqual(before);
  });

  it("refuses an unknown note and another company's offline NFC-e as the other /nfe/{idnfe} routes do", async () => {
    const { orderId } = await invoicedOrder(api);
    const offline = await insertNote({
      companyInvoiceId: await newIssuer(api),
      orderId,
      model: 65,
      emissionType: 9,
      status: "Offline",
      protocol: null,
      authorizedAt: null,
      retryAt: "2999-01-01 00:00:00",
    });
    const before = await noteRow(offline.id);
    expectRefusal(await transmit(999_999), NFE_NOT_FOUND);
    const other = await companyTwoApi();
    expectRefusal(await transmit(offline.id, other), NFE_NOT_FOUND);
    expect((await other.get(`/nfe/${offline.id}`)).body).toMatchObject({ errorMessage: NFE_NOT_FOUND });
    expect(await noteRow(offline.id)).toEqual(before);
  });
});

import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { drizzleFor } from "../../src/db/client";
import { issueNotes } from "../../src/domain/emission/issue";
import type { Env } from "../../src/env";
import { client, signIn } from "../support/api";
import { issuableOrder, issuableSetup, notesOfInvoice } from "../support/nfe-factories";
import { seedAccounts } from "../support/seed";

/**
 * Numbering: the issue's batch takes the number with the note (`issued_nfes_number` and the
 * compare-and-set on `nfe_next_number`): concurrent issues never share a number, a number given
 * once is never given again even when `NFeNextNumber` is set back, and a rejected note keeps its
 * number for the retry of the same order. The issue is called directly with a certificate that is
 * always valid and a queue that keeps the messages (the job's own path is test/routes/nfe).
 */

beforeAll(seedAccounts);

let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const sent: unknown[] = [];
const deps = () => ({
  db: drizzleFor(env.DB_DEMO),
  env: env as unknown as Env,
  queue: { send: async (message: unknown) => void sent.push(message) },
  account: "demo",
  ports: {
    signer: async () => ({
      key: {} as CryptoKey,
      certificatePem: "",
      notAfter: "2099-01-01T00:00:00Z",
      subject: "CN=Teste",
      fetcher: null,
    }),
  },
});
const caller = { companyId: 1, userId: 1 };

describe("numbering", () => {
  it("gives ten concurrent issues ten different numbers, in one series, with the next number past them", async () => {
    const setup = await issuableSetup(api, { issuer: { NFeNextNumber: 41 } });
    const orders = await Promise.all(Array.from({ length: 10 }, () => issuableOrder(api, setup)));
    const results = await Promise.all(orders.map((orderId) => issueNotes(deps(), caller, [{ orderId }])));
    const numbers = results.map((r) => r.notes[0]!.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => 41 + i));
    expect(new Set(results.map((r) => r.notes[0]!.accessKey)).size).toBe(10);
    const invoice = (await api.get<{ NFeNextNumber: number }[]>(`/company/invoice/${setup.issuer.id}`))
      .body[0]!;
    expect(invoice.NFeNextNumber).toBe(51);
    expect(sent.length).toBeGreaterThanOrEqual(10);
  });

  it("numbers a batch in the order of its orders and refuses a second issue of an order with a note", async () => {
    const setup = await issuableSetup(api);
    const orders = [
      await issuableOrder(api, setup),
      await issuableOrder(api, setup),
      await issuableOrder(api, setup),
    ];
    const batch = await issueNotes(
      deps(),
      caller,
      orders.map((orderId) => ({ orderId })),
    );
    expect(batch.notes.map((n) => [n.orderId, n.number, n.status, n.jobId])).toEqual(
      orders.map((orderId, i) => [orderId, i + 1, "Processing", batch.jobId]),
    );
    await expect(issueNotes(deps(), caller, [{ orderId: orders[0]! }])).rejects.toMatchObject({
      message: `Pedido já tem a NF-e ${batch.notes[0]!.id} (número 1) em Processing`,
    });
  });

  it("never gives a number again when NFeNextNumber is set back, and a rejected note keeps its number", async () => {
    const setup = await issuableSetup(api);
    const first = await issuableOrder(api, setup);
    const issued = await issueNotes(deps(), caller, [{ orderId: first }]);
    expect(issued.notes[0]!.number).toBe(1);
    expect((await api.put(`/company/invoice/${setup.issuer.id}`, { NFeNextNumber: 1 })).status).toBe(200);
    const second = await issuableOrder(api, setup);
    expect((await issueNotes(deps(), caller, [{ orderId: second }])).notes[0]!.number).toBe(2);

    // rejected by SEFAZ: the same order issued again keeps its row, number and cNF, under a new job
    const note = issued.notes[0]!;
    await env.DB_DEMO.prepare("UPDATE issued_nfes SET status = 'Rejected', c_stat = 225 WHERE id = ?")
      .bind(note.id)
      .run();
    const again = await issueNotes(deps(), caller, [{ orderId: first }]);
    expect(again.notes[0]).toMatchObject({
      id: note.id,
      number: 1,
      cnf: note.cnf,
      status: "Processing",
      cStat: null,
    });
    expect(again.jobId).not.toBe(issued.jobId);

    // after a 539 (SEFAZ holds the number under another key) the retry takes a new number
    await env.DB_DEMO.prepare("UPDATE issued_nfes SET status = 'Rejected', c_stat = 539 WHERE id = ?")
      .bind(note.id)
      .run();
    const renumbered = await issueNotes(deps(), caller, [{ orderId: first }]);
    expect(renumbered.notes[0]).toMatchObject({ id: note.id, number: 3, status: "Processing" });
    expect((await notesOfInvoice(setup.issuer.id)).map((n) => n.number)).toEqual([2, 3]);
  });
});

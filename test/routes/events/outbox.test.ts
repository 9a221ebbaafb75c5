import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { entries, events, titles, transfers, webhookDeliveries } from "../../../drizzle/schema";
import { client, signIn } from "../../support/api";
import { eventsOfType, withFailingTrigger } from "../../support/event-factories";
import { bankAccount, importOfx, ofx, session } from "../../support/import-factories";
import { expectRefusal } from "../../support/refusal";
import { seedAccounts } from "../../support/seed";
import {
  createBankAccount,
  createBankLine,
  createTitle,
  demoDb,
  titleState,
} from "../../support/statement-factories";
import { eventually } from "../../support/webhook-receiver";

let api: ReturnType<typeof client>;
let token: string;
let origin: number;
let destination: number;

beforeAll(async () => {
  await seedAccounts();
  token = await signIn("demo", "admin@demo.local");
  api = client("demo", token);
  origin = await createBankAccount({ bank: "Banco do Brasil", accountNumber: "12345-6" });
  destination = await createBankAccount({ bank: "Itaú", accountNumber: "9876-5" });
});

const rowCount = async (table: typeof events | typeof transfers | typeof entries) =>
  (await demoDb().select({ n: count() }).from(table))[0]!.n;

describe("outbox: every event in the batch of its change", () => {
  it("transfer.created carries the id the batch gave the transfer; transfer.deleted follows the delete", async () => {
    const created = await api.post("/accounts/bank-statement/transfer", {
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: 250.5,
      Description: "Reforço",
    });
    expect(created.status).toBe(200);
    const [event] = await eventsOfType("transfer.created");
    expect(event!.companyId).toBe(1);
    expect(event!.uid).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(event!.payload).toEqual({
      IDTransfer: created.body.IDBankStatementTransfer,
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: 250.5,
      Description: "Reforço",
    });

    const removed = await api.delete(
      `/accounts/bank-statement/transfer/${created.body.Debit.IDBankStatement}`,
    );
    expect(removed.status).toBe(200);
    const [deleted] = await eventsOfType("transfer.deleted");
    expect(deleted!.payload).toEqual({
      IDTransfer: created.body.IDBankStatementTransfer,
      IDBankFrom: origin,
      IDBankTo: destination,
      Value: 250.5,
    });
  });

  it("an event no active endpoint subscribes to is written dispatched; a subscribed one goes through the fan-out", async () => {
    const transfer = () =>
      api.post("/accounts/bank-statement/transfer", {
        IDBankFrom: origin,
        IDBankTo: destination,
        Value: 10,
        Description: "Assinatura",
      });
    // an endpoint for another type only: transfer.created has no subscriber
    const created = await api.post("/webhook", { Url: "http://127.0.0.1:9/hook", Events: ["title.paid"] });
    expect(created.status).toBe(200);
    const endpoint = created.body[0]!.IDWebhook as number;
    expect((await transfer()).status).toBe(200);
    const [unsubscribed] = await eventsOfType("transfer.created");
    expect(unsubscribed!.dispatchedAt).not.toBeNull();
    expect(unsubscribed!.dispatchKey).toBeNull();

    // subscribed: the event waits for the fan-out, which gives it its delivery
    expect((await api.put(`/webhook/${endpoint}`, { Events: ["transfer.created"] })).status).toBe(200);
    expect((await transfer()).status).toBe(200);
    const [subscribed] = await eventsOfType("transfer.created");
    expect(subscribed!.id).toBeGreaterThan(unsubscribed!.id);
    await eventually(async () => {
      const [row] = await eventsOfType("transfer.created");
      return row!.dispatchKey !== null;
    });
    const deliveries = await demoDb()
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint));
    expect(deliveries.map((d) => d.eventId)).toEqual([subscribed!.id]);
    expect((await api.delete(`/webhook/${endpoint}`)).status).toBe(200);
  });

  it("a change that fails writes no event", async () => {
    const before = { events: await rowCount(events), transfers: await rowCount(transfers) };
    await withFailingTrigger(
      "fail_credit",
      "BEFORE INSERT ON bank_statements WHEN NEW.type_account = 0",
      async () => {
        const response = await api.post("/accounts/bank-statement/transfer", {
          IDBankFrom: origin,
          IDBankTo: destination,
          Value: 10,
        });
        expectRefusal(response, "Falha ao inserir transação de crédito");
      },
    );
    expect({ events: await rowCount(events), transfers: await rowCount(transfers) }).toEqual(before);
  });

  it("an event that fails to be written takes its change with it", async () => {
    const before = {
      events: await rowCount(events),
      transfers: await rowCount(transfers),
      entries: await rowCount(entries),
    };
    await withFailingTrigger("fail_event", "BEFORE INSERT ON events", async () => {
      const response = await api.post("/accounts/bank-statement/transfer", {
        IDBankFrom: origin,
        IDBankTo: destination,
        Value: 10,
      });
      expectRefusal(response, "Falha ao processar transferência");
    });
    expect({
      events: await rowCount(events),
      transfers: await rowCount(transfers),
      entries: await rowCount(entries),
    }).toEqual(before);
  });

  it("a title payment that settles the title writes title.paid; a partial one does not; a failed event keeps the title open", async () => {
    const titleId = await createTitle({ value: 30000 });
    const partial = await api.post(`/accounts/receivable/${titleId}/payment`, {
      IDBankAccount: origin,
      Value: 100,
    });
    expect(partial.status).toBe(200);
    expect(
      (await eventsOfType("title.paid")).filter((e) => e.payload.IDAccountPayableReceivable === titleId),
    ).toEqual([]);

    await withFailingTrigger("fail_event", "BEFORE INSERT ON events", async () => {
      const refused = await api.post(`/accounts/receivable/${titleId}/payment`, {
        IDBankAccount: origin,
        Value: 200,
      });
      expect(refused.status).not.toBe(200);
    });
    expect(await titleState(titleId)).toEqual({ openValue: 20000, status: 2 });

    const rest = await api.post(`/accounts/receivable/${titleId}/payment`, {
      IDBankAccount: origin,
      Value: 200,
    });
    expect(rest.status).toBe(200);
    const paid = (await eventsOfType("title.paid")).filter(
      (e) => e.payload.IDAccountPayableReceivable === titleId,
    );
    expect(paid.map((e) => e.payload)).toEqual([
      { IDAccountPayableReceivable: titleId, IDTypeAccount: 0, Value: 300 },
    ]);
  });

  it("reconciling a bank line writes bank_line.reconciled and title.paid; undoing writes bank_line.unreconciled", async () => {
    const titleId = await createTitle({ value: 12000 });
    const lineId = await createBankLine({ bankAccountId: origin, value: 12000, date: "2026-11-20" });
    const reconciled = await api.post("/accounts/bank-statement", {
      IDBankAccount: origin,
      IDBankStatementConciliation: lineId,
      Accounts: [{ IDAccountPayableReceivable: titleId }],
    });
    expect(reconciled.status).toBe(200);
    const [line] = (await eventsOfType("bank_line.reconciled")).filter(
      (e) => e.payload.IDBankStatementConciliation === lineId,
    );
    expect(line!.payload).toEqual({
      IDBankStatementConciliation: lineId,
      IDBankAccount: origin,
      Value: 120,
      IDAccountPayableReceivable: [titleId],
    });
    const paid = (await eventsOfType("title.paid")).filter(
      (e) => e.payload.IDAccountPayableReceivable === titleId,
    );
    expect(paid.map((e) => e.payload)).toEqual([
      { IDAccountPayableReceivable: titleId, IDTypeAccount: 0, Value: 120 },
    ]);

    const undone = await api.delete(`/accounts/bank-statement/conciliation/${lineId}`);
    expect(undone.status).toBe(200);
    const [undo] = (await eventsOfType("bank_line.unreconciled")).filter(
      (e) => e.payload.IDBankStatementConciliation === lineId,
    );
    expect(undo!.payload).toEqual({
      IDBankStatementConciliation: lineId,
      IDBankAccount: origin,
      PreviousReconciledValue: 120,
    });
    const title = await demoDb().select().from(titles).where(eq(titles.id, titleId)).get();
    expect(title!.openValue).toBe(12000);
  });

  it("a bank file imported ends its job Done with bank_file.imported and the counts, once", async () => {
    const s = await session();
    const account = await bankAccount({ accountNumber: null });
    const job = await importOfx(
      s.token,
      account,
      ofx([
        { fitId: "EVT-1", date: "20261110", amount: "-50.00", memo: "TARIFA" },
        { fitId: "EVT-2", date: "20261111", amount: "80.00", memo: "PIX" },
      ]),
    );
    expect(job.Status).toBe("Done");
    const imported = (await eventsOfType("bank_file.imported")).filter((e) => e.payload.IDJob === job.IDJob);
    expect(imported.map((e) => e.payload)).toEqual([
      {
        IDJob: job.IDJob,
        IDBankAccount: account,
        FileName: expect.any(String),
        Result: { imported: 2, duplicate: 0, skipped: 0, autoReconciled: 0, pending: 2 },
      },
    ]);
  });
});

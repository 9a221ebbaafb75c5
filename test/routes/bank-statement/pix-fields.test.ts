import { beforeAll, describe, expect, it } from "vitest";
import { bankLines } from "../../../drizzle/schema";
import { call } from "../../support/api";
import { bankAccount, db, type Session, session } from "../../support/import-factories";
import { seedAccounts } from "../../support/seed";

/**
 * The statement's bank lines (Source=2) show the Pix keys and the payer of a received Pix:
 * `EndToEndId`, `TxId`, `PayerDocument`, `PayerName`, null where the source does not tell them.
 * Received-Pix lines are written straight into D1 with the columns the Pix ingestion fills.
 */

const END_TO_END_ID = "E00038166202403051200abcdefghijk";
const TXID = "pedido12345fatura6789abcdef0";

let s: Session;
let account: number;
let pix: number;
let pixWithoutCharge: number;
let manual: number;

beforeAll(async () => {
  await seedAccounts();
  s = await session();
  account = await bankAccount();
  const insert = async (
    values: Partial<typeof bankLines.$inferInsert> & { dedupeKey: string; date: string },
  ) =>
    (
      await db()
        .insert(bankLines)
        .values({
          companyId: 1,
          bankAccountId: account,
          value: 15_050,
          description: "Pix recebido",
          ...values,
        })
        .returning({ id: bankLines.id })
    )[0]!.id;
  pix = await insert({
    date: "2024-03-05",
    dedupeKey: `e2e:${END_TO_END_ID}`,
    endToEndId: END_TO_END_ID,
    txId: TXID,
    payerDocument: "12ABC34501DE35",
    payerName: "Empresa Exemplo Ltda",
  });
  pixWithoutCharge = await insert({
    date: "2024-03-06",
    dedupeKey: "e2e:E00038166202403061200abcdefghijl",
    endToEndId: "E00038166202403061200abcdefghijl",
    payerDocument: "12345678909",
    payerName: "Fulano de Tal",
  });
  const typed = await s.api.post("/accounts/bank-statement/conciliation", {
    IDBankAccount: account,
    Date: "2024-03-07",
    Value: -12.5,
    Description: "TARIFA",
  });
  expect(typed.status).toBe(200);
  manual = typed.body.IDBankStatementConciliation;
  expect(typed.body).toMatchObject({ EndToEndId: null, TxId: null, PayerDocument: null, PayerName: null });
});

const PIX_FIELDS = ["EndToEndId", "TxId", "PayerDocument", "PayerName"] as const;
const pixFields = (line: Record<string, unknown>) => Object.fromEntries(PIX_FIELDS.map((f) => [f, line[f]]));

describe("bank lines show the Pix keys and the payer", () => {
  it("GET /accounts/bank-statement Source=2: each line with its own, null when unknown", async () => {
    const response = await s.api.get(
      `/accounts/bank-statement?Source=2&IDBankAccount=${account}&DateFrom=2024-03-01`,
    );
    expect(response.status).toBe(200);
    const lines = response.body as Record<string, unknown>[];
    expect(lines.map((line) => line.IDBankStatementConciliation)).toEqual([pix, pixWithoutCharge, manual]);
    expect(lines.map(pixFields)).toEqual([
      {
        EndToEndId: END_TO_END_ID,
        TxId: TXID,
        PayerDocument: "12ABC34501DE35",
        PayerName: "Empresa Exemplo Ltda",
      },
      {
        EndToEndId: "E00038166202403061200abcdefghijl",
        TxId: null,
        PayerDocument: "12345678909",
        PayerName: "Fulano de Tal",
      },
      { EndToEndId: null, TxId: null, PayerDocument: null, PayerName: null },
    ]);
    // every field the line had before is still there, in its place, the new ones after them
    expect(Object.keys(lines[0]!)).toEqual([
      "IDBankStatementConciliation",
      "IDBankAccount",
      "Date",
      "Value",
      "Description",
      "Document",
      "FitId",
      "IDTypeStatusConciliation",
      "IDBankStatementConciliationRule",
      ...PIX_FIELDS,
      "Origin",
      "Pending",
      "WithdrawnAt",
      "FeedTransactionId",
      "InternalAccounts",
      "TotalInflow",
      "TotalOutflow",
      "Difference",
      "ReconciledValue",
    ]);
  });

  it("GET /accounts/bank-statement/conciliation/{id}: the same fields on one line", async () => {
    const response = await s.api.get(`/accounts/bank-statement/conciliation/${pix}`);
    expect(response.status).toBe(200);
    expect(pixFields(response.body)).toEqual({
      EndToEndId: END_TO_END_ID,
      TxId: TXID,
      PayerDocument: "12ABC34501DE35",
      PayerName: "Empresa Exemplo Ltda",
    });
  });

  it("the OpenAPI document declares them on BankLine, nullable", async () => {
    type Schema = { properties: Record<string, { type?: unknown; nullable?: boolean }>; required?: string[] };
    const doc = await call<{ components: { schemas: Record<string, Schema> } }>(
      "demo",
      "GET",
      "/openapi.json",
    );
    const bankLine = doc.body.components.schemas.BankLine!;
    for (const field of PIX_FIELDS) {
      expect(bankLine.properties[field], field).toBeDefined();
      expect(bankLine.required, field).toContain(field);
      const property = bankLine.properties[field]!;
      expect(
        property.nullable === true || (Array.isArray(property.type) && property.type.includes("null")),
        field,
      ).toBe(true);
    }
  });
});

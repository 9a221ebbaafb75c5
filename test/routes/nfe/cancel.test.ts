import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "../../../drizzle/schema";
import { errorBody } from "../../support/api";
import {
  authorizedNote,
  eventRows,
  ISSUER_CNPJ,
  newIssuer,
  noteRow,
  sefazIssuer,
  stockBalance,
} from "../../support/issued-nfe-factories";
import { historyRows, orderRow } from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { type AuthorizerStep, sefazAuthorizerDouble } from "../../support/sefaz-authorizer-double";

/**
 * `POST /nfe/{idnfe}/cancel` against the SEFAZ authorizer double (which checks the envelope, the
 * XSD of envEvento/110111 and the signature): the registration written in one batch with the order
 * cancelled and its stock back; rejections and silences change nothing.
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let issuerId: number;
let double: Awaited<ReturnType<typeof sefazAuthorizerDouble>>;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  double = await sefazAuthorizerDouble(ISSUER_CNPJ, { tpAmb: "2" });
  issuerId = await sefazIssuer(api, double.baseUrl);
});

const JUSTIFICATION = "Pedido cancelado pelo cliente antes do envio";
const cancel = (id: number, justification = JUSTIFICATION) =>
  api.post(`/nfe/${id}/cancel`, { Justification: justification });

const outboxOf = (type: string) =>
  demoDb()
    .select()
    .from(events)
    .where(and(eq(events.type, type)));

async function cancellationsOf(nfeId: number) {
  return (await outboxOf("nfe.cancelled")).filter((row) => JSON.parse(row.payload).IDNFe === nfeId);
}

/** A note ready to cancel and the double's next answers. */
async function scripted(script: AuthorizerStep[]) {
  const found = await authorizedNote(api, { issuerId });
  await double.script(script);
  return found;
}

/** Nothing of a cancellation was written: the note, its order, its stock and the outbox as they were. */
async function expectUnchanged(found: Awaited<ReturnType<typeof scripted>>) {
  expect(await noteRow(found.note.id)).toMatchObject({ status: "Authorized" });
  expect(await orderRow(found.orderId)).toMatchObject({ statusId: 6, stockState: 1 });
  expect(await historyRows(found.orderId)).toHaveLength(2);
  expect(await stockBalance(found.skuId, found.warehouseId)).toBe(6);
  expect(await cancellationsOf(found.note.id)).toEqual([]);
  const key = `demo/1/nfe/${found.note.id}/event-110111-1.xml`;
  expect(await env.UPLOADS.head(key)).toBeNull();
}

describe("POST /nfe/{idnfe}/cancel against SEFAZ", () => {
  it("135: the note Cancelled, the event Registered with its protocol, the order to 10 with its stock back, nfe.cancelled, the procEventoNFe in R2", async () => {
    const found = await scripted(["135"]);
    expect(await stockBalance(found.skuId, found.warehouseId)).toBe(6);
    const response = await cancel(found.note.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      IDNFe: found.note.id,
      IDOrder: found.orderId,
      Status: "Cancelled",
      Key: found.note.accessKey,
      Correction: null,
      Events: [
        {
          Type: 110111,
          Sequence: 1,
          Text: JUSTIFICATION,
          Status: "Registered",
          cStat: 135,
          xMotivo: "Evento registrado e vinculado a NF-e",
          Protocol: expect.stringMatching(/^\d{15}$/),
          RegisteredAt: expect.stringMatching(/-03:00$/),
        },
      ],
    });
    const protocol = response.body.Events[0]!.Protocol!;
    expect(await noteRow(found.note.id)).toMatchObject({ status: "Cancelled" });
    expect(await orderRow(found.orderId)).toMatchObject({ statusId: 10, stockState: 2 });
    expect((await historyRows(found.orderId)).map((h) => h.toStatusId)).toEqual([3, 6, 10]);
    expect(await stockBalance(found.skuId, found.warehouseId)).toBe(10);
    const [cancelled] = await cancellationsOf(found.note.id);
    expect(JSON.parse(cancelled!.payload)).toEqual({
      IDNFe: found.note.id,
      IDOrder: found.orderId,
      Key: found.note.accessKey,
      Number: found.note.number,
      Series: 1,
      Protocol: protocol,
      cStat: 135,
      OrderCancelled: 1,
    });
    const [event] = await eventRows(found.note.id);
    const stored = await env.UPLOADS.get(event!.xmlKey!);
    const proc = await stored!.text();
    expect(proc).toMatch(
      /^<procEventoNFe xmlns="http:\/\/www\.portalfiscal\.inf\.br\/nfe" versao="1\.00"><evento/,
    );
    expect(proc).toContain(`<xJust>${JUSTIFICATION}</xJust>`);
    expect(proc).toContain(`<nProt>${found.note.protocol}</nProt>`);
    expect(proc).toContain(`<nProt>${protocol}</nProt>`);
    // what reached the double: one envEvento at the issuer's authorizer's event service, with the note's protocol
    const sent = (await double.requests()).filter((r) => r.body.includes(found.note.accessKey));
    expect(sent.map((r) => r.service)).toEqual(["NFeRecepcaoEvento4"]);
    expect(sent[0]!.path.toLowerCase()).toContain("recepcaoevento4");
    expect(sent[0]!.body).toContain("<tpEvento>110111</tpEvento>");

    // twice: refused before SEFAZ
    expectRefusal(await cancel(found.note.id), `NF-e ${found.note.id} já está cancelada`);
    expect((await double.requests()).filter((r) => r.body.includes(found.note.accessKey))).toHaveLength(1);
  });

  it("501 (past the window at SEFAZ): refused with SEFAZ's reason verbatim, stored on the event, nothing else changes; a later send reuses the slot", async () => {
    const found = await scripted(["501"]);
    expectRefusal(
      await cancel(found.note.id),
      "SEFAZ rejeitou o cancelamento: 501 - Rejeição: Pedido de Cancelamento intempestivo (NF-e autorizada a mais de 7 dias)",
    );
    expect(await eventRows(found.note.id)).toEqual([
      expect.objectContaining({
        status: "Rejected",
        cStat: 501,
        xMotivo: "Rejeição: Pedido de Cancelamento intempestivo (NF-e autorizada a mais de 7 dias)",
        protocol: null,
        xmlKey: null,
      }),
    ]);
    await expectUnchanged(found);
    await double.script(["135"]);
    const again = await cancel(found.note.id, "Cliente desistiu da compra, segunda tentativa");
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.Events).toEqual([
      expect.objectContaining({
        Sequence: 1,
        Status: "Registered",
        Text: "Cliente desistiu da compra, segunda tentativa",
      }),
    ]);
  });

  it("a timeout leaves everything as it was and the event Pending; the resend (its first text) answered 573 counts as registered", async () => {
    const found = await scripted(["stall"]);
    const response = await cancel(found.note.id);
    expect(response.status).toBe(400);
    expect(errorBody(response).errorMessage).toMatch(
      /^SEFAZ não respondeu ao cancelamento \(tempo esgotado: .+\): a NF-e não mudou; envie de novo \(se a SEFAZ já o registrou, o reenvio é reconhecido pela resposta 573\)$/,
    );
    await expectUnchanged(found);
    expect(await eventRows(found.note.id)).toEqual([
      expect.objectContaining({ status: "Pending", cStat: null, text: JUSTIFICATION }),
    ]);
    await double.script(["573"]);
    const resent = await cancel(found.note.id, "Outro texto que não é o enviado antes");
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({
      Status: "Cancelled",
      Events: [{ Status: "Registered", cStat: 573, Protocol: null, Text: JUSTIFICATION }],
    });
    const bodies = (await double.requests())
      .filter((r) => r.body.includes(found.note.accessKey))
      .map((r) => r.body);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).toContain(`<xJust>${JUSTIFICATION}</xJust>`);
    expect(await orderRow(found.orderId)).toMatchObject({ statusId: 10 });
    expect(await stockBalance(found.skuId, found.warehouseId)).toBe(10);
  });

  it.each([
    ["503", /serviço indisponível HTTP 503/],
    ["500", /serviço indisponível HTTP 500/],
    ["fault", /falha SOAP/],
    ["garbage", /resposta que não é a do serviço/],
    ["stop", /falha de conexão|resposta que não é a do serviço/],
  ] as const)("SEFAZ answering %s: a 400 with why, nothing half-written", async (step, reason) => {
    const found = await scripted([step]);
    const response = await cancel(found.note.id);
    expect(response.status).toBe(400);
    expect(errorBody(response).errorMessage).toMatch(reason);
    await expectUnchanged(found);
    expect(await eventRows(found.note.id)).toEqual([expect.objectContaining({ status: "Pending" })]);
  });

  it("refuses an issuer without a certificate of its CNPJ's root in the store, nothing written", async () => {
    const other = await newIssuer(api, { Document: "99887766000105" });
    const found = await authorizedNote(api, { issuerId: other });
    expectRefusal(
      await cancel(found.note.id),
      `Faturador ${other} sem certificado digital: envie o A1 em POST /company/invoice/${other}/certificate`,
    );
    expect(await eventRows(found.note.id)).toEqual([]);
    expect(await noteRow(found.note.id)).toMatchObject({ status: "Authorized" });
  });
});

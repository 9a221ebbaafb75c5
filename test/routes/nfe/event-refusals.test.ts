import { beforeAll, describe, expect, it } from "vitest";
import { errorBody } from "../../support/api";
import {
  authorizedNote,
  eventRows,
  insertEvent,
  insertNote,
  insertVoid,
  invoicedOrder,
  newIssuer,
  noteRow,
  stockBalance,
  voidRows,
} from "../../support/issued-nfe-factories";
import { orderRow } from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

/**
 * What the events and the voiding refuse before anything reaches SEFAZ: each a 400 with its message,
 * nothing written (the note, its order, its stock, its events and the series as they were).
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const cancel = (id: number, body: unknown = { Justification: "Pedido cancelado pelo cliente" }) =>
  api.post(`/nfe/${id}/cancel`, body);
const correct = (id: number, body: unknown = { Correction: "Endereço de entrega: Rua das Flores, 100" }) =>
  api.post(`/nfe/${id}/correction`, body);
const voidRange = (body: Record<string, unknown>) =>
  api.post("/nfe/void", {
    Model: 55,
    Series: 1,
    Justification: "Falha do sistema ao transmitir as notas",
    ...body,
  });

describe("POST /nfe/{idnfe}/cancel: refused before SEFAZ", () => {
  it("refuses a justification out of 15 to 255 NF-e characters, or missing", async () => {
    const { note } = await authorizedNote(api);
    expectRefusal(await cancel(note.id, {}), "Justification é obrigatório");
    expectRefusal(await cancel(note.id, { Justification: 15 }), "Justification deve ser um texto");
    expectRefusal(
      await cancel(note.id, { Justification: "  curta demais  " }),
      "Justification deve ter de 15 a 255 caracteres",
    );
    expectRefusal(
      await cancel(note.id, { Justification: "x".repeat(256) }),
      "Justification deve ter de 15 a 255 caracteres",
    );
    expectRefusal(
      await cancel(note.id, { Justification: "Cliente desistiu\nda compra" }),
      "Justification não pode conter caracteres de controle nem quebras de linha",
    );
    expectRefusal(
      await cancel(note.id, { Justification: "Cliente desistiu — da compra" }),
      "Justification tem um caractere que a NF-e não aceita (U+2014): use letras, números, espaços e pontuação comum",
    );
    expect(await eventRows(note.id)).toEqual([]);
  });

  it("refuses an unknown note and another company's", async () => {
    const { note } = await authorizedNote(api);
    expectRefusal(await cancel(999_999), "NF-e não existe");
    const other = await companyTwoApi();
    expectRefusal(
      await other.post(`/nfe/${note.id}/cancel`, { Justification: "Pedido cancelado pelo cliente" }),
      "NF-e não existe",
    );
    expect(await eventRows(note.id)).toEqual([]);
  });

  it("refuses a note that is not authorized, and one already cancelled (twice)", async () => {
    const issuerId = await newIssuer(api);
    const { orderId } = await invoicedOrder(api);
    const rejected = await insertNote({
      companyInvoiceId: issuerId,
      orderId,
      status: "Rejected",
      protocol: null,
    });
    expectRefusal(
      await cancel(rejected.id),
      `Só uma NF-e autorizada pode ser cancelada: a NF-e ${rejected.id} está em Rejected`,
    );
    const { note } = await authorizedNote(api);
    const cancelled = await insertNote({
      companyInvoiceId: note.companyInvoiceId,
      orderId: (await invoicedOrder(api)).orderId,
      status: "Cancelled",
    });
    expectRefusal(await cancel(cancelled.id), `NF-e ${cancelled.id} já está cancelada`);
    expect(await eventRows(cancelled.id)).toEqual([]);
  });

  it("refuses past the 24 hours of the window, naming when it closed; nothing written", async () => {
    const { note, orderId, skuId, warehouseId } = await authorizedNote(api, { authorizedHoursAgo: 24.05 });
    const response = await cancel(note.id);
    expect(response.status).toBe(400);
    const { errorMessage } = errorBody(response);
    expect(errorMessage).toMatch(
      /^Prazo de cancelamento esgotado: a NF-e foi autorizada em \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00 e a SEFAZ só aceita o cancelamento até 24 horas depois \(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00\)$/,
    );
    expect(errorMessage).toContain(note.authorizedAt!);
    expect(await noteRow(note.id)).toMatchObject({ status: "Authorized" });
    expect(await orderRow(orderId)).toMatchObject({ statusId: 6 });
    expect(await stockBalance(skuId, warehouseId)).toBe(6);
    expect(await eventRows(note.id)).toEqual([]);
  });

  it("refuses a note without its authorization date", async () => {
    const issuerId = await newIssuer(api);
    const { orderId } = await invoicedOrder(api);
    const note = await insertNote({ companyInvoiceId: issuerId, orderId, authorizedAt: null });
    expectRefusal(
      await cancel(note.id),
      "NF-e sem data de autorização (dhRecbto): o prazo de cancelamento não pode ser verificado",
    );
  });

  it("refuses when the order can no longer be cancelled (it moved on to shipped)", async () => {
    const { note, orderId } = await authorizedNote(api);
    expect((await api.put(`/orders/${orderId}`, { IDStatusOrder: 7 })).status).toBe(200);
    expectRefusal(
      await cancel(note.id),
      `O pedido ${orderId} está no status 7 (Enviado à transportadora): cancelar a NF-e cancela o pedido, e a tabela de transições não leva do status 7 ao 10 (Cancelado)`,
    );
    expect(await eventRows(note.id)).toEqual([]);
  });

  it("refuses while another request is sending the cancellation (its slot held)", async () => {
    const { note } = await authorizedNote(api);
    await insertEvent({
      nfeId: note.id,
      type: 110111,
      sequence: 1,
      status: "Processing",
      cStat: null,
      protocol: null,
    });
    expectRefusal(
      await cancel(note.id),
      `O cancelamento da NF-e ${note.id} está sendo enviado à SEFAZ por outra requisição: tente de novo em instantes`,
    );
  });
});

describe("POST /nfe/{idnfe}/correction: refused before SEFAZ", () => {
  it("refuses a correction out of 15 to 1000 NF-e characters, or missing", async () => {
    const { note } = await authorizedNote(api);
    expectRefusal(await correct(note.id, {}), "Correction é obrigatório");
    expectRefusal(
      await correct(note.id, { Correction: "Rua errada" }),
      "Correction deve ter de 15 a 1000 caracteres",
    );
    expectRefusal(
      await correct(note.id, { Correction: "y".repeat(1001) }),
      "Correction deve ter de 15 a 1000 caracteres",
    );
    expectRefusal(
      await correct(note.id, { Correction: "Endereço\tde entrega errado" }),
      "Correction não pode conter caracteres de controle nem quebras de linha",
    );
    expectRefusal(await correct(999_999), "NF-e não existe");
  });

  it("refuses a CC-e on a cancelled note and on a note not authorized", async () => {
    const issuerId = await newIssuer(api);
    const cancelled = await insertNote({
      companyInvoiceId: issuerId,
      orderId: (await invoicedOrder(api)).orderId,
      status: "Cancelled",
    });
    expectRefusal(
      await correct(cancelled.id),
      `NF-e ${cancelled.id} está cancelada: uma NF-e cancelada não aceita carta de correção`,
    );
    const denied = await insertNote({
      companyInvoiceId: issuerId,
      orderId: (await invoicedOrder(api)).orderId,
      status: "Denied",
    });
    expectRefusal(
      await correct(denied.id),
      `Só uma NF-e autorizada aceita carta de correção: a NF-e ${denied.id} está em Denied`,
    );
  });

  it("refuses a 21st CC-e: SEFAZ takes sequences 1 to 20", async () => {
    const { note } = await authorizedNote(api);
    for (let sequence = 1; sequence <= 20; sequence++) await insertEvent({ nfeId: note.id, sequence });
    expectRefusal(
      await correct(note.id),
      `A NF-e ${note.id} já tem 20 cartas de correção: a SEFAZ aceita no máximo 20 por NF-e (nSeqEvento 1 a 20)`,
    );
    expect(await eventRows(note.id)).toHaveLength(20);
  });

  it("refuses a CC-e while the note's cancellation waits for SEFAZ", async () => {
    const { note } = await authorizedNote(api);
    await insertEvent({
      nfeId: note.id,
      type: 110111,
      sequence: 1,
      status: "Pending",
      cStat: null,
      protocol: null,
    });
    expectRefusal(
      await correct(note.id),
      `A NF-e ${note.id} tem um cancelamento em andamento: a carta de correção não pode ser enviada`,
    );
  });

  it("refuses while another request is sending a CC-e of the note", async () => {
    const { note } = await authorizedNote(api);
    await insertEvent({ nfeId: note.id, sequence: 1, status: "Processing", cStat: null, protocol: null });
    expectRefusal(
      await correct(note.id),
      `Outra carta de correção da NF-e ${note.id} está sendo enviada à SEFAZ: tente de novo em instantes`,
    );
  });
});

describe("POST /nfe/void: refused before SEFAZ", () => {
  it("refuses each field out of its rule", async () => {
    const issuerId = await newIssuer(api);
    const base = { IDCompanyInvoice: issuerId, NumberFrom: 1, NumberTo: 1 };
    expectRefusal(await voidRange({ ...base, Model: 65 }), "Model deve ser 55 (NF-e)");
    expectRefusal(await voidRange({ ...base, Model: undefined }), "Model é obrigatório");
    expectRefusal(await voidRange({ ...base, Series: 1000 }), "Series deve ser um número inteiro de 0 a 999");
    expectRefusal(await voidRange({ ...base, Series: 1.5 }), "Series deve ser um número inteiro de 0 a 999");
    expectRefusal(
      await voidRange({ ...base, NumberFrom: 0 }),
      "NumberFrom deve ser um número inteiro de 1 a 999999999",
    );
    expectRefusal(
      await voidRange({ ...base, NumberTo: 1_000_000_000 }),
      "NumberTo deve ser um número inteiro de 1 a 999999999",
    );
    expectRefusal(await voidRange({ ...base, NumberTo: undefined }), "NumberTo é obrigatório");
    expectRefusal(
      await voidRange({ ...base, Justification: "curta" }),
      "Justification deve ter de 15 a 255 caracteres",
    );
    expectRefusal(await voidRange({ ...base, IDCompanyInvoice: 999_999 }), "Faturador não existe");
    expectRefusal(
      await voidRange({ ...base, NumberFrom: 5, NumberTo: 4 }),
      "NumberTo deve ser maior ou igual a NumberFrom",
    );
    expectRefusal(
      await voidRange({ ...base, NumberFrom: 1, NumberTo: 10_001 }),
      "A faixa tem 10001 números: a SEFAZ inutiliza no máximo 10000 números por pedido",
    );
    expect(await voidRows(issuerId)).toEqual([]);
  });

  it("refuses an invoicing company without CNPJ or UF", async () => {
    const noDocument = await newIssuer(api, { Document: null });
    expectRefusal(
      await voidRange({ IDCompanyInvoice: noDocument, NumberFrom: 1, NumberTo: 1 }),
      `Faturador ${noDocument} sem CNPJ (Document): informe em PUT /company/invoice/${noDocument}`,
    );
    const noUf = await newIssuer(api, { UF: null, CityCode: null });
    expectRefusal(
      await voidRange({ IDCompanyInvoice: noUf, NumberFrom: 1, NumberTo: 1 }),
      `Faturador ${noUf} sem UF: informe em PUT /company/invoice/${noUf}`,
    );
  });

  it("refuses a range holding a number a note took (any state), and one meeting another voiding", async () => {
    const issuerId = await newIssuer(api, { NFeNextNumber: 50 });
    const { orderId } = await invoicedOrder(api);
    const denied = await insertNote({ companyInvoiceId: issuerId, orderId, number: 12, status: "Denied" });
    expectRefusal(
      await voidRange({ IDCompanyInvoice: issuerId, NumberFrom: 10, NumberTo: 14 }),
      `O número 12 da série 1 já é da NF-e ${denied.id} (Denied): só números nunca usados podem ser inutilizados`,
    );
    const registered = await insertVoid({ companyInvoiceId: issuerId, numberFrom: 20, numberTo: 25 });
    expectRefusal(
      await voidRange({ IDCompanyInvoice: issuerId, NumberFrom: 25, NumberTo: 30 }),
      `A faixa 20 a 25 já foi inutilizada (inutilização ${registered.id}): um número não é inutilizado duas vezes`,
    );
    const pending = await insertVoid({
      companyInvoiceId: issuerId,
      numberFrom: 30,
      numberTo: 32,
      status: "Pending",
      cStat: null,
      protocol: null,
    });
    expectRefusal(
      await voidRange({ IDCompanyInvoice: issuerId, NumberFrom: 31, NumberTo: 35 }),
      `A inutilização ${pending.id} (30 a 32) aguarda a resposta da SEFAZ: envie de novo exatamente essa faixa`,
    );
    expect(await voidRows(issuerId)).toHaveLength(2);
  });

  it("refuses a range that starts past the series' next number", async () => {
    const issuerId = await newIssuer(api, { NFeNextNumber: 50 });
    expectRefusal(
      await voidRange({ IDCompanyInvoice: issuerId, NumberFrom: 51, NumberTo: 60 }),
      "A faixa começa depois do próximo número da série 1 (50): só números já pulados, ou a partir do próximo, podem ser inutilizados",
    );
    expect(await voidRows(issuerId)).toEqual([]);
  });
});

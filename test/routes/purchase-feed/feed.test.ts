import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { accessKeyOf, cnpjOf, nfeXml, type Sample } from "../../fixtures/nfe/generate";
import { signIn } from "../../support/api";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku } from "../../support/stock-factories";
import { uploadTwoSteps, utf8, waitForJob } from "../../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;
let sequence = 0;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

const newIssuer = () =>
  cnpjOf(
    `${String(61_000_000 + ++sequence * 101 + Math.floor(Math.random() * 1000) * 10_000).slice(-8)}0001`,
  );

/** Imports an NF-e for company 1 and answers its feed document. */
async function imported(sample: Partial<Sample> = {}) {
  const full: Sample = {
    issuerCnpj: newIssuer(),
    recipientCnpj: "11222333000181",
    number: 50_000 + ++sequence,
    items: [{ code: "P-1", description: "Produto", quantity: "1.0000", unitValue: "10.0000000000" }],
    ...sample,
  };
  const upload = await uploadTwoSteps(token, "/job", utf8(nfeXml(full)), {
    fileName: "nota.xml",
    contentType: "application/xml",
    fields: { Type: "NFeXML" },
  });
  const job = await waitForJob(token, upload.body.IDJob);
  expect(job.Status, JSON.stringify(job)).toBe("Done");
  const feed = await api.get(`/purchase/feed?IDJob=${job.IDJob}`);
  expect(feed.status).toBe(200);
  expect(feed.body).toHaveLength(1);
  return { job, document: feed.body[0], key: accessKeyOf(full) };
}

const manifest = (id: number, body: unknown) => api.post(`/purchase/feed/${id}/manifest`, body);

async function eventRows(nfeId: number) {
  const rows = await env.DB_DEMO.prepare(
    "SELECT event, c_stat, protocol FROM nfe_events WHERE nfe_id = ? ORDER BY id",
  )
    .bind(nfeId)
    .all();
  return rows.results;
}

describe("GET /purchase/feed and the NF-e's purchase", () => {
  it("lists the imported NF-e with its purchase, created through the purchases area (status 7, awaiting the check)", async () => {
    const ean = `789${String(Date.now()).slice(-10)}`;
    const sku = await newSku(api, { EAN: ean });
    const { job, document, key } = await imported({
      items: [
        {
          code: "A",
          ean,
          description: "Com SKU",
          quantity: "4.0000",
          unitValue: "12.5000000000",
          ipiRate: 10,
        },
        { code: "B", description: "Sem SKU", quantity: "1.0000", unitValue: "3.0000000000" },
      ],
      installments: [
        { number: "001", dueDate: "2026-12-20", value: "30.00" },
        { number: "002", dueDate: "2027-01-20", value: "28.00" },
      ],
    });
    expect(job.Result).toMatchObject({ items: 2, matched: 1, unmatched: 1, purchased: 1 });
    expect(document).toMatchObject({
      chNFe: key,
      IssueDate: "2026-11-20",
      RecipientCnpj: "11222333000181",
      ProductsValue: 53,
      Value: 58,
      ItemsCount: 2,
      UnmatchedItems: 1,
      IDJob: job.IDJob,
      ManifestEvent: null,
      Events: [],
      Installments: [
        { Number: "001", DueDate: "2026-12-20", Value: 30 },
        { Number: "002", DueDate: "2027-01-20", Value: 28 },
      ],
    });
    expect(document!.IDPurchase).toEqual(expect.any(Number));
    const purchase = await api.get(`/purchase/${document!.IDPurchase}`);
    expect(purchase.status).toBe(200);
    expect(purchase.body).toMatchObject({
      IDStatusPurchase: 7,
      IDSupplier: document!.IDSupplier,
      chNFe: key,
      NfeNumber: document!.NfeNumber,
      Installments: 2,
      ItemsCount: 1,
    });
    // 4 x 12.50 = 50.00 plus 10% IPI: 55.00 over 4 units
    expect(purchase.body.Items).toMatchObject([
      { IDSku: sku.IDSku, Quantity: 4, UnitCost: 13.75, Total: 55 },
    ]);
  });

  it("links the purchase that already carries the NF-e's key instead of creating another", async () => {
    const issuer = newIssuer();
    const sample = { issuerCnpj: issuer, recipientCnpj: "11222333000181", number: 88_001, items: [] };
    const key = accessKeyOf(sample);
    const sku = await newSku(api);
    const supplier = await api.post("/supplier", { Name: "Fornecedor da compra", Document: issuer });
    const warehouse = (await api.get("/warehouse")).body[0]!.IDWarehouse;
    const purchase = await api.post("/purchase", {
      IDSupplier: supplier.body[0]!.IDSupplier,
      IDWarehouse: warehouse,
      chNFe: key,
      Items: [{ IDSku: sku.IDSku, Quantity: 1, UnitCost: 1 }],
    });
    expect(purchase.status).toBe(200);
    const count = async () =>
      (await env.DB_DEMO.prepare("SELECT count(*) AS n FROM purchases WHERE company_id = 1").first<{
        n: number;
      }>())!.n;
    const before = await count();
    const { document } = await imported({
      ...sample,
      items: [{ code: "Q", description: "Qualquer", quantity: "1.0000", unitValue: "1.0000000000" }],
    });
    expect(document!.IDPurchase).toBe(purchase.body.IDPurchase);
    expect(document!.IDSupplier).toBe(supplier.body[0]!.IDSupplier);
    expect(await count()).toBe(before);
  });

  it("filters by key, issuer, supplier, dates and manifest state; another company sees none of it", async () => {
    const { document, key } = await imported({ issuedAt: "2026-09-03T08:00:00-03:00" });
    const ids = async (query: string) =>
      ((await api.get(`/purchase/feed?${query}`)).body as { IDNFEvents: number }[]).map((d) => d.IDNFEvents);
    expect(await ids(`chNFe=${key}`)).toEqual([document!.IDNFEvents]);
    expect(await ids(`IssuerCnpj=${document!.IssuerCnpj}`)).toEqual([document!.IDNFEvents]);
    expect(await ids(`IDSupplier=${document!.IDSupplier}`)).toEqual([document!.IDNFEvents]);
    expect(await ids("DateFrom=2026-09-03&DateTo=2026-09-03")).toContain(document!.IDNFEvents);
    expect(await ids("DateFrom=2026-09-04&DateTo=2026-09-30")).not.toContain(document!.IDNFEvents);
    expect(await ids("ManifestEvent=0")).toContain(document!.IDNFEvents);
    expect((await manifest(document!.IDNFEvents, { Event: 210210 })).status).toBe(200);
    expect(await ids("ManifestEvent=0")).not.toContain(document!.IDNFEvents);
    expect(await ids("ManifestEvent=210210")).toContain(document!.IDNFEvents);
    expect((await api.get("/purchase/feed?ManifestEvent=210230")).status).toBe(400);
    expect((await api.get("/purchase/feed?chNFe=123")).body).toMatchObject({
      errorMessage: "chNFe deve ter 44 dígitos",
    });

    const other = await companyTwoApi();
    expect((await other.get(`/purchase/feed?chNFe=${key}`)).body).toEqual([]);
    expect(await other.post(`/purchase/feed/${document!.IDNFEvents}/manifest`, { Event: 210200 })).toEqual(
      expect.objectContaining({
        status: 400,
        body: expect.objectContaining({ errorMessage: "Documento não encontrado" }),
      }),
    );
  });
});

describe("POST /purchase/feed/{idnfevents}/manifest through the SEFAZ sandbox", () => {
  it("registers awareness then a confirmation, each with its protocol; the same event twice is refused (573)", async () => {
    const { document } = await imported();
    const aware = await manifest(document!.IDNFEvents, { Event: 210210 });
    expect(aware.status).toBe(200);
    expect(aware.body).toMatchObject({ ManifestEvent: 210210, ManifestDescription: "Ciência da operação" });
    expect(aware.body.Events).toEqual([
      expect.objectContaining({
        Event: 210210,
        cStat: 135,
        xMotivo: "Evento registrado e vinculado a NF-e",
        Protocol: expect.stringMatching(/^\d{15}$/),
        Comments: null,
      }),
    ]);
    expectRefusal(
      await manifest(document!.IDNFEvents, { Event: 210210 }),
      "SEFAZ rejeitou o evento: 573 - Rejeição: Duplicidade de evento",
    );
    const confirmed = await manifest(document!.IDNFEvents, { Event: "210200" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.ManifestEvent).toBe(210200);
    expect(confirmed.body.Events.map((e: { Event: number; cStat: number }) => [e.Event, e.cStat])).toEqual([
      [210210, 135],
      [210200, 135],
    ]);
    expect(confirmed.body.Events[0]!.Protocol).not.toBe(confirmed.body.Events[1]!.Protocol);
  });

  it("210240 needs 15 characters of comments: 14 are refused before SEFAZ, nothing recorded", async () => {
    const { document } = await imported();
    const fourteen = "Mercadoria dev";
    expect(fourteen).toHaveLength(14);
    for (const Comments of [fourteen, `  ${fourteen}  `, undefined, null, ""]) {
      expectRefusal(
        await manifest(document!.IDNFEvents, { Event: 210240, Comments }),
        "Comments deve ter pelo menos 15 caracteres para o evento 210240 (operação não realizada)",
      );
    }
    expect(await eventRows(document!.IDNFEvents)).toEqual([]);
    const done = await manifest(document!.IDNFEvents, { Event: 210240, Comments: `${fourteen}.` });
    expect(done.status).toBe(200);
    expect(done.body.Events).toEqual([
      expect.objectContaining({ Event: 210240, Comments: "Mercadoria dev.", cStat: 135 }),
    ]);
    expectRefusal(
      await manifest(document!.IDNFEvents, { Event: 210210, Comments: "x".repeat(256) }),
      "Comments deve ter no máximo 255 caracteres",
    );
  });

  it("refuses any event after a conclusive one (655): 210200 after 210240, 210210 after 210220", async () => {
    const refused =
      "SEFAZ rejeitou o evento: 655 - Rejeição: Evento informado após a manifestação conclusiva do destinatário";
    const first = (await imported()).document!;
    expect(
      (await manifest(first.IDNFEvents, { Event: 210240, Comments: "Operação cancelada pelo comprador" }))
        .status,
    ).toBe(200);
    expectRefusal(await manifest(first.IDNFEvents, { Event: 210200 }), refused);
    const second = (await imported()).document!;
    expect((await manifest(second.IDNFEvents, { Event: 210220 })).status).toBe(200);
    expectRefusal(await manifest(second.IDNFEvents, { Event: 210210 }), refused);
    expect(await eventRows(second.IDNFEvents)).toEqual([
      { event: 210220, c_stat: 135, protocol: expect.stringMatching(/^\d{15}$/) },
    ]);
    const after = await api.get(`/purchase/feed?IDNFEvents=${second.IDNFEvents}`);
    expect(after.body[0]!.ManifestEvent).toBe(210220);
  });

  it("refuses an event code outside the four, a missing event and an unknown document", async () => {
    const { document } = await imported();
    const invalid = (code: string) =>
      `Evento inválido: ${code}. Aceitos: 210200 (confirmação da operação), 210210 (ciência da operação), 210220 (desconhecimento da operação), 210240 (operação não realizada)`;
    expectRefusal(await manifest(document!.IDNFEvents, { Event: 210250 }), invalid("210250"));
    expectRefusal(await manifest(document!.IDNFEvents, { Event: "abc" }), invalid("abc"));
    expectRefusal(await manifest(document!.IDNFEvents, {}), "Event obrigatório");
    expectRefusal(await manifest(999_999, { Event: 210210 }), "Documento não encontrado");
    expect(await eventRows(document!.IDNFEvents)).toEqual([]);
  });

  it("two conclusive events at once: exactly one is registered", async () => {
    const { document } = await imported();
    const answers = await Promise.all([
      manifest(document!.IDNFEvents, { Event: 210200 }),
      manifest(document!.IDNFEvents, { Event: 210220 }),
      manifest(document!.IDNFEvents, { Event: 210200 }),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(2);
    const registered = (await eventRows(document!.IDNFEvents)).filter((row) => row.protocol !== null);
    expect(registered).toHaveLength(1);
  });
});

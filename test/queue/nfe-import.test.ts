import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../src/lib/dates";
import { cnpjOf, nfeXml, type SampleItem } from "../fixtures/nfe/generate";
import proc from "../fixtures/nfe/procnfe-3-items.xml?raw";
import type { Answer } from "../support/answers";
import { signIn } from "../support/api";
import { invariantViolations } from "../support/invariants";
import { paymentTypeWithRate } from "../support/order-factories";
import { companyOneApi, unique } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { newSku } from "../support/stock-factories";
import {
  deliver,
  jobMessage,
  jobRow,
  storedJob,
  uploadMultipart,
  uploadTwoSteps,
  utf8,
  waitForJob,
} from "../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;
let issuerSeq = 0;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

const COMPANY_ONE = "11222333000181";
/** A fresh issuer CNPJ per document, so each test meets a supplier of its own. */
const newIssuer = () =>
  cnpjOf(
    `${String(55_000_000 + ++issuerSeq * 37 + Math.floor(Math.random() * 1000) * 100_000).slice(-8)}0001`,
  );
const newEan = () => `789${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;

async function rowCount(table: string, where = "1 = 1", ...params: unknown[]): Promise<number> {
  const row = await env.DB_DEMO.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

/** The NF-e a job stored: its id and supplier. */
async function storedBy(jobId: number): Promise<{ id: number; supplierId: number }> {
  const row = await env.DB_DEMO.prepare(
    "SELECT id, supplier_id AS supplierId FROM nfe_documents WHERE job_id = ?",
  )
    .bind(jobId)
    .first<{ id: number; supplierId: number }>();
  if (!row) throw new Error(`job ${jobId} stored no NF-e`);
  return row;
}

async function importXml(xml: string, fileName = "nota.xml") {
  const upload = await uploadTwoSteps(token, "/job", utf8(xml), {
    fileName,
    contentType: "application/xml",
    fields: { Type: "NFeXML" },
  });
  expect(upload.status).toBe(200);
  return waitForJob(token, upload.body.IDJob);
}

const item = (code: string, ean: string | undefined, extra: Partial<SampleItem> = {}): SampleItem => ({
  code,
  ean,
  description: `Produto ${code}`,
  quantity: "2.0000",
  unitValue: "15.5000000000",
  ...extra,
});

describe("NF-e import (POST /job, Type NFeXML)", () => {
  it("stores the NF-e, creates its supplier, matches items by EAN and reports the unmatched by nItem", async () => {
    const [a, b] = [await newSku(api, { EAN: newEan() }), await newSku(api, { EAN: newEan() })];
    const eanA = (await api.get(`/sku/${a.IDSku}`)).body[0]!.EAN;
    const eanB = (await api.get(`/sku/${b.IDSku}`)).body[0]!.EAN;
    const issuer = newIssuer();
    const xml = nfeXml({
      issuerCnpj: issuer,
      issuerName: "Fornecedor Novo Ltda",
      recipientCnpj: COMPANY_ONE,
      number: 9001,
      items: [item("A-1", eanA!), item("SEM-1", undefined), item("B-1", "7890000000000", { eanTrib: eanB! })],
    });
    const job = await importXml(xml);
    expect(job).toMatchObject({
      Type: "NFeXML",
      Status: "Done",
      Total: 3,
      Processed: 3,
      Result: { items: 3, matched: 2, unmatched: 1, supplierCreated: 1 },
    });
    expect(job.Errors).toEqual([
      { Line: 2, Message: "Item sem SKU correspondente: código do fornecedor SEM-1, sem EAN" },
    ]);
    const nfe = await storedBy(job.IDJob);
    const supplier = await env.DB_DEMO.prepare("SELECT id, name, document FROM suppliers WHERE id = ?")
      .bind(nfe.supplierId)
      .first();
    expect(supplier).toEqual({ id: nfe.supplierId, name: "Fornecedor Novo Ltda", document: issuer });
    const stored = await env.DB_DEMO.prepare(
      "SELECT company_id, number, total_value, item_count, unmatched_items, job_id FROM nfe_documents WHERE id = ?",
    )
      .bind(nfe.id)
      .first();
    expect(stored).toEqual({
      company_id: 1,
      number: 9001,
      total_value: 9300,
      item_count: 3,
      unmatched_items: 1,
      job_id: job.IDJob,
    });
    const items = await env.DB_DEMO.prepare(
      "SELECT item_number, supplier_code, sku_id, matched_by, quantity, total_value FROM nfe_items WHERE nfe_id = ? ORDER BY item_number",
    )
      .bind(nfe.id)
      .all();
    expect(items.results).toEqual([
      {
        item_number: 1,
        supplier_code: "A-1",
        sku_id: a.IDSku,
        matched_by: "ean",
        quantity: 2000,
        total_value: 3100,
      },
      {
        item_number: 2,
        supplier_code: "SEM-1",
        sku_id: null,
        matched_by: null,
        quantity: 2000,
        total_value: 3100,
      },
      {
        item_number: 3,
        supplier_code: "B-1",
        sku_id: b.IDSku,
        matched_by: "ean",
        quantity: 2000,
        total_value: 3100,
      },
    ]);

    // the next NF-e of the same supplier: found by CNPJ, items matched by the codes learnt, no EAN needed
    const second = await importXml(
      nfeXml({
        issuerCnpj: issuer,
        recipientCnpj: COMPANY_ONE,
        number: 9002,
        items: [item("B-1", undefined), item("A-1", undefined)],
      }),
    );
    expect(second).toMatchObject({
      Status: "Done",
      Result: { items: 2, matched: 2, unmatched: 0, supplierCreated: 0 },
      Errors: [],
    });
    expect((await storedBy(second.IDJob)).supplierId).toBe(nfe.supplierId);
    const learnt = await env.DB_DEMO.prepare(
      "SELECT item_number, sku_id, matched_by FROM nfe_items WHERE nfe_id = ? ORDER BY item_number",
    )
      .bind((await storedBy(second.IDJob)).id)
      .all();
    expect(learnt.results).toEqual([
      { item_number: 1, sku_id: b.IDSku, matched_by: "supplier-code" },
      { item_number: 2, sku_id: a.IDSku, matched_by: "supplier-code" },
    ]);
  });

  it("finds an existing supplier by CNPJ written with punctuation, and takes the multipart upload", async () => {
    const issuer = newIssuer();
    const formatted = `${issuer.slice(0, 2)}.${issuer.slice(2, 5)}.${issuer.slice(5, 8)}/${issuer.slice(8, 12)}-${issuer.slice(12)}`;
    const created = await api.post("/supplier", { Name: unique("Fornecedor"), Document: formatted });
    expect(created.status).toBe(200);
    const supplierId = created.body[0]!.IDSupplier;
    const upload = await uploadMultipart(
      token,
      "/job",
      utf8(
        nfeXml({ issuerCnpj: issuer, recipientCnpj: COMPANY_ONE, number: 31, items: [item("X", undefined)] }),
      ),
      { fileName: "nota.xml", contentType: "", fields: { Type: "NFeXML" } },
    );
    expect(upload.status).toBe(200);
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({ Status: "Done", Result: { supplierCreated: 0 } });
    expect((await storedBy(job.IDJob)).supplierId).toBe(supplierId);
  });

  it("accepts an NF-e addressed to an invoicing company of the company", async () => {
    const invoice = await api.post("/company/invoice", {
      Name: unique("Faturador"),
      Document: "11444777000161",
    });
    expect(invoice.status).toBe(200);
    const job = await importXml(
      nfeXml({
        issuerCnpj: newIssuer(),
        recipientCnpj: "11444777000161",
        number: 77,
        items: [item("Y", undefined)],
      }),
    );
    expect(job.Status).toBe("Done");
  });
});

describe("NF-e import: bad files end Failed with their message, nothing written", () => {
  async function refused(xml: string | Uint8Array, message: string) {
    const before = await Promise.all(
      ["nfe_documents", "nfe_items", "suppliers", "supplier_sku_codes"].map((t) => rowCount(t)),
    );
    const upload = await uploadTwoSteps(token, "/job", typeof xml === "string" ? utf8(xml) : xml, {
      fileName: "nota.xml",
      contentType: "text/xml",
      fields: { Type: "NFeXML" },
    });
    expect(upload.status).toBe(200);
    const job = await waitForJob(token, upload.body.IDJob);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: message, Processed: 0 });
    const after = await Promise.all(
      ["nfe_documents", "nfe_items", "suppliers", "supplier_sku_codes"].map((t) => rowCount(t)),
    );
    expect(after).toEqual(before);
    return job;
  }

  it("a truncated or malformed XML", async () => {
    await refused(
      proc.slice(0, 3000),
      "XML malformado ou truncado: arquivo truncado, elementos não fechados: nfeProc > NFe > infNFe > det > prod > NCM",
    );
    await refused(
      proc.replace("</emit>", "</emite>"),
      "XML malformado ou truncado: Expected closing tag 'emit' (opened in line 2, col 580) instead of closing tag 'emite'. (linha 2, coluna 885)",
    );
  });

  it("a valid XML that is not an NF-e", async () => {
    await refused(
      '<?xml version="1.0"?><pedido><numero>1</numero></pedido>',
      "O arquivo é um XML válido, mas não é uma NF-e (esperado nfeProc ou NFe com infNFe no leiaute 4.00)",
    );
  });

  it("an NF-e for another CNPJ", async () => {
    await refused(
      nfeXml({
        issuerCnpj: newIssuer(),
        recipientCnpj: "44555666000181",
        number: 5,
        items: [item("Z", undefined)],
      }),
      "NF-e destinada a outro CNPJ (44555666000181): o destinatário não é esta empresa",
    );
  });

  it("a wrong check digit", async () => {
    const key = "35261112345678000195550020000043211100043216";
    const wrong = `${key.slice(0, 43)}1`;
    await refused(
      proc.replaceAll(key, wrong).replace("<nNF>4321</nNF>", "<nNF>4321</nNF>"),
      `Chave de acesso com dígito verificador inválido: ${wrong} (dígito esperado 6)`,
    );
  });

  it("the same chNFe twice (another file with the same key)", async () => {
    const issuer = newIssuer();
    const first = nfeXml({
      issuerCnpj: issuer,
      recipientCnpj: COMPANY_ONE,
      number: 700,
      items: [item("K", undefined)],
    });
    expect((await importXml(first)).Status).toBe("Done");
    // the same key in a file whose bytes differ (a bare NFe instead of the nfeProc): a new job, refused
    const again = nfeXml({
      issuerCnpj: issuer,
      recipientCnpj: COMPANY_ONE,
      number: 700,
      items: [item("K", undefined)],
      withProtocol: false,
    });
    const key = /Id="NFe(\d{44})"/.exec(first)![1]!;
    await refused(again, `NF-e já importada: chave de acesso ${key} já existe nesta empresa`);
  });

  it("refuses a file of another content type at the upload", async () => {
    const upload = await uploadMultipart(token, "/job", utf8(proc), {
      fileName: "nota.csv",
      contentType: "text/csv",
      fields: { Type: "NFeXML" },
    });
    expect(upload.status).toBe(400);
  });
});

describe("NF-e import under concurrency and its invariants", () => {
  it("two jobs of the same key at once: one stores the NF-e, the other fails as a duplicate", async () => {
    const issuer = newIssuer();
    const sample = {
      issuerCnpj: issuer,
      recipientCnpj: COMPANY_ONE,
      number: 4040,
      items: [item("C", undefined)],
    };
    const key = /Id="NFe(\d{44})"/.exec(nfeXml(sample))![1]!;
    const jobs = [
      await storedJob(utf8(nfeXml(sample)), { type: "NFeXML", route: "job" }),
      await storedJob(utf8(nfeXml({ ...sample, withProtocol: false })), { type: "NFeXML", route: "job" }),
    ];
    await Promise.all(jobs.map((id) => deliver([{ body: jobMessage(id, "NFeXML"), attempts: 1 }])));
    // a delivery refused by the UNIQUE index is retried, and the retry finds the key taken
    for (let round = 0; round < 5; round++) {
      const pending = [];
      for (const id of jobs) if (!["Done", "Failed"].includes((await jobRow(id))!.status)) pending.push(id);
      if (pending.length === 0) break;
      await Promise.all(
        pending.map((id) => deliver([{ body: jobMessage(id, "NFeXML"), attempts: round + 2 }])),
      );
    }
    const ends = await Promise.all(jobs.map(async (id) => (await jobRow(id))!));
    expect(ends.map((job) => job.status).sort()).toEqual(["Done", "Failed"]);
    expect(ends.find((job) => job.status === "Failed")!.failureReason).toBe(
      `NF-e já importada: chave de acesso ${key} já existe nesta empresa`,
    );
    expect(await rowCount("nfe_documents", "company_id = 1 AND ch_nfe = ?", key)).toBe(1);
    expect(await rowCount("suppliers", "company_id = 1 AND document = ?", issuer)).toBe(1);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("the invariant checker reports a stored NF-e missing an item or miscounting the unmatched", async () => {
    const job = await importXml(
      nfeXml({
        issuerCnpj: newIssuer(),
        recipientCnpj: COMPANY_ONE,
        number: 5050,
        items: [item("D1", undefined), item("D2", undefined)],
      }),
    );
    const nfe = await storedBy(job.IDJob);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
    await env.DB_DEMO.prepare("UPDATE nfe_items SET nfe_id = -nfe_id WHERE nfe_id = ? AND item_number = 2")
      .bind(nfe.id)
      .run();
    try {
      expect(await invariantViolations(env.DB_DEMO)).toContain(
        `nfe items: nfe ${nfe.id}: 2 items, 2 unmatched; stored 1, 1 without SKU`,
      );
    } finally {
      await env.DB_DEMO.prepare("UPDATE nfe_items SET nfe_id = -nfe_id WHERE nfe_id = ?").bind(-nfe.id).run();
    }
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("NF-e import: what the layout forbids fails the job at its first delivery, nothing written", () => {
  const TABLES = ["nfe_documents", "nfe_items", "suppliers", "supplier_sku_codes", "purchases"];

  /** One delivery of a stored job: it ends Failed with `message`, is not retried and writes nothing. */
  async function failsAtOnce(xml: string, message: string) {
    const before = await Promise.all(TABLES.map((t) => rowCount(t)));
    const id = await storedJob(utf8(xml), { type: "NFeXML", route: "job" });
    const result = await deliver([{ body: jobMessage(id, "NFeXML"), attempts: 1 }]);
    expect(result.retryMessages).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: "Failed", failureReason: message, processed: 0 });
    expect(await Promise.all(TABLES.map((t) => rowCount(t)))).toEqual(before);
  }

  const sample = (extra: Partial<Parameters<typeof nfeXml>[0]> = {}) => ({
    issuerCnpj: newIssuer(),
    recipientCnpj: COMPANY_ONE,
    number: 6000 + Math.floor(Math.random() * 1000),
    items: [item("N1", undefined), item("N2", undefined)],
    ...extra,
  });

  it("a non-numeric, out-of-range or repeated nItem", async () => {
    await failsAtOnce(
      nfeXml(sample({ items: [item("N1", undefined), item("N2", undefined, { itemNumber: "dois" })] })),
      "NF-e com det[2]/@nItem inválido: dois",
    );
    await failsAtOnce(
      nfeXml(sample({ items: [item("N1", undefined, { itemNumber: "991" })] })),
      "NF-e com det[1]/@nItem inválido: 991",
    );
    await failsAtOnce(
      nfeXml(sample({ items: [item("N1", undefined), item("N2", undefined, { itemNumber: "1" })] })),
      "NF-e com nItem 1 repetido",
    );
  });

  it("more than 990 items", async () => {
    const items = Array.from({ length: 991 }, (_, k) =>
      item(`M${k}`, undefined, { quantity: "1.0000", unitValue: "1.0000000000" }),
    );
    await failsAtOnce(
      nfeXml(sample({ items })),
      "NF-e com 991 itens (det): o leiaute 4.00 permite no máximo 990",
    );
  });

  it("duplicatas with an impossible due date, a zero value, or above the note's total", async () => {
    // two items of 2 x 15.50: vNF 62.00
    await failsAtOnce(
      nfeXml(sample({ installments: [{ number: "001", dueDate: "2026-02-30", value: "62.00" }] })),
      "NF-e com infNFe/cobr/dup[1]/dVenc inválido: 2026-02-30",
    );
    await failsAtOnce(
      nfeXml(
        sample({
          installments: [
            { number: "001", dueDate: "2026-12-20", value: "62.00" },
            { number: "002", dueDate: "2027-01-20", value: "0.00" },
          ],
        }),
      ),
      "NF-e com infNFe/cobr/dup[2]/vDup inválido: 0.00",
    );
    await failsAtOnce(
      nfeXml(
        sample({
          installments: [
            { number: "001", dueDate: "2026-12-20", value: "40.00" },
            { number: "002", dueDate: "2027-01-20", value: "22.01" },
          ],
        }),
      ),
      "NF-e com duplicatas (cobr/dup) somando 62.01, acima do valor da nota (vNF) 62.00",
    );
  });
});

describe("NF-e duplicatas become the purchase's payables at the check", () => {
  /** An NF-e of `quantity` units at 10.00 of a new SKU, imported: its purchase (status 7) and item. */
  async function nfePurchase(
    quantity: number,
    installments: { number: string; dueDate: string; value: string }[],
  ) {
    const ean = newEan();
    const sku = await newSku(api, { EAN: ean });
    const job = await importXml(
      nfeXml({
        issuerCnpj: newIssuer(),
        recipientCnpj: COMPANY_ONE,
        number: 7000 + Math.floor(Math.random() * 1000),
        items: [item("DUP", ean, { quantity: `${quantity}.0000`, unitValue: "10.0000000000", ipiRate: 0 })],
        installments,
      }),
    );
    expect(job).toMatchObject({ Status: "Done", Result: { purchased: 1 } });
    const nfe = await env.DB_DEMO.prepare("SELECT id, purchase_id FROM nfe_documents WHERE job_id = ?")
      .bind(job.IDJob)
      .first<{ id: number; purchase_id: number }>();
    const purchase = await api.get(`/purchase/${nfe!.purchase_id}`);
    expect(purchase.body).toMatchObject({ IDStatusPurchase: 7, Installments: installments.length });
    return {
      nfeId: nfe!.id,
      purchaseId: nfe!.purchase_id,
      itemId: purchase.body.Items[0]!.IDStockKeepingUnitPurchase as number,
      skuId: sku.IDSku,
    };
  }

  const check = (purchaseId: number, itemId: number, quantity: number) =>
    api.post(`/purchase/${purchaseId}/check`, {
      Items: [{ IDStockKeepingUnitPurchase: itemId, Quantity: quantity }],
    });

  const payablesOf = (body: Pick<Answer<"$post", "/purchase/:idpurchase/check">, "Payables">) =>
    body.Payables.map((p) => [p.Installment, p.DueDate, p.Value, p.OpenValue, p.Status]);

  it("three duplicatas: three payables with their due dates and values, and the receipt names the NF-e", async () => {
    const { nfeId, purchaseId, itemId } = await nfePurchase(3, [
      { number: "001", dueDate: "2026-12-20", value: "12.00" },
      { number: "002", dueDate: "2027-01-20", value: "10.00" },
      { number: "003", dueDate: "2027-02-22", value: "8.00" },
    ]);
    const checked = await check(purchaseId, itemId, 3);
    expect(checked.status).toBe(200);
    expect(payablesOf(checked.body)).toEqual([
      [1, "2026-12-20", 12, 12, 1],
      [2, "2027-01-20", 10, 10, 1],
      [3, "2027-02-22", 8, 8, 1],
    ]);
    const titles = await env.DB_DEMO.prepare(
      `SELECT t.type_account, t.due_date, t.value, t.description FROM purchase_titles pt JOIN titles t ON t.id = pt.title_id
       WHERE pt.purchase_id = ? ORDER BY pt.installment`,
    )
      .bind(purchaseId)
      .all();
    expect(titles.results).toEqual([
      {
        type_account: 1,
        due_date: "2026-12-20",
        value: 1200,
        description: `Compra ${purchaseId} - parcela 1/3`,
      },
      {
        type_account: 1,
        due_date: "2027-01-20",
        value: 1000,
        description: `Compra ${purchaseId} - parcela 2/3`,
      },
      {
        type_account: 1,
        due_date: "2027-02-22",
        value: 800,
        description: `Compra ${purchaseId} - parcela 3/3`,
      },
    ]);
    const receipt = await env.DB_DEMO.prepare("SELECT nfe_id FROM purchase_receipts WHERE purchase_id = ?")
      .bind(purchaseId)
      .first();
    expect(receipt).toEqual({ nfe_id: nfeId });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a short receipt takes the difference from the last duplicatas, in due-date order", async () => {
    // written out of order; 4 units of 10.00 billed, 2 received: 20.00 owed
    const { purchaseId, itemId } = await nfePurchase(4, [
      { number: "002", dueDate: "2027-01-20", value: "15.00" },
      { number: "001", dueDate: "2026-12-20", value: "15.00" },
      { number: "003", dueDate: "2027-02-22", value: "10.00" },
    ]);
    const checked = await check(purchaseId, itemId, 2);
    expect(checked.status).toBe(200);
    expect(payablesOf(checked.body)).toEqual([
      [1, "2026-12-20", 15, 15, 1],
      [2, "2027-01-20", 5, 5, 1],
    ]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("duplicatas below the received total: the difference goes to the last one", async () => {
    const { purchaseId, itemId } = await nfePurchase(2, [
      { number: "001", dueDate: "2026-12-20", value: "5.00" },
      { number: "002", dueDate: "2027-01-20", value: "5.00" },
    ]);
    const checked = await check(purchaseId, itemId, 2);
    expect(payablesOf(checked.body)).toEqual([
      [1, "2026-12-20", 5, 5, 1],
      [2, "2027-01-20", 15, 15, 1],
    ]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("a purchase with a payment type keeps its terms, even with an NF-e of duplicatas", async () => {
    const { purchaseId, itemId } = await nfePurchase(2, [
      { number: "001", dueDate: "2026-12-20", value: "10.00" },
      { number: "002", dueDate: "2027-01-20", value: "10.00" },
    ]);
    const paymentType = await paymentTypeWithRate(api, 1);
    expect(
      (await api.put(`/purchase/${purchaseId}`, { IDTypePayment: paymentType, Installments: 1 })).status,
    ).toBe(200);
    const checked = await check(purchaseId, itemId, 2);
    expect(checked.status).toBe(200);
    expect(payablesOf(checked.body)).toEqual([[1, addDays(todayIn("America/Sao_Paulo"), 30), 20, 20, 1]]);
    const receipt = await env.DB_DEMO.prepare("SELECT nfe_id FROM purchase_receipts WHERE purchase_id = ?")
      .bind(purchaseId)
      .first();
    expect(receipt).toEqual({ nfe_id: null });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

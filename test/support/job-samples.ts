import { env } from "cloudflare:test";
import {
  companyIntegrations,
  hubIntegrations,
  hubProducts,
  hubProductVariations,
  mlStockOutbox,
  products,
  skuCostRecords,
  taxProfiles,
  warehouses,
} from "../../drizzle/schema";
import { insertSefazJobIfNone } from "../../src/db/sefaz-integrations";
import { DECISIONS_PER_BATCH } from "../../src/domain/auto-reconciliation/run-rules";
import { RETURN_RECORDS_PER_CHUNK } from "../../src/domain/bank-returns/import-job";
import { issueNotes } from "../../src/domain/emission/issue";
import { NOTES_PER_CHUNK } from "../../src/domain/emission/job";
import { emissionPorts } from "../../src/domain/emission/ports";
import { ML_STOCK_LISTINGS_PER_ROUND } from "../../src/domain/hub/mercado-livre/stock-publish";
import { PULL_PAGE_SIZE } from "../../src/domain/hub/pull-job";
import { OFX_LINES_PER_CHUNK } from "../../src/domain/import/ofx-import-job";
import { CHUNK_SIZE } from "../../src/domain/jobs/chunked-job";
import type { JobType } from "../../src/domain/jobs/job-message";
import { FEED_TRANSACTIONS_PER_CHUNK } from "../../src/domain/openfinance/sync";
import { ORDERS_PER_CHUNK } from "../../src/domain/orders/template-import-job";
import { PIX_PER_CHUNK } from "../../src/domain/pix/inbox";
import { AWARENESS_PER_DELIVERY } from "../../src/domain/sefaz/awareness";
import { DOCUMENTS_PER_ANSWER } from "../../src/domain/sefaz/sync";
import { encryptCredentials } from "../../src/platform/credentials-cipher";
import { cnab240Return, joinLines, latin1 } from "../fixtures/cnab/generate";
import { cnpjOf, nfeXml } from "../fixtures/nfe/generate";
import { client, signIn } from "./api";
import { connectMlSeller, mlDoubleItems } from "./ml-double";
import { certifiedCnpj, certify, issuableOrder, issuableSetup } from "./nfe-factories";
import { pixIntegrationWithPsp, pixJson } from "./pix-inbox-factories";
import { seededRandom, seededUuid } from "./replay";
import { sefazAuthorizerDouble } from "./sefaz-authorizer-double";
import { type DoubleDocument, sefazDouble, sefazDoubles } from "./sefaz-double";
import { dbOf, seedBankAccount, storedJob, utf8 } from "./upload-factories";

const random = seededRandom("queue-retry samples");
const uuid = () => seededUuid(random);

/** Rows a job type commits together with its progress. */
const CHUNK_OF: Record<JobType, number> = {
  SkuTemplate: CHUNK_SIZE,
  SkuCostRecalculate: CHUNK_SIZE,
  OrdersTemplate: ORDERS_PER_CHUNK,
  BankStatementOFX: OFX_LINES_PER_CHUNK,
  ConciliationRuleApply: DECISIONS_PER_BATCH,
  StockInventoryCount: CHUNK_SIZE,
  // one NF-e is one chunk: its document, items and supplier in one batch with the progress
  NFeXML: 20,
  HubOrderPull: PULL_PAGE_SIZE,
  MarketplaceSettlement: CHUNK_SIZE,
  BankReturnCNAB: RETURN_RECORDS_PER_CHUNK,
  PixReceivedPoll: PIX_PER_CHUNK,
  // an answer of the distribution service holds up to 50 documents
  SefazDistribution: DOCUMENTS_PER_ANSWER,
  // one event call and its record per summary; the sample holds a few summaries, not chunks
  SefazAwareness: AWARENESS_PER_DELIVERY,
  MlStockPublish: ML_STOCK_LISTINGS_PER_ROUND,
  // notes are taken NOTES_PER_CHUNK to a chunk of the invocation's budget
  NFeEmission: NOTES_PER_CHUNK,
  OpenFinanceSync: FEED_TRANSACTIONS_PER_CHUNK,
};

/** Lines per sample: three chunks, so a kill can land after a committed chunk. */
const linesFor = (type: JobType) => CHUNK_OF[type] * 2 + 50;
const LINES = linesFor("SkuTemplate");

let applyRun = 0;

/** A 44-digit access key of its own for each summary the distribution sample serves. */
const sampleKey = () => `3526119988776600010055001${String(Math.floor(random() * 1e18)).padStart(19, "0")}`;

/**
 * What SEFAZ distributes to the demo company (CNPJ 11222333000181) in the sample: summaries
 * (resNFe), and every fifth document a full NF-e (procNFe) of 20 items addressed to a branch of the
 * same CNPJ root (0002), which the distribution stores and hands to the NF-e import, and the import
 * refuses (another recipient) without writing a row: the sample's outcome is the distribution's
 * alone, whenever its import jobs run.
 */
function distributedDocuments(count: number): DoubleDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const nsu = i + 1;
    if (nsu % 5 === 0)
      return {
        nsu,
        schema: "procNFe_v4.00.xsd",
        xml: nfeXml({
          issuerCnpj: cnpjOf(String(Math.floor(random() * 1e12)).padStart(12, "0")),
          recipientCnpj: cnpjOf("112223330002"),
          number: Math.floor(random() * 999_999_999) + 1,
          items: Array.from({ length: 20 }, (_, k) => ({
            code: `D${k}`,
            description: `Item distribuído ${k}`,
            quantity: "1.0000",
            unitValue: "10.0000000000",
          })),
        }),
      };
    return {
      nsu,
      schema: "resNFe_v1.01.xsd",
      xml:
        `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${sampleKey()}</chNFe>` +
        `<CNPJ>${cnpjOf("998877660001")}</CNPJ><xNome>Fornecedor ${nsu}</xNome><IE>123</IE>` +
        "<dhEmi>2026-11-20T10:00:00-03:00</dhEmi><tpNF>1</tpNF><vNF>150.25</vNF><digVal>abc=</digVal>" +
        "<dhRecbto>2026-11-20T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt><cSitNFe>1</cSitNFe></resNFe>",
    };
  });
}

/**
 * One job of each type with a queue handler (demo account, company 1), with fresh input each call
 * (so two runs never touch the same rows), three chunks long so a failure can land after a
 * committed chunk: the samples of the queue-retry invariant and of the poison-job tests.
 */
export const JOB_SAMPLES: Partial<Record<JobType, () => Promise<number>>> = {
  SkuTemplate: async () => {
    const prefix = uuid().slice(0, 8);
    const rows = ["code;name;cost;price"];
    for (let i = 1; i <= LINES; i++)
      rows.push(`${prefix}-${i};Produto ${i};${i},00;${i % 7 === 0 ? "x" : "1"}`);
    return storedJob(utf8(`${rows.join("\n")}\n`));
  },
  SkuCostRecalculate: async () => {
    const [product] = await dbOf()
      .insert(products)
      .values({ companyId: 1, code: uuid(), name: "Custo", cost: 100 })
      .returning({ id: products.id });
    await dbOf()
      .insert(skuCostRecords)
      .values([100, 250, 401].map((cost) => ({ companyId: 1, productId: product!.id, cost })));
    // no file: the bytes only make the job's hash unique
    return storedJob(utf8(uuid()), {
      type: "SkuCostRecalculate",
      route: "sku-cost-recalculate",
      params: JSON.stringify({ IDSku: product!.id }),
    });
  },
  OrdersTemplate: async () => {
    const code = uuid().slice(0, 12);
    await dbOf().insert(taxProfiles).values({
      companyId: 1,
      code,
      description: "Revenda",
      icmsCst: "00",
      icmsRate: 1800,
      ipiCst: "53",
      pisCst: "01",
      cofinsCst: "01",
      cstIbsCbsId: 1,
    });
    await dbOf()
      .insert(products)
      .values({ companyId: 1, code, name: "Produto", price: 1000, taxProfile: code });
    const [warehouse] = await dbOf()
      .insert(warehouses)
      .values({ companyId: 1, name: code })
      .returning({ id: warehouses.id });
    const rows = ["pedido;deposito;sku;quantidade"];
    for (let i = 1; i <= linesFor("OrdersTemplate"); i++)
      rows.push(`${code}-${i};${warehouse!.id};${i % 9 === 0 ? "NAO-EXISTE" : code};${(i % 3) + 1}`);
    return storedJob(utf8(`${rows.join("\n")}\n`), { type: "OrdersTemplate", route: "orders-template" });
  },
  BankStatementOFX: async () => {
    const account = await seedBankAccount(1);
    const prefix = uuid().slice(0, 8);
    const transactions = Array.from(
      { length: linesFor("BankStatementOFX") },
      (_, i) =>
        `<STMTTRN><TRNTYPE>${i % 2 ? "DEBIT" : "CREDIT"}<DTPOSTED>20260401120000[-3:BRT]<TRNAMT>${i % 2 ? "-" : ""}${i + 1}.25<FITID>${prefix}-${i}<MEMO>LANCAMENTO ${i}</STMTTRN>`,
    ).join("\n");
    const ofx = [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "VERSION:102",
      "CHARSET:1252",
      "",
      "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL",
      "<BANKACCTFROM><BANKID>341<ACCTID>12345</BANKACCTFROM>",
      `<BANKTRANLIST><DTSTART>20260401<DTEND>20260430\n${transactions}\n</BANKTRANLIST>`,
      "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
    ].join("\n");
    return storedJob(utf8(ofx), {
      type: "BankStatementOFX",
      route: "job",
      params: JSON.stringify({ IDBankAccount: account }),
    });
  },
  StockInventoryCount: async () => {
    const prefix = crypto.randomUUID().slice(0, 8);
    const lines = linesFor("StockInventoryCount");
    await env.DB_DEMO.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO products (company_id, code, name) SELECT 1, ?1 || '-' || i, 'Contado ' || i FROM n`,
    )
      .bind(prefix, lines)
      .run();
    const warehouse = await env.DB_DEMO.prepare(
      "INSERT INTO warehouses (company_id, name) VALUES (1, ?1) RETURNING id",
    )
      .bind(`Contagem ${prefix}`)
      .first<{ id: number }>();
    const inventory = await env.DB_DEMO.prepare(
      "INSERT INTO stock_inventories (company_id, warehouse_id) VALUES (1, ?1) RETURNING id",
    )
      .bind(warehouse!.id)
      .first<{ id: number }>();
    const rows = ["sku;quantidade"];
    for (let i = 1; i <= lines; i++) rows.push(`${prefix}-${i};${i % 9 === 0 ? "x" : `${i % 5}`}`);
    return storedJob(utf8(`${rows.join("\n")}\n`), {
      type: "StockInventoryCount",
      route: "job",
      params: JSON.stringify({ IDStockKeepingUnitInventorySummary: inventory!.id }),
    });
  },
  NFeXML: async () => {
    // a new supplier each time (so two runs never share rows); half the items match a SKU by EAN
    const prefix = uuid().slice(0, 8);
    const items = CHUNK_OF.NFeXML;
    const eanBase = 7_000_000_000_000 + Math.floor(random() * 900_000_000) * 1000;
    await env.DB_DEMO.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO products (company_id, code, name, ean) SELECT 1, ?1 || '-' || i, 'NF-e ' || i, CAST(CAST(?3 AS INTEGER) + i AS TEXT) FROM n`,
    )
      .bind(prefix, items / 2, String(eanBase))
      .run();
    const xml = nfeXml({
      issuerCnpj: cnpjOf(String(Math.floor(random() * 1e12)).padStart(12, "0")),
      recipientCnpj: "11222333000181",
      number: Math.floor(random() * 999_999_999) + 1,
      items: Array.from({ length: items }, (_, k) => ({
        code: `${prefix}-${k}`,
        ean: String(eanBase + k + 1),
        description: `Item ${k}`,
        quantity: "1.0000",
        unitValue: "10.0000000000",
      })),
    });
    return storedJob(utf8(xml), { type: "NFeXML", route: "job" });
  },
  NFeEmission: async () => {
    // an issuer of the test certificate's root at a CNPJ of its own on the authorizer double (which
    // answers 100 by default), nine orders issued in one batch: the notes numbered and the job stored,
    // its message kept back (the harness runs it)
    const api = client("demo", await signIn("demo", "admin@demo.local"));
    const cnpj = certifiedCnpj();
    // the schema and signature checks are the NF-e tests' (test/routes/nfe): here xmllint per call would
    // only slow the kill cases down
    const double = await sefazAuthorizerDouble(cnpj, { schema: false });
    const setup = await issuableSetup(api, { issuer: { Document: cnpj, NFeBaseUrl: double.baseUrl } });
    await certify(api, setup.issuer.id);
    const orders: number[] = [];
    // more than two full chunks (each note is an order made through the API and a call to the double)
    for (let i = 0; i < CHUNK_OF.NFeEmission * 2 + 1; i++) orders.push(await issuableOrder(api, setup));
    const issued = await issueNotes(
      { db: dbOf(), env, queue: { send: async () => undefined }, account: "demo", ports: emissionPorts },
      { companyId: 1, userId: null },
      orders.map((orderId) => ({ orderId })),
    );
    return issued.jobId;
  },
  MlStockPublish: async () => {
    // a Mercado Livre seller of its own on the double with one listing mapped to a SKU, its stock
    // change queued (as the stock tables' triggers write it), the job as the ask stores it
    const api = client("demo", await signIn("demo", "admin@demo.local"));
    const { name, integrationId } = await connectMlSeller(api, { prefix: "amostra" });
    const listingId = `MLB${Math.floor(random() * 1e9)}`;
    await mlDoubleItems(name).add([{ id: listingId, title: "Amostra", available_quantity: 1 }]);
    const [product] = await dbOf()
      .insert(products)
      .values({ companyId: 1, code: uuid(), name: "Anunciado", cost: 100 })
      .returning({ id: products.id });
    const [hubProduct] = await dbOf()
      .insert(hubProducts)
      .values({
        companyId: 1,
        companyIntegrationId: integrationId,
        title: "Amostra",
        channelProductId: listingId,
      })
      .returning({ id: hubProducts.id });
    await dbOf().insert(hubProductVariations).values({
      companyId: 1,
      hubProductId: hubProduct!.id,
      skuId: product!.id,
      channelSkuCode: listingId,
    });
    await dbOf()
      .insert(mlStockOutbox)
      .values({ companyId: 1, companyIntegrationId: integrationId, listingId });
    return storedJob(utf8(uuid()), {
      type: "MlStockPublish",
      route: "ml-stock",
      params: JSON.stringify({ IDCompanyIntegration: integrationId }),
    });
  },
  HubOrderPull: async () => {
    // a sandbox channel account of its own (its own buyers), holding three pages of orders
    const [integration] = await dbOf()
      .insert(companyIntegrations)
      .values({ companyId: 1, description: "Canal", kind: "HUB" })
      .returning({ id: companyIntegrations.id });
    const credentials = { ClientId: `conta-${uuid()}`, ClientSecret: "segredo-da-conta" };
    await dbOf()
      .insert(hubIntegrations)
      .values({
        companyIntegrationId: integration!.id,
        companyId: 1,
        typeCompanyIntegrationId: 1,
        credentials: await encryptCredentials(env.HUB_CREDENTIALS_KEY!, 1, credentials),
        authState: "Authenticated",
        sandbox: JSON.stringify({ Orders: linesFor("HubOrderPull") }),
      });
    return storedJob(utf8(uuid()), {
      type: "HubOrderPull",
      route: "hub-pull",
      params: JSON.stringify({ IDCompanyIntegration: integration!.id }),
    });
  },
  SefazDistribution: async () => {
    // a SEFAZ integration of its own (settings through the API) at a double of its own holding
    // three answers of documents; the job as the sync request stores it, not yet delivered
    const name = `amostra-${uuid().slice(0, 12)}`;
    const double = await sefazDouble(
      name,
      distributedDocuments(linesFor("SefazDistribution")),
      CHUNK_OF.SefazDistribution,
    );
    const api = client("demo", await signIn("demo", "admin@demo.local"));
    const created = await api.post<{ IDCompanyIntegration: number }[]>("/company/integration", {
      Description: `SEFAZ ${name}`,
      Kind: "sefaz",
    });
    if (created.status !== 200) throw new Error(`SEFAZ integration: ${JSON.stringify(created.body)}`);
    const id = created.body[0]!.IDCompanyIntegration;
    const put = await api.put<unknown>(`/company/integration/${id}/sefaz`, {
      CNPJ: "11.222.333/0001-81",
      UF: "SP",
      BaseUrl: double.baseUrl,
    });
    if (put.status !== 200) throw new Error(`SEFAZ settings: ${JSON.stringify(put.body)}`);
    const jobId = await insertSefazJobIfNone(dbOf(), "sync", 1, id, null);
    if (jobId === null) throw new Error(`integration ${id} already has a distribution job`);
    return jobId;
  },
  SefazAwareness: async () => {
    // an integration with AutoAwareness at the doubles (event service verifying the signature) and
    // three summaries a distribution stored with their feed lines, waiting for their awareness
    // the doubles keep each service's events by name across test files: a name of its own (not
    // from the seeded sequence, which another file replays) so no other file's events are there
    const name = `ciencia-${crypto.randomUUID().slice(0, 12)}`;
    const doubles = await sefazDoubles(name, []);
    const api = client("demo", await signIn("demo", "admin@demo.local"));
    const created = await api.post<{ IDCompanyIntegration: number }[]>("/company/integration", {
      Description: `SEFAZ ${name}`,
      Kind: "sefaz",
    });
    if (created.status !== 200) throw new Error(`SEFAZ integration: ${JSON.stringify(created.body)}`);
    const id = created.body[0]!.IDCompanyIntegration;
    const put = await api.put<unknown>(`/company/integration/${id}/sefaz`, {
      CNPJ: "11.222.333/0001-81",
      UF: "SP",
      BaseUrl: doubles.baseUrl,
      Certificate: doubles.certificatePem,
      PrivateKey: doubles.keyPem,
      AutoAwareness: 1,
    });
    if (put.status !== 200) throw new Error(`SEFAZ settings: ${JSON.stringify(put.body)}`);
    for (let nsu = 1; nsu <= 3; nsu++) {
      const key = sampleKey();
      await env.DB_DEMO.batch([
        env.DB_DEMO.prepare(
          `INSERT INTO sefaz_documents (company_id, company_integration_id, nsu, schema, kind, status, ch_nfe, situation, awareness)
           VALUES (1, ?, ?, 'resNFe_v1.01.xsd', 'resNFe', 'Summary', ?, 1, 'Pending')`,
        ).bind(id, String(nsu).padStart(15, "0"), key),
        env.DB_DEMO.prepare(
          `INSERT INTO nfe_documents (company_id, ch_nfe, series, number, issued_at, issue_date, issuer_document,
             issuer_name, recipient_document, item_count, supplier_id, summary, situation)
           VALUES (1, ?, 1, ?, '2026-11-20T10:00:00-03:00', '2026-11-20', '99887766000100', 'Fornecedor', '11222333000181', 0, 0, 1, 1)`,
        ).bind(key, nsu),
      ]);
    }
    const jobId = await insertSefazJobIfNone(dbOf(), "awareness", 1, id, null);
    if (jobId === null) throw new Error(`integration ${id} already has an awareness job`);
    return jobId;
  },
  PixReceivedPoll: async () => {
    // a PSP of its own on the double, holding three chunks of Pix received an hour ago
    const setup = await pixIntegrationWithPsp();
    const at = new Date(Date.now() - 3_600_000);
    const pix = Array.from({ length: linesFor("PixReceivedPoll") }, (_, i) =>
      pixJson({ cents: 100 + i, at: new Date(at.getTime() + i * 1000) }),
    );
    await setup.psp.seedPix(pix);
    return storedJob(utf8(uuid()), {
      type: "PixReceivedPoll",
      route: "pix-poll",
      params: JSON.stringify({ IDCompanyIntegration: setup.integrationId }),
    });
  },
  MarketplaceSettlement: async () => {
    const integration = await env.DB_DEMO.prepare(
      "INSERT INTO company_integrations (company_id, description, kind) VALUES (1, 'Canal', 'HUB') RETURNING id",
    ).first<{ id: number }>();
    const prefix = uuid().slice(0, 8);
    const rows = ["Pedido;Data;Bruto;Comissao;Tarifas;Liquido"];
    for (let i = 1; i <= linesFor("MarketplaceSettlement"); i++)
      rows.push(
        `${prefix}-${i};2026-04-10;${i}0,00;${i},00;1,00;${i % 11 === 0 ? "0,00" : `${9 * i - 1},00`}`,
      );
    return storedJob(utf8(`${rows.join("\n")}\n`), {
      type: "MarketplaceSettlement",
      route: "job",
      params: JSON.stringify({ IDCompanyIntegration: integration!.id }),
    });
  },
  BankReturnCNAB: async () => {
    // an account of its own (bank 341) with open receivables named by nosso número; the return
    // liquidates them with interest and a tariff, every 9th line names no title (unknown)
    const account = await seedBankAccount(1);
    const base = ++applyRun * 100_000;
    const count = linesFor("BankReturnCNAB");
    await env.DB_DEMO.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, bank_account_id, nosso_numero)
       SELECT 1, 0, 'Boleto ' || (?1 + i), 10000 + i, 10000 + i, '2026-04-10', ?3, CAST(?1 + i AS TEXT) FROM n`,
    )
      .bind(base, count, account)
      .run();
    const records = Array.from({ length: count }, (_, k) => {
      const i = k + 1;
      const nn = i % 9 === 0 ? base + 90_000 + i : base + i;
      return {
        nossoNumero: `${String(nn).padStart(8, "0")}${nn % 10}`,
        occurrence: "06",
        titleValue: 10_000 + i,
        interest: 100,
        paid: 10_000 + i + 100,
        tariff: 250,
        dueDate: "2026-04-10",
        occurrenceDate: "2026-04-12",
        creditDate: "2026-04-13",
      };
    });
    const file = latin1(joinLines(cnab240Return({ bankCode: "341", records })));
    return storedJob(file, {
      type: "BankReturnCNAB",
      route: "job",
      params: JSON.stringify({ IDBankAccount: account }),
    });
  },
  ConciliationRuleApply: async () => {
    // pending credit lines, each matching exactly one open receivable through a "PIX" rule
    const account = await seedBankAccount(1);
    const base = ++applyRun * 1_000_000;
    const lines = linesFor("ConciliationRuleApply");
    await env.DB_DEMO.prepare(
      "INSERT INTO bank_statement_conciliation_rules (company_id, bank_account_id, type_rule, type_account, description, description_key) VALUES (1, ?, 1, 0, 'PIX', 'pix')",
    )
      .bind(account)
      .run();
    const statements: D1PreparedStatement[] = [];
    for (let start = 0; start < lines; start += 400) {
      const ids = Array.from({ length: Math.min(400, lines - start) }, (_, k) => start + k);
      statements.push(
        env.DB_DEMO.prepare(
          `INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, description, dedupe_key) VALUES ${ids
            .map(
              (i) => `(1, ${account}, '2026-04-10', ${base + i}, 'PIX RECEBIDO ${i}', 'manual:${base}-${i}')`,
            )
            .join(", ")}`,
        ),
        env.DB_DEMO.prepare(
          `INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, bank_account_id) VALUES ${ids
            .map((i) => `(1, 0, 'Pedido ${base + i}', ${base + i}, ${base + i}, '2026-04-10', ${account})`)
            .join(", ")}`,
        ),
      );
    }
    await env.DB_DEMO.batch(statements);
    return storedJob(utf8(uuid()), {
      type: "ConciliationRuleApply",
      route: "conciliation-rule-apply",
      params: JSON.stringify({ IDBankAccount: account }),
    });
  },
};

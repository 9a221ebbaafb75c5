import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companyIntegrations,
  hubIntegrations,
  products,
  skuCostRecords,
  taxProfiles,
  warehouses,
} from "../../drizzle/schema";
import { DECISIONS_PER_BATCH } from "../../src/domain/auto-reconciliation/run-rules";
import { PULL_PAGE_SIZE } from "../../src/domain/hub/pull-job";
import { OFX_LINES_PER_CHUNK } from "../../src/domain/import/ofx-import-job";
import { CHUNK_SIZE } from "../../src/domain/jobs/chunked-job";
import type { JobType } from "../../src/domain/jobs/job-message";
import { ORDERS_PER_CHUNK } from "../../src/domain/orders/template-import-job";
import { encryptCredentials } from "../../src/platform/credentials-cipher";
import { JOB_HANDLERS } from "../../src/queue/handlers";
import { cnpjOf, nfeXml } from "../fixtures/nfe/generate";
import { dataTables, invariantViolations } from "../support/invariants";
import { seededRandom, seededUuid, useSeed } from "../support/replay";
import { seedAccounts } from "../support/seed";
import {
  dbOf,
  deliver,
  jobMessage,
  jobRow,
  seedBankAccount,
  storedJob,
  utf8,
} from "../support/upload-factories";

/**
 * Generic check of every job type that has a queue handler: a consumer killed mid-job (the database
 * refuses its first chunk, a later chunk, or the final "Done") and then retried, even by two
 * deliveries at once, ends exactly as an uninterrupted run of the same input: same status, same
 * result, same rows written. Each job type declares the kill points its processing can reach; each
 * declared point must really stop the job there (it is handed back for a retry, unfinished), and
 * each point not declared must leave the job untouched, so a declaration that no longer matches the
 * handler fails. A new job type must add a sample and its kill points below, or this test fails.
 */

useSeed();
const random = seededRandom("queue-retry samples");
const uuid = () => seededUuid(random);

/**
 * A kill case runs its sample twice (control and killed) and the invariant checker over the whole
 * database; the rule-apply sample (4,050 lines) needs more than two minutes on a loaded two-core machine.
 */
const KILL_CASE_TIMEOUT_MS = 300_000;

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
};

/** Lines per sample: three chunks, so a kill can land after a committed chunk. */
const linesFor = (type: JobType) => CHUNK_OF[type] * 2 + 50;
const LINES = linesFor("SkuTemplate");

let applyRun = 0;

/** One job of each type, with fresh input each call (so two runs never touch the same rows). */
const JOB_SAMPLES: Partial<Record<JobType, () => Promise<number>>> = {
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

type JobState = { status: string; processed: number };

/**
 * Where the consumer is killed: a trigger refusing that write, and where the killed job must stand
 * compared with an uninterrupted run of the same input (`control`).
 */
const KILL_POINTS = {
  firstChunk: {
    name: "its first chunk",
    trigger: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
    stoppedThere: (job: JobState, control: JobState) => job.processed === 0 && control.processed > 0,
  },
  laterChunk: {
    name: "a chunk after one was committed",
    trigger: "BEFORE UPDATE OF processed ON jobs WHEN OLD.processed > 0",
    stoppedThere: (job: JobState, control: JobState) =>
      job.processed > 0 && job.processed < control.processed,
  },
  done: {
    name: "the final Done",
    trigger: "BEFORE UPDATE OF status ON jobs WHEN NEW.status = 'Done'",
    stoppedThere: (job: JobState, control: JobState) =>
      control.status === "Done" && job.processed === control.processed,
  },
  failed: {
    name: "the final Failed",
    trigger: "BEFORE UPDATE OF status ON jobs WHEN NEW.status = 'Failed'",
    stoppedThere: (job: JobState, control: JobState) =>
      control.status === "Failed" && job.processed === control.processed,
  },
} as const;

type KillPoint = keyof typeof KILL_POINTS;

/** The points each job type's processing reaches with its sample. */
const KILL_POINTS_OF: Record<JobType, readonly KillPoint[]> = {
  SkuTemplate: ["firstChunk", "laterChunk", "done"],
  // one write of the new cost, then Done: no chunk progress to interrupt
  SkuCostRecalculate: ["done"],
  OrdersTemplate: ["firstChunk", "laterChunk", "done"],
  BankStatementOFX: ["firstChunk", "laterChunk", "done"],
  ConciliationRuleApply: ["firstChunk", "laterChunk", "done"],
  StockInventoryCount: ["firstChunk", "laterChunk", "done"],
  // the document is one chunk: there is no later chunk to interrupt
  NFeXML: ["firstChunk", "done"],
  HubOrderPull: ["firstChunk", "laterChunk", "done"],
  MarketplaceSettlement: ["firstChunk", "laterChunk", "done"],
};

async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await dataTables(env.DB_DEMO)).filter((t) => t !== "jobs");
  const results = await env.DB_DEMO.batch(
    tables.map((t) => env.DB_DEMO.prepare(`SELECT count(*) AS n FROM "${t}"`)),
  );
  return Object.fromEntries(tables.map((t, i) => [t, (results[i]!.results[0] as { n: number }).n]));
}

/** Rows each table gained while `work` ran. */
async function rowsWrittenBy(work: () => Promise<void>): Promise<Record<string, number>> {
  const before = await rowCounts();
  await work();
  const after = await rowCounts();
  return Object.fromEntries(
    Object.entries(after)
      .filter(([t, n]) => n !== before[t])
      .map(([t, n]) => [t, n - before[t]!]),
  );
}

/**
 * Delivers until the job is Done or Failed (a chunked job may continue in new invocations);
 * answers how many deliveries were handed back for a retry.
 */
async function runToEnd(jobId: number, type: JobType, firstAttempt = 1): Promise<number> {
  let retried = 0;
  for (let attempts = firstAttempt; attempts < firstAttempt + 20; attempts++) {
    const job = await jobRow(jobId);
    if (job!.status === "Done" || job!.status === "Failed") return retried;
    retried += (await deliver([{ body: jobMessage(jobId, type), attempts }])).retryMessages.length;
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function withKillTrigger<T>(point: KillPoint, work: () => Promise<T>): Promise<T> {
  await env.DB_DEMO.exec(
    `CREATE TRIGGER test_kill_job ${KILL_POINTS[point].trigger} BEGIN SELECT RAISE(ABORT, 'consumidor morto'); END`,
  );
  try {
    return await work();
  } finally {
    await env.DB_DEMO.exec("DROP TRIGGER IF EXISTS test_kill_job");
  }
}

const outcome = async (jobId: number) => {
  const job = await jobRow(jobId);
  return {
    status: job!.status,
    total: job!.total,
    processed: job!.processed,
    result: job!.result,
    reason: job!.failureReason,
  };
};

beforeAll(seedAccounts);

const handledTypes = Object.keys(JOB_HANDLERS) as JobType[];

it("every job type with a handler has a sample and its kill points (add them for a new type)", () => {
  expect(handledTypes.filter((type) => !JOB_SAMPLES[type])).toEqual([]);
  expect(handledTypes.filter((type) => KILL_POINTS_OF[type].length === 0)).toEqual([]);
});

const declaredCases = handledTypes.flatMap((type) =>
  KILL_POINTS_OF[type].map((point) => [type, KILL_POINTS[point].name, point] as const),
);
const undeclaredCases = handledTypes.flatMap((type) =>
  (Object.keys(KILL_POINTS) as KillPoint[])
    .filter((point) => !KILL_POINTS_OF[type].includes(point))
    .map((point) => [type, KILL_POINTS[point].name, point] as const),
);

describe.each(declaredCases)("%s job killed at %s", (type, _name, point) => {
  it(
    "stops there, and retried (twice at once) applies everything once",
    async () => {
      const sample = JOB_SAMPLES[type];
      if (!sample) throw new Error(`no sample job for ${type}`);

      const control = await sample();
      const controlRows = await rowsWrittenBy(async () => {
        expect(await runToEnd(control, type)).toBe(0);
      });
      const expected = await outcome(control);

      const jobId = await sample();
      const written = await rowsWrittenBy(async () => {
        await withKillTrigger(point, async () => {
          const killed = await deliver([{ body: jobMessage(jobId, type), attempts: 1 }]);
          // The kill must have hit: the delivery is handed back for a retry, the job unfinished there.
          expect(killed.retryMessages).toHaveLength(1);
          const stopped = await jobRow(jobId);
          expect(stopped!.status).toBe("Processing");
          expect(
            KILL_POINTS[point].stoppedThere(stopped!, expected),
            JSON.stringify({ stopped, expected }),
          ).toBe(true);
        });
        await Promise.all([
          deliver([{ body: jobMessage(jobId, type), attempts: 2 }]),
          deliver([{ body: jobMessage(jobId, type), attempts: 2 }]),
        ]);
        await runToEnd(jobId, type, 3);
      });

      expect(await outcome(jobId)).toEqual(expected);
      expect(written).toEqual(controlRows);
      expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
    },
    KILL_CASE_TIMEOUT_MS,
  );
});

describe.each(undeclaredCases)("%s job (not reaching %s)", (type, _name, point) => {
  it(
    "is not stopped by a kill there: declare the point when the job starts reaching it",
    async () => {
      const jobId = await JOB_SAMPLES[type]!();
      const retried = await withKillTrigger(point, () => runToEnd(jobId, type));
      expect(retried).toBe(0);
      expect(["Done", "Failed"]).toContain((await jobRow(jobId))!.status);
    },
    KILL_CASE_TIMEOUT_MS,
  );
});

import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { manifestGatewayFor } from "../../src/adapters/sefaz";
import { manifestNfe } from "../../src/domain/nfe/feed";
import { manifestRejected, sefazEventFault, sefazEventTimeout } from "../../src/domain/nfe/messages";
import { ApiError } from "../../src/lib/errors";
import { cnpjOf, nfeXml, type Sample } from "../fixtures/nfe/generate";
import { signIn } from "../support/api";
import { companyOneApi, demoDb } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { sefazEventDouble } from "../support/sefaz-event-double";
import { uploadTwoSteps, utf8, waitForJob } from "../support/upload-factories";

/**
 * The manifest's domain rule with the real event service in place of the sandbox (what the route
 * does once the company has a SEFAZ integration): the NF-e imported over HTTP, the event sent to the
 * loopback double, which verifies its signature, and the database checked after each answer.
 */
type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;
let sequence = 0;
const CALLER = { companyId: 1, userId: 1 };

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

async function importedNfe(): Promise<number> {
  const sample: Sample = {
    issuerCnpj: cnpjOf(
      `${String(72_000_000 + ++sequence * 97 + Math.floor(Math.random() * 9000) * 1000).slice(-8)}0001`,
    ),
    recipientCnpj: "11222333000181",
    number: 70_000 + sequence,
    items: [{ code: "P-1", description: "Produto", quantity: "1.0000", unitValue: "10.0000000000" }],
  };
  const upload = await uploadTwoSteps(token, "/job", utf8(nfeXml(sample)), {
    fileName: "nota.xml",
    contentType: "application/xml",
    fields: { Type: "NFeXML" },
  });
  const job = await waitForJob(token, upload.body.IDJob);
  expect(job.Status, JSON.stringify(job)).toBe("Done");
  const feed = await api.get(`/purchase/feed?IDJob=${job.IDJob}`);
  return feed.body[0]!.IDNFEvents;
}

async function gatewayOn(name: string) {
  const double = await sefazEventDouble(name);
  const gateway = manifestGatewayFor({
    tpAmb: 2,
    cnpj: "11222333000181",
    baseUrl: double.baseUrl,
    privateKey: double.keyPem,
    certificatePem: double.certificatePem,
    timeoutMs: 800,
    production: false,
  });
  return { double, gateway };
}

const eventRows = async (nfeId: number) =>
  (
    await env.DB_DEMO.prepare(
      "SELECT event, c_stat, protocol, registered_at FROM nfe_events WHERE nfe_id = ? ORDER BY id",
    )
      .bind(nfeId)
      .all()
  ).results;

/** The 400 the domain answers, as its message. */
const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable("the manifest should be refused"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      return (error as ApiError).message;
    },
  );

describe("the manifest through the real event service (double)", () => {
  it("records the registered event with SEFAZ's protocol and answers a repeat with 573 as 400, recording nothing", async () => {
    const id = await importedNfe();
    const { gateway } = await gatewayOn("domain-accepted");
    const document = await manifestNfe(
      demoDb(),
      CALLER,
      id,
      { event: 210200, comments: null },
      async () => gateway,
    );
    expect(document.events).toHaveLength(1);
    const [row] = await eventRows(id);
    expect(row).toMatchObject({ event: 210200, c_stat: 135 });
    expect(String(row!.protocol)).toMatch(/^\d{15}$/);
    expect(row!.registered_at).toMatch(/-03:00$/);
    // the double's own memory (as SEFAZ's): the same event again is its duplicate
    expect(
      await refusalOf(
        manifestNfe(demoDb(), CALLER, id, { event: 210200, comments: null }, async () => gateway),
      ),
    ).toBe(manifestRejected(573, "Rejeição: Duplicidade de evento"));
    expect(await eventRows(id)).toHaveLength(1);
  });

  it("answers SEFAZ's rejection (655 after a conclusive event elsewhere) with its cStat and reason", async () => {
    const id = await importedNfe();
    const { gateway } = await gatewayOn("domain-655");
    await manifestNfe(
      demoDb(),
      CALLER,
      id,
      { event: 210240, comments: "Mercadoria nunca chegou ao depósito" },
      async () => gateway,
    );
    await env.DB_DEMO.prepare("DELETE FROM nfe_events WHERE nfe_id = ?").bind(id).run();
    const message = await refusalOf(
      manifestNfe(demoDb(), CALLER, id, { event: 210210, comments: null }, async () => gateway),
    );
    expect(message).toBe(
      manifestRejected(
        655,
        "Rejeição: Evento de Ciência da Operação informado após a manifestação final do destinatário",
      ),
    );
    expect(await eventRows(id)).toEqual([]);
  });

  it("answers a SOAP Fault and a timeout with their reason as 400, recording nothing", async () => {
    const id = await importedNfe();
    const { double, gateway } = await gatewayOn("domain-faults");
    await double.faults(["fault", "slow"]);
    expect(
      await refusalOf(
        manifestNfe(demoDb(), CALLER, id, { event: 210210, comments: null }, async () => gateway),
      ),
    ).toBe(sefazEventFault("soap:Receiver", "Server was unable to process request. ---> Erro interno"));
    expect(
      await refusalOf(
        manifestNfe(demoDb(), CALLER, id, { event: 210210, comments: null }, async () => gateway),
      ),
    ).toBe(sefazEventTimeout(1));
    expect(await eventRows(id)).toEqual([]);
  });
});

import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../../support/api";
import { certifiedCnpj, newIssuer } from "../../support/nfe-factories";
import { expectRefusal } from "../../support/refusal";
import { companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { sefazAuthorizerDouble } from "../../support/sefaz-authorizer-double";

/**
 * GET /nfe/status over HTTP against the SEFAZ authorizer double: the authorizers an invoicing company
 * depends on (its UF's NF-e and NFC-e authorizers, its SVC), each polled at most once in three
 * minutes, with the last answer (or why there was none) and when it was asked.
 */

beforeAll(seedAccounts);

let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

type Authorizer = {
  Authorizer: string;
  Model: number;
  Role: string;
  EmissionType: number;
  cStat: number | null;
  xMotivo: string | null;
  AskedAt: string | null;
  Stopped: boolean;
  Source: string | null;
};
type Status = {
  IDCompanyInvoice: number;
  UF: string;
  ContingencyMode: string | null;
  ContingencySince: string | null;
  Authorizers: Authorizer[];
};

/** An issuer in SP reaching the double under the label of its own CNPJ (its status service is its own). */
async function issuer(profile: Record<string, unknown> = {}) {
  const cnpj = certifiedCnpj();
  const double = await sefazAuthorizerDouble(cnpj, { label: cnpj });
  const { id } = await newIssuer(api, { Document: cnpj, NFeBaseUrl: double.baseUrl, ...profile });
  return { id, cnpj, double };
}

async function status(id: number): Promise<Status> {
  const answer = await api.get<Status>(`/nfe/status?IDCompanyInvoice=${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const statusCalls = async (double: { requests(): Promise<{ service: string | null; path: string }[]> }) =>
  (await double.requests()).filter((r) => r.service === "NFeStatusServico4");

/** Three minutes passed since the last poll of the issuer's authorizers (the clock moved by the database). */
const minutesLater = (baseUrl: string) =>
  env.DB_DEMO.prepare(
    "UPDATE authorizer_statuses SET polled_at = datetime('now', '-181 seconds') WHERE endpoint = ?",
  )
    .bind(baseUrl)
    .run();

const byRole = (body: Status, role: string) => body.Authorizers.find((a) => a.Role === role)!;

describe("GET /nfe/status", () => {
  it("answers the UF's NF-e and NFC-e authorizers and its SVC, each asked once", async () => {
    const { id, double } = await issuer();
    const body = await status(id);
    expect(body).toMatchObject({
      IDCompanyInvoice: id,
      UF: "SP",
      ContingencyMode: null,
      ContingencySince: null,
    });
    expect(body.Authorizers.map((a) => [a.Role, a.Authorizer, a.Model, a.EmissionType])).toEqual([
      ["NFe", "SP", 55, 1],
      ["NFCe", "SP", 65, 1],
      ["SVC", "SVC-AN", 55, 6],
    ]);
    for (const a of body.Authorizers) {
      expect(a).toMatchObject({
        cStat: 107,
        xMotivo: "Serviço em Operação",
        Stopped: false,
        Source: "status",
      });
      expect(a.AskedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    const calls = await statusCalls(double);
    expect(calls.map((c) => c.path).sort()).toEqual(
      [
        "/NFeStatusServico4/NFeStatusServico4.asmx",
        "/ws/NFeStatusServico4.asmx",
        "/ws/nfestatusservico4.asmx",
      ].sort(),
    );
  });

  it("polls each authorizer at most once in three minutes, then sees it stopped", async () => {
    const { id, double } = await issuer();
    await status(id);
    await double.outage("normal", "109");
    // within three minutes: the stored answers, no new call
    const again = await status(id);
    expect(byRole(again, "NFe")).toMatchObject({ cStat: 107, Stopped: false });
    expect(await statusCalls(double)).toHaveLength(3);

    await minutesLater(double.baseUrl);
    const later = await status(id);
    expect(byRole(later, "NFe")).toMatchObject({
      cStat: 109,
      xMotivo: "Serviço Paralisado sem Previsão",
      Stopped: true,
    });
    expect(byRole(later, "SVC")).toMatchObject({ cStat: 107, Stopped: false });
    expect(await statusCalls(double)).toHaveLength(6);
  });

  it("two requests at once poll once", async () => {
    const { id, double } = await issuer();
    const [a, b] = await Promise.all([status(id), status(id)]);
    expect(await statusCalls(double)).toHaveLength(3);
    // the one that did not poll answers what the store had (possibly not yet answered)
    for (const body of [a, b]) expect(body.Authorizers).toHaveLength(3);
    expect((await status(id)).Authorizers.every((x) => x.cStat === 107)).toBe(true);
  });

  it("stores garbage from the status service as a readable failure, never a 5xx", async () => {
    const { id, double } = await issuer();
    await double.outage("normal", "garbage");
    const body = await status(id);
    const normal = byRole(body, "NFe");
    expect(normal).toMatchObject({ cStat: null, Stopped: false, Source: "status" });
    expect(normal.xMotivo).toMatch(/^Sem resposta do NFeStatusServico4: resposta que não é a do serviço/);
    expect(byRole(body, "SVC")).toMatchObject({ cStat: 107 });

    // back again: the next poll (three minutes later) reads 107
    await double.outage("normal", null);
    await minutesLater(double.baseUrl);
    expect(byRole(await status(id), "NFe")).toMatchObject({ cStat: 107, Stopped: false });
  });

  it("stores a scripted 108 and a stall (no answer in time) as what they are", async () => {
    const { id, double } = await issuer();
    await double.statusScript([{ cStat: 108 }]);
    await double.outage("svc", "stall");
    const body = await status(id);
    const stopped = body.Authorizers.filter((a) => a.cStat === 108);
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatchObject({
      Stopped: true,
      xMotivo: "Serviço Paralisado Momentaneamente (curto prazo)",
    });
    expect(byRole(body, "SVC")).toMatchObject({ cStat: null, Stopped: false });
    expect(byRole(body, "SVC").xMotivo).toMatch(/^Sem resposta do NFeStatusServico4: tempo esgotado/);
  }, 30_000);

  it("refuses a missing, malformed, unknown or another company's IDCompanyInvoice", async () => {
    const { id } = await issuer();
    expectRefusal(await api.get("/nfe/status"), "IDCompanyInvoice é obrigatório");
    expectRefusal(
      await api.get("/nfe/status?IDCompanyInvoice=abc"),
      "IDCompanyInvoice deve ser um número inteiro positivo",
    );
    expectRefusal(
      await api.get("/nfe/status?IDCompanyInvoice=0"),
      "IDCompanyInvoice deve ser maior que zero",
    );
    expectRefusal(await api.get("/nfe/status?IDCompanyInvoice=999999"), "Faturador não existe");
    const other = await companyTwoApi();
    expectRefusal(await other.get(`/nfe/status?IDCompanyInvoice=${id}`), "Faturador não existe");
  });

  it("refuses an invoicing company without UF, naming the field", async () => {
    const cnpj = certifiedCnpj();
    const created = await api.post<{ IDCompanyInvoice: number }[]>("/company/invoice", {
      Name: "Faturador sem UF",
      Document: cnpj,
    });
    expect(created.status).toBe(200);
    const id = created.body[0]!.IDCompanyInvoice;
    expectRefusal(
      await api.get(`/nfe/status?IDCompanyInvoice=${id}`),
      `Faturador ${id} sem UF: informe em PUT /company/invoice/${id} (perfil fiscal da NF-e)`,
    );
  });
});

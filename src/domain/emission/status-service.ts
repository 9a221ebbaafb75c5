/**
 * `GET /nfe/status?IDCompanyInvoice=`: the authorizers an invoicing company depends on (its UF's
 * NF-e and NFC-e authorizers, its SVC), each polled if its last poll is three minutes old
 * (contingency.ts), with the last known answer and the company's contingency mode.
 */
import { authorizationClient } from "../../adapters/sefaz/authorization/client";
import { companyEmissionSettings, invoiceCompaniesByIds } from "../../db/emission";
import type { Db, Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { certificateSigner } from "../certificates/signer";
import { isUf } from "../company/fiscal-profile";
import { authorizerStatuses, contingencyModeName, modeOfInvoice } from "./contingency";
import { EVENT_INVOICE_COMPANY_NOT_FOUND } from "./event-messages";
import { invoiceCompanyLacks } from "./messages";

type AuthorizerStatusView = {
  Authorizer: string;
  Model: 55 | 65;
  Role: "NFe" | "NFCe" | "SVC";
  EmissionType: 1 | 6 | 7;
  cStat: number | null;
  xMotivo: string | null;
  AskedAt: string | null;
  Stopped: boolean;
  Source: string | null;
};

type NFeStatusView = {
  IDCompanyInvoice: number;
  UF: string;
  Environment: 1 | 2;
  ContingencyMode: "SVC-AN" | "SVC-RS" | null;
  ContingencySince: string | null;
  Authorizers: AuthorizerStatusView[];
};

const timeoutOf = (env: Env) => {
  const parsed = Number(env.SEFAZ_TIMEOUT_MS);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 20_000;
};

export async function nfeStatusOf(
  deps: { db: Db; env: Env },
  companyId: number,
  invoiceId: number,
): Promise<NFeStatusView> {
  const { db, env } = deps;
  const [invoice] = await invoiceCompaniesByIds(db, companyId, [invoiceId]);
  if (!invoice) throw badRequest(EVENT_INVOICE_COMPANY_NOT_FOUND);
  const uf = invoice.uf ?? "";
  if (!isUf(uf)) throw badRequest(invoiceCompanyLacks(invoice.id, ["UF"]));
  const settings = await companyEmissionSettings(db, companyId);
  const environment = settings?.environment === 1 ? 1 : 2;
  const cnpj = (invoice.document ?? "").replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const signer = cnpj ? await certificateSigner(db, env, companyId, cnpj) : null;
  const statuses = await authorizerStatuses({ db, client: authorizationClient }, uf, {
    uf,
    environment,
    baseUrl: invoice.nfeBaseUrl,
    fetcher: signer?.fetcher ?? null,
    timeoutMs: timeoutOf(env),
    production: env.ENVIRONMENT !== "development",
  });
  const mode = modeOfInvoice(invoice);
  return {
    IDCompanyInvoice: invoice.id,
    UF: uf,
    Environment: environment,
    ContingencyMode: contingencyModeName(mode),
    ContingencySince: mode.contingency?.since ?? null,
    Authorizers: statuses.map(({ target, row }) => ({
      Authorizer: target.name,
      Model: target.model,
      Role: target.role,
      EmissionType: target.emissionType,
      cStat: row?.cStat ?? null,
      xMotivo: row?.xMotivo ?? null,
      AskedAt: row?.askedAt ?? null,
      Stopped: row?.stopped === 1,
      Source: row?.source ?? null,
    })),
  };
}

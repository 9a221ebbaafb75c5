/**
 * The issuer's event service on SEFAZ: each event (`evento` 110111/110110) and each voiding
 * (`inutNFe`) signed with the certificate the company's store holds for the issuer's CNPJ (its root),
 * sent through the authorization client to the authorizer of the issuer's UF for the model and
 * environment (NFeRecepcaoEvento4, NFeInutilizacao4: the UF's own, SVRS or SVAN, never the national
 * AN the recipient's manifest goes to), or to the issuer's `NFeBaseUrl` (a homologation double). The
 * legal documents are made of the signed request and SEFAZ's answer (procEventoNFe, procInutNFe).
 */
import { type AuthorizationFailure, authorizationClient } from "../../adapters/sefaz/authorization/client";
import { issuerBaseUrl } from "../../db/emission-events";
import type { Db, Env } from "../../env";
import { badRequest } from "../../lib/errors";
import { type CertificateSigner, certificateSigner } from "../certificates/signer";
import { eventCertificateExpired, eventNoCertificate } from "./event-messages";
import { brasiliaTime } from "./event-rules";
import type {
  IssuerConnection,
  IssuerEventService,
  IssuerEventServiceFor,
  SefazOutcome,
} from "./event-service";
import { envEventoXml, procEventoXml, signNFeEvent } from "./events-xml";
import { procInutXml, signVoid } from "./void-xml";

export type IssuerEventContext = { db: Db; env: Env; production: boolean };

/** Milliseconds SEFAZ is given per call: `SEFAZ_TIMEOUT_MS`, else 30 s. */
function timeoutOf(env: Env): number {
  const parsed = Number(env.SEFAZ_TIMEOUT_MS);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 30_000;
}

/** Why SEFAZ gave no answer, as the event keeps it (xMotivo of a pending event). */
export function failureReason(failure: AuthorizationFailure): string {
  const status = failure.status ? ` HTTP ${failure.status}` : "";
  const kinds: Record<AuthorizationFailure["kind"], string> = {
    fault: "falha SOAP",
    unavailable: "serviço indisponível",
    invalid_answer: "resposta que não é a do serviço",
    timeout: "tempo esgotado",
    network: "falha de conexão",
    refused_call: "chamada recusada",
  };
  return `${kinds[failure.kind]}${status}: ${failure.detail}`;
}

/** `idLote`: 15 digits from the clock (one event per lot). */
const lotId = (at: Date) => String(at.getTime()).padStart(15, "0").slice(-15);

/** A signing failure of the XML piece (text the layout refuses...) as a 400 with its message. */
async function signing<T>(sign: () => Promise<T>): Promise<T> {
  try {
    return await sign();
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error));
  }
}

export const issuerEventServiceFor =
  (context: IssuerEventContext): IssuerEventServiceFor =>
  async (connection: IssuerConnection): Promise<IssuerEventService> => {
    const { db, env } = context;
    const signer: CertificateSigner | null = await certificateSigner(
      db,
      env,
      connection.companyId,
      connection.cnpj,
    );
    if (!signer) throw badRequest(eventNoCertificate(connection.companyInvoiceId));
    if (signer.notAfter && Date.parse(signer.notAfter) <= Date.now())
      throw badRequest(eventCertificateExpired(connection.companyInvoiceId, signer.notAfter));
    const client = authorizationClient({
      uf: connection.uf,
      model: connection.model,
      environment: connection.environment,
      emissionType: connection.emissionType ?? 1,
      baseUrl: await issuerBaseUrl(db, connection.companyId, connection.companyInvoiceId),
      fetcher: signer.fetcher,
      timeoutMs: timeoutOf(env),
      production: context.production,
    });
    return {
      async event(send): Promise<SefazOutcome> {
        const evento = await signing(() =>
          signNFeEvent(
            {
              accessKey: send.accessKey,
              cnpj: connection.cnpj,
              environment: connection.environment,
              type: send.type,
              sequence: send.sequence,
              at: brasiliaTime(send.at),
              ...(send.protocol ? { protocol: send.protocol } : {}),
              text: send.text,
            },
            signer,
          ),
        );
        const answer = await client.event(envEventoXml(lotId(send.at), evento));
        if (!answer.ok) return { ok: false, reason: failureReason(answer.failure) };
        if (!answer.retEventoXml)
          return { ok: false, reason: `SEFAZ respondeu ${answer.cStat} - ${answer.xMotivo} sem o retEvento` };
        return {
          ok: true,
          answer: {
            cStat: answer.cStat,
            xMotivo: answer.xMotivo,
            protocol: answer.protocol,
            registeredAt: answer.registeredAt,
            procXml: procEventoXml(evento, answer.retEventoXml),
          },
        };
      },
      async voidNumbers(send): Promise<SefazOutcome> {
        const inut = await signing(() =>
          signVoid(
            {
              environment: connection.environment,
              uf: connection.uf,
              year: Number(brasiliaTime(send.at).slice(0, 4)),
              cnpj: connection.cnpj,
              model: connection.model,
              series: send.series,
              from: send.from,
              to: send.to,
              justification: send.justification,
            },
            signer,
          ),
        );
        const answer = await client.voidNumbers(inut);
        if (!answer.ok) return { ok: false, reason: failureReason(answer.failure) };
        return {
          ok: true,
          answer: {
            cStat: answer.cStat,
            xMotivo: answer.xMotivo,
            protocol: answer.protocol,
            registeredAt: answer.registeredAt,
            procXml: answer.retInutNFeXml ? procInutXml(inut, answer.retInutNFeXml) : inut,
          },
        };
      },
    };
  };

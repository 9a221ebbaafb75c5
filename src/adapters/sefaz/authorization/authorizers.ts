/**
 * Which SEFAZ authorizes an NF-e (model 55) or NFC-e (model 65), by the issuer's UF, and where its
 * web services live in each environment: DATA, not code. Every UF either runs its own authorizer
 * (AM, BA, GO, MG, MS, MT, PE, PR, RS, SP for model 55; AM, GO, MG, MS, MT, PR, RS, SP for model 65)
 * or uses a virtual one: SVAN (Sefaz Virtual do Ambiente Nacional, MA for model 55) or SVRS (Sefaz
 * Virtual do RS, the others). The contingency authorizers SVC-AN (`tpEmis` 6) and SVC-RS
 * (`tpEmis` 7) serve model 55 only, each UF one of them.
 *
 * Source: the Portal Nacional da NF-e's list of web services ("Relação de Serviços Web", NF-e 4.00)
 * and its list of authorizers per UF, as kept (both environments, both models) in nfephp-org/sped-nfe
 * `storage/wsnfe_4.00_mod55.xml`, `storage/wsnfe_4.00_mod65.xml`, `storage/autorizadores.json` and
 * the SVC of each UF in `src/Factories/Contingency.php` (commit 3b44ec9): docs/NFE-SEFAZ.md.
 * Each authorizer serves the same paths in both environments; only the host changes.
 */
import type { Uf } from "../../../domain/company/fiscal-profile";
import type { SefazEnvironment } from "../types";

/** The six services an issuer calls (the WSDL's service name, the last segment of its namespace). */
export const AUTHORIZATION_SERVICES = [
  "NFeAutorizacao4",
  "NFeRetAutorizacao4",
  "NFeConsultaProtocolo4",
  "NFeRecepcaoEvento4",
  "NFeInutilizacao4",
  "NFeStatusServico4",
] as const;
export type AuthorizationService = (typeof AUTHORIZATION_SERVICES)[number];

export type DocumentModel = 55 | 65;

/** `tpEmis` of the authorizer's choice: 1 normal, 6 SVC-AN, 7 SVC-RS. */
export type AuthorizerEmissionType = 1 | 6 | 7;

type Server = {
  /** scheme + host per `tpAmb` (1 production, 2 homologation). */
  hosts: Record<SefazEnvironment, string>;
  /** The path of each service, the same in both environments. */
  paths: Paths;
};

type Paths = Record<AuthorizationService, string>;

/**
 * How authorizers name their service paths. Most use the WSDL's service name under a prefix of their
 * own; the RS family (RS, SVRS, SVC-RS) and the AM/MT family keep older names (`NfeConsulta4`,
 * `RecepcaoEvento4`); the national servers (SVAN, SVC-AN) and BA put each under a folder of its name.
 */
const underPrefix = (prefix: string, suffix = ""): Paths =>
  Object.fromEntries(
    AUTHORIZATION_SERVICES.map((service) => [service, `${prefix}/${service}${suffix}`]),
  ) as Paths;

const inOwnFolder = (prefix: string): Paths =>
  Object.fromEntries(
    AUTHORIZATION_SERVICES.map((service) => [service, `${prefix}/${service}/${service}.asmx`]),
  ) as Paths;

const olderNames = (prefix: string): Paths => ({
  NFeAutorizacao4: `${prefix}/NfeAutorizacao4`,
  NFeRetAutorizacao4: `${prefix}/NfeRetAutorizacao4`,
  NFeConsultaProtocolo4: `${prefix}/NfeConsulta4`,
  NFeRecepcaoEvento4: `${prefix}/RecepcaoEvento4`,
  NFeInutilizacao4: `${prefix}/NfeInutilizacao4`,
  NFeStatusServico4: `${prefix}/NfeStatusServico4`,
});

/** The RS family's paths (RS, SVRS, SVC-RS; both models). */
const RS_PATHS: Paths = {
  NFeAutorizacao4: "/ws/NfeAutorizacao/NFeAutorizacao4.asmx",
  NFeRetAutorizacao4: "/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx",
  NFeConsultaProtocolo4: "/ws/NfeConsulta/NfeConsulta4.asmx",
  NFeRecepcaoEvento4: "/ws/recepcaoevento/recepcaoevento4.asmx",
  NFeInutilizacao4: "/ws/nfeinutilizacao/nfeinutilizacao4.asmx",
  NFeStatusServico4: "/ws/NfeStatusServico/NfeStatusServico4.asmx",
};

/** SP's NF-e paths are in lower case. */
const SP_NFE_PATHS = Object.fromEntries(
  AUTHORIZATION_SERVICES.map((service) => [service, `/ws/${service.toLowerCase()}.asmx`]),
) as Paths;

const hosts = (production: string, homologation: string): Record<SefazEnvironment, string> => ({
  1: production,
  2: homologation,
});

/** The national servers: SVAN, and SVC-AN on the same hosts. */
const NATIONAL: Server = {
  hosts: hosts("https://www.sefazvirtual.fazenda.gov.br", "https://hom.sefazvirtual.fazenda.gov.br"),
  paths: inOwnFolder(""),
};

/** SVRS's NF-e servers, which SVC-RS shares. */
const SVRS_NFE: Server = {
  hosts: hosts("https://nfe.svrs.rs.gov.br", "https://nfe-homologacao.svrs.rs.gov.br"),
  paths: RS_PATHS,
};

/** GO serves both models on the same servers. */
const GO_SERVERS: Server = {
  hosts: hosts("https://nfe.sefaz.go.gov.br", "https://homolog.sefaz.go.gov.br"),
  paths: underPrefix("/nfe/services"),
};

/** Each authorizer's servers, by model. */
const SERVERS = {
  AM: {
    55: {
      hosts: hosts("https://nfe.sefaz.am.gov.br", "https://homnfe.sefaz.am.gov.br"),
      paths: olderNames("/services2/services"),
    },
    65: {
      hosts: hosts("https://nfce.sefaz.am.gov.br", "https://homnfce.sefaz.am.gov.br"),
      paths: olderNames("/nfce-services/services"),
    },
  },
  BA: {
    55: {
      hosts: hosts("https://nfe.sefaz.ba.gov.br", "https://hnfe.sefaz.ba.gov.br"),
      paths: inOwnFolder("/webservices"),
    },
  },
  GO: { 55: GO_SERVERS, 65: GO_SERVERS },
  MG: {
    55: {
      hosts: hosts("https://nfe.fazenda.mg.gov.br", "https://hnfe.fazenda.mg.gov.br"),
      paths: underPrefix("/nfe2/services"),
    },
    65: {
      hosts: hosts("https://nfce.fazenda.mg.gov.br", "https://hnfce.fazenda.mg.gov.br"),
      paths: underPrefix("/nfce/services"),
    },
  },
  MS: {
    55: {
      hosts: hosts("https://nfe.sefaz.ms.gov.br", "https://hom.nfe.sefaz.ms.gov.br"),
      paths: underPrefix("/ws"),
    },
    65: {
      hosts: hosts("https://nfce.sefaz.ms.gov.br", "https://hom.nfce.sefaz.ms.gov.br"),
      paths: underPrefix("/ws"),
    },
  },
  MT: {
    55: {
      hosts: hosts("https://nfe.sefaz.mt.gov.br", "https://homologacao.sefaz.mt.gov.br"),
      paths: olderNames("/nfews/v2/services"),
    },
    65: {
      hosts: hosts("https://nfce.sefaz.mt.gov.br", "https://homologacao.sefaz.mt.gov.br"),
      paths: olderNames("/nfcews/services"),
    },
  },
  PE: {
    55: {
      hosts: hosts("https://nfe.sefaz.pe.gov.br", "https://nfehomolog.sefaz.pe.gov.br"),
      paths: underPrefix("/nfe-service/services"),
    },
  },
  PR: {
    55: {
      hosts: hosts("https://nfe.sefa.pr.gov.br", "https://homologacao.nfe.sefa.pr.gov.br"),
      paths: underPrefix("/nfe"),
    },
    65: {
      hosts: hosts("https://nfce.sefa.pr.gov.br", "https://homologacao.nfce.sefa.pr.gov.br"),
      paths: underPrefix("/nfce"),
    },
  },
  RS: {
    55: {
      hosts: hosts("https://nfe.sefazrs.rs.gov.br", "https://nfe-homologacao.sefazrs.rs.gov.br"),
      paths: RS_PATHS,
    },
    65: {
      hosts: hosts("https://nfce.sefazrs.rs.gov.br", "https://nfce-homologacao.sefazrs.rs.gov.br"),
      paths: RS_PATHS,
    },
  },
  SP: {
    55: {
      hosts: hosts("https://nfe.fazenda.sp.gov.br", "https://homologacao.nfe.fazenda.sp.gov.br"),
      paths: SP_NFE_PATHS,
    },
    65: {
      hosts: hosts("https://nfce.fazenda.sp.gov.br", "https://homologacao.nfce.fazenda.sp.gov.br"),
      paths: underPrefix("/ws", ".asmx"),
    },
  },
  SVAN: { 55: NATIONAL },
  SVRS: {
    55: SVRS_NFE,
    65: {
      hosts: hosts("https://nfce.svrs.rs.gov.br", "https://nfce-homologacao.svrs.rs.gov.br"),
      paths: RS_PATHS,
    },
  },
  "SVC-AN": { 55: NATIONAL },
  "SVC-RS": { 55: SVRS_NFE },
} as const satisfies Record<string, Partial<Record<DocumentModel, Server>>>;

export type AuthorizerName = keyof typeof SERVERS;

/** The authorizer of each UF's NF-e (55) and NFC-e (65). */
const AUTHORIZER_OF_UF: Record<Uf, { 55: AuthorizerName; 65: AuthorizerName }> = {
  RO: { 55: "SVRS", 65: "SVRS" },
  AC: { 55: "SVRS", 65: "SVRS" },
  AM: { 55: "AM", 65: "AM" },
  RR: { 55: "SVRS", 65: "SVRS" },
  PA: { 55: "SVRS", 65: "SVRS" },
  AP: { 55: "SVRS", 65: "SVRS" },
  TO: { 55: "SVRS", 65: "SVRS" },
  MA: { 55: "SVAN", 65: "SVRS" },
  PI: { 55: "SVRS", 65: "SVRS" },
  CE: { 55: "SVRS", 65: "SVRS" },
  RN: { 55: "SVRS", 65: "SVRS" },
  PB: { 55: "SVRS", 65: "SVRS" },
  PE: { 55: "PE", 65: "SVRS" },
  AL: { 55: "SVRS", 65: "SVRS" },
  SE: { 55: "SVRS", 65: "SVRS" },
  BA: { 55: "BA", 65: "SVRS" },
  MG: { 55: "MG", 65: "MG" },
  ES: { 55: "SVRS", 65: "SVRS" },
  RJ: { 55: "SVRS", 65: "SVRS" },
  SP: { 55: "SP", 65: "SP" },
  PR: { 55: "PR", 65: "PR" },
  SC: { 55: "SVRS", 65: "SVRS" },
  RS: { 55: "RS", 65: "RS" },
  MS: { 55: "MS", 65: "MS" },
  MT: { 55: "MT", 65: "MT" },
  GO: { 55: "GO", 65: "GO" },
  DF: { 55: "SVRS", 65: "SVRS" },
};

/** The contingency authorizer (SVC) of each UF's NF-e: SVC-AN with `tpEmis` 6, SVC-RS with 7. */
const CONTINGENCY_OF_UF: Record<Uf, "SVC-AN" | "SVC-RS"> = {
  RO: "SVC-AN",
  AC: "SVC-AN",
  AM: "SVC-RS",
  RR: "SVC-AN",
  PA: "SVC-AN",
  AP: "SVC-AN",
  TO: "SVC-AN",
  MA: "SVC-RS",
  PI: "SVC-AN",
  CE: "SVC-AN",
  RN: "SVC-AN",
  PB: "SVC-AN",
  PE: "SVC-RS",
  AL: "SVC-AN",
  SE: "SVC-AN",
  BA: "SVC-RS",
  MG: "SVC-AN",
  ES: "SVC-AN",
  RJ: "SVC-AN",
  SP: "SVC-AN",
  PR: "SVC-RS",
  SC: "SVC-AN",
  RS: "SVC-AN",
  MS: "SVC-RS",
  MT: "SVC-RS",
  GO: "SVC-RS",
  DF: "SVC-AN",
};

/** One authorizer as an issuer meets it: who it is, and the address of each of its services. */
export type Authorizer = {
  /** The UF's own authorizer (its initials), SVAN, SVRS, SVC-AN or SVC-RS. */
  name: AuthorizerName;
  /** own: the UF's SEFAZ; virtual: SVAN/SVRS serving the UF; contingency: SVC-AN/SVC-RS. */
  kind: "own" | "virtual" | "contingency";
  uf: Uf;
  model: DocumentModel;
  environment: SefazEnvironment;
  emissionType: AuthorizerEmissionType;
  /** Full URL of each service. */
  urls: Record<AuthorizationService, string>;
  /** Path of each service (what a `baseUrl` keeps). */
  paths: Record<AuthorizationService, string>;
};

/** A request the table cannot answer (unknown UF, SVC for NFC-e, another UF's SVC): the caller's defect. */
export class AuthorizerLookupError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = "AuthorizerLookupError";
  }
}

const isTableUf = (uf: string): uf is Uf => Object.hasOwn(AUTHORIZER_OF_UF, uf);

/** The contingency authorizer of a UF's NF-e and the `tpEmis` its notes carry (6 SVC-AN, 7 SVC-RS). */
export function contingencyOf(uf: string): { name: "SVC-AN" | "SVC-RS"; emissionType: 6 | 7 } {
  if (!isTableUf(uf)) throw new AuthorizerLookupError(`UF desconhecida: ${uf}`);
  const name = CONTINGENCY_OF_UF[uf];
  return { name, emissionType: name === "SVC-AN" ? 6 : 7 };
}

/**
 * The authorizer of an issuer of `uf` for `model` in `environment`: the UF's (own server, SVAN or
 * SVRS) for `tpEmis` 1, its SVC for 6 (SVC-AN) or 7 (SVC-RS), which must be the UF's. Throws
 * `AuthorizerLookupError` for an unknown UF, an SVC for model 65, or an SVC other than the UF's.
 */
export function authorizerOf(
  uf: string,
  model: DocumentModel,
  environment: SefazEnvironment,
  emissionType: AuthorizerEmissionType = 1,
): Authorizer {
  if (!isTableUf(uf)) throw new AuthorizerLookupError(`UF desconhecida: ${uf}`);
  if (model !== 55 && model !== 65) throw new AuthorizerLookupError(`modelo desconhecido: ${model}`);
  if (environment !== 1 && environment !== 2)
    throw new AuthorizerLookupError(`ambiente desconhecido: ${environment}`);
  let name: AuthorizerName;
  if (emissionType === 1) name = AUTHORIZER_OF_UF[uf][model];
  else if (emissionType === 6 || emissionType === 7) {
    if (model !== 55) throw new AuthorizerLookupError("a SVC autoriza apenas NF-e (modelo 55)");
    const contingency = contingencyOf(uf);
    if (contingency.emissionType !== emissionType)
      throw new AuthorizerLookupError(
        `a contingência de ${uf} é ${contingency.name} (tpEmis ${contingency.emissionType})`,
      );
    name = contingency.name;
  } else throw new AuthorizerLookupError(`tpEmis sem autorizador na tabela: ${emissionType}`);
  const server = (SERVERS[name] as Partial<Record<DocumentModel, Server>>)[model];
  if (!server) throw new AuthorizerLookupError(`${name} não autoriza o modelo ${model}`);
  const host = server.hosts[environment];
  const urls = Object.fromEntries(
    AUTHORIZATION_SERVICES.map((service) => [service, `${host}${server.paths[service]}`]),
  ) as Record<AuthorizationService, string>;
  return {
    name,
    kind:
      name === "SVC-AN" || name === "SVC-RS"
        ? "contingency"
        : name === "SVAN" || name === "SVRS"
          ? "virtual"
          : "own",
    uf,
    model,
    environment,
    emissionType,
    urls,
    paths: { ...server.paths },
  };
}

/**
 * Where a service of `authorizer` is called: its URL, or, with a `baseUrl` (a test double, a
 * proxy), the service's path appended to that base (which replaces scheme and host, and may carry a
 * path prefix of its own).
 */
export function serviceUrl(
  authorizer: Authorizer,
  service: AuthorizationService,
  baseUrl?: string | null,
): string {
  if (!baseUrl) return authorizer.urls[service];
  return `${baseUrl.replace(/\/+$/, "")}${authorizer.paths[service]}`;
}

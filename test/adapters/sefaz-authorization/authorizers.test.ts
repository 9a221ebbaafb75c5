import { describe, expect, it } from "vitest";
import {
  AUTHORIZATION_SERVICES,
  authorizerOf,
  contingencyOf,
  serviceUrl,
} from "../../../src/adapters/sefaz/authorization/authorizers";
import { UFS } from "../../../src/domain/company/fiscal-profile";

const OWN_55 = ["AM", "BA", "GO", "MG", "MS", "MT", "PE", "PR", "RS", "SP"];
const OWN_65 = ["AM", "GO", "MG", "MS", "MT", "PR", "RS", "SP"];

describe("the authorizers' table", () => {
  it("every UF resolves for both models and both environments, to https services", () => {
    expect(UFS).toHaveLength(27);
    for (const uf of UFS)
      for (const model of [55, 65] as const)
        for (const environment of [1, 2] as const) {
          const authorizer = authorizerOf(uf, model, environment);
          for (const service of AUTHORIZATION_SERVICES)
            expect(authorizer.urls[service]).toMatch(/^https:\/\/[a-z0-9.-]+\/\S+$/);
          const own = (model === 55 ? OWN_55 : OWN_65).includes(uf);
          expect(authorizer.name).toBe(own ? uf : uf === "MA" && model === 55 ? "SVAN" : "SVRS");
          expect(authorizer.kind).toBe(own ? "own" : "virtual");
          // the same paths in both environments, on different hosts
          const other = authorizerOf(uf, model, environment === 1 ? 2 : 1);
          expect(other.paths).toEqual(authorizer.paths);
          expect(new URL(other.urls.NFeAutorizacao4).host).not.toBe(
            new URL(authorizer.urls.NFeAutorizacao4).host,
          );
        }
  });

  // checked by hand against nfephp-org/sped-nfe storage/wsnfe_4.00_mod55.xml and _mod65.xml (3b44ec9)
  it.each([
    ["SP", 55, 1, "NFeAutorizacao4", "https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx"],
    [
      "SP",
      55,
      2,
      "NFeConsultaProtocolo4",
      "https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeconsultaprotocolo4.asmx",
    ],
    [
      "MA",
      55,
      1,
      "NFeAutorizacao4",
      "https://www.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx",
    ],
    [
      "RJ",
      55,
      2,
      "NFeRetAutorizacao4",
      "https://nfe-homologacao.svrs.rs.gov.br/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx",
    ],
    ["AM", 55, 1, "NFeConsultaProtocolo4", "https://nfe.sefaz.am.gov.br/services2/services/NfeConsulta4"],
    ["MG", 55, 2, "NFeRecepcaoEvento4", "https://hnfe.fazenda.mg.gov.br/nfe2/services/NFeRecepcaoEvento4"],
    [
      "BA",
      55,
      1,
      "NFeInutilizacao4",
      "https://nfe.sefaz.ba.gov.br/webservices/NFeInutilizacao4/NFeInutilizacao4.asmx",
    ],
    ["PE", 55, 1, "NFeStatusServico4", "https://nfe.sefaz.pe.gov.br/nfe-service/services/NFeStatusServico4"],
    ["RS", 55, 1, "NFeAutorizacao4", "https://nfe.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx"],
    ["BA", 65, 1, "NFeAutorizacao4", "https://nfce.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx"],
    ["SP", 65, 2, "NFeAutorizacao4", "https://homologacao.nfce.fazenda.sp.gov.br/ws/NFeAutorizacao4.asmx"],
    ["MT", 65, 1, "NFeRecepcaoEvento4", "https://nfce.sefaz.mt.gov.br/nfcews/services/RecepcaoEvento4"],
    ["PR", 65, 2, "NFeStatusServico4", "https://homologacao.nfce.sefa.pr.gov.br/nfce/NFeStatusServico4"],
  ] as const)("%s model %s environment %s %s", (uf, model, environment, service, url) => {
    expect(authorizerOf(uf, model, environment).urls[service]).toBe(url);
  });

  it("each UF's NF-e has its SVC: SVC-RS (tpEmis 7) for AM BA GO MA MS MT PE PR, SVC-AN (6) for the rest", () => {
    const rs = ["AM", "BA", "GO", "MA", "MS", "MT", "PE", "PR"];
    for (const uf of UFS) {
      const contingency = contingencyOf(uf);
      expect(contingency).toEqual(
        rs.includes(uf) ? { name: "SVC-RS", emissionType: 7 } : { name: "SVC-AN", emissionType: 6 },
      );
      for (const environment of [1, 2] as const) {
        const svc = authorizerOf(uf, 55, environment, contingency.emissionType);
        expect(svc).toMatchObject({
          name: contingency.name,
          kind: "contingency",
          emissionType: contingency.emissionType,
        });
      }
    }
    expect(authorizerOf("SP", 55, 1, 6).urls.NFeAutorizacao4).toBe(
      "https://www.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx",
    );
    expect(authorizerOf("PR", 55, 2, 7).urls.NFeStatusServico4).toBe(
      "https://nfe-homologacao.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx",
    );
  });

  it("refuses what the table does not hold: an unknown UF, another UF's SVC, SVC for NFC-e", () => {
    expect(() => authorizerOf("XX", 55, 1)).toThrow("UF desconhecida: XX");
    expect(() => authorizerOf("PR", 55, 1, 6)).toThrow("a contingência de PR é SVC-RS (tpEmis 7)");
    expect(() => authorizerOf("SP", 65, 1, 6)).toThrow("a SVC autoriza apenas NF-e (modelo 55)");
  });

  it("a baseUrl replaces scheme and host; the service's path stays", () => {
    const sp = authorizerOf("SP", 55, 2);
    expect(serviceUrl(sp, "NFeAutorizacao4", "http://127.0.0.1:9000/label/")).toBe(
      "http://127.0.0.1:9000/label/ws/nfeautorizacao4.asmx",
    );
    expect(serviceUrl(sp, "NFeAutorizacao4", null)).toBe(sp.urls.NFeAutorizacao4);
  });
});

import { expect, it } from "vitest";
import { authorizationClient } from "../../../src/adapters/sefaz/authorization/client";
import { enviNFeXml, signNFe } from "../../../src/domain/emission/sign";
import { importSigningKey } from "../../../src/lib/xmldsig";
import { cnpjOfBranch } from "../../support/authorization-samples";
import { fiscalDraft } from "../../support/fiscal-draft-factories";
import { sefazAuthorizerDouble } from "../../support/sefaz-authorizer-double";

it("a note built and signed by the emission's builder is authorized by the double (schema and signature)", async () => {
  const cnpj = cnpjOfBranch(500);
  const double = await sefazAuthorizerDouble(cnpj);
  const base = fiscalDraft();
  const signed = await signNFe(fiscalDraft({ issuer: { ...base.issuer, cnpj } }), {
    key: await importSigningKey(double.keyPem),
    certificatePem: double.certificatePem,
  });
  const client = authorizationClient({
    uf: "SP",
    model: 55,
    environment: 2,
    baseUrl: double.baseUrl,
    production: false,
  });
  const answer = await client.authorize(enviNFeXml("1", signed.xml));
  expect(answer).toMatchObject({ ok: true, cStat: 100 });
  if (answer.ok) expect(answer.protNFeXml).toContain(`<chNFe>${signed.accessKey}</chNFe>`);
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyInvoices } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** The fiscal profile of an invoicing company nobody informed yet. */
const EMPTY_PROFILE = {
  StateRegistration: null,
  TaxRegime: null,
  Street: null,
  Number: null,
  Complement: null,
  District: null,
  CityCode: null,
  City: null,
  UF: null,
  ZipCode: null,
  Phone: null,
  NFeSeries: 1,
  NFeNextNumber: 1,
  EmitIBSCBS: 0,
  NFeBaseUrl: null,
  // read only: the SVC contingency of the NF-e (docs/NFE.md)
  ContingencyMode: null,
  ContingencySince: null,
  ContingencyReason: null,
  NFCeSeries: 1,
  NFCeNextNumber: 1,
  CSCId: null,
  CSCSet: 0,
  NFCeOfflineContingency: 0,
};

const PAULISTA = {
  StateRegistration: "110.042.490.114",
  TaxRegime: 3,
  Street: "  Avenida Paulista ",
  Number: "1578",
  Complement: "Conjunto 12, 3º andar",
  District: "Bela Vista",
  CityCode: "3550308",
  City: "São Paulo",
  UF: "sp",
  ZipCode: "01310-200",
  Phone: "(11) 3333-4444",
  NFeSeries: 2,
  NFeNextNumber: 1501,
  EmitIBSCBS: 1,
};

const STORED_PAULISTA = {
  StateRegistration: "110042490114",
  TaxRegime: 3,
  Street: "Avenida Paulista",
  Number: "1578",
  Complement: "Conjunto 12, 3º andar",
  District: "Bela Vista",
  CityCode: "3550308",
  City: "São Paulo",
  UF: "SP",
  ZipCode: "01310200",
  Phone: "1133334444",
  NFeSeries: 2,
  NFeNextNumber: 1501,
  EmitIBSCBS: 1,
};

async function newInvoice(body: Record<string, unknown> = {}): Promise<number> {
  const response = await api.post("/company/invoice", { Name: unique("Faturador"), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body[0]!.IDCompanyInvoice;
}

const rowOf = (id: number) => demoDb().select().from(companyInvoices).where(eq(companyInvoices.id, id)).get();

describe("/company/invoice: the issuer's fiscal profile", () => {
  it("an invoicing company without a profile has nulls, series 1, next number 1 and no IBS/CBS group", async () => {
    const seeded = (await api.get("/company/invoice/1")).body[0];
    expect(seeded).toMatchObject(EMPTY_PROFILE);
    const id = await newInvoice();
    expect((await api.get(`/company/invoice/${id}`)).body[0]).toEqual({
      IDCompanyInvoice: id,
      Name: expect.any(String),
      Document: null,
      Status: 1,
      ...EMPTY_PROFILE,
    });
  });

  it("stores the whole profile cleaned (digits only, UF in capitals, text trimmed) and answers it on POST, GET and the list", async () => {
    const created = await api.post("/company/invoice", { Name: unique("Faturador"), ...PAULISTA });
    expect(created.status).toBe(200);
    const invoice = created.body[0]!;
    expect(invoice).toMatchObject(STORED_PAULISTA);
    expect((await api.get(`/company/invoice/${invoice.IDCompanyInvoice}`)).body).toEqual([invoice]);
    expect((await api.get("/company/invoice")).body).toContainEqual(invoice);
    expect(await rowOf(invoice.IDCompanyInvoice)).toMatchObject({
      stateRegistration: "110042490114",
      taxRegime: 3,
      street: "Avenida Paulista",
      cityCode: "3550308",
      uf: "SP",
      zipCode: "01310200",
      phone: "1133334444",
      nfeSeries: 2,
      nfeNextNumber: 1501,
      emitIbsCbs: 1,
    });
  });

  it("accepts ISENTO in any case, series 0, the largest series and number, Latin-1 text and the municipalities outside the check-digit rule", async () => {
    const id = await newInvoice({
      StateRegistration: "isento",
      NFeSeries: 0,
      NFeNextNumber: 999999999,
      Street: "Praça da Sé & Cia <ªº>",
      CityCode: "2201919",
      UF: "PI",
    });
    expect((await api.get(`/company/invoice/${id}`)).body[0]).toMatchObject({
      StateRegistration: "ISENTO",
      NFeSeries: 0,
      NFeNextNumber: 999999999,
      Street: "Praça da Sé & Cia <ªº>",
      CityCode: "2201919",
      UF: "PI",
    });
    const last = await api.put(`/company/invoice/${id}`, { NFeSeries: 999, TaxRegime: 4 });
    expect(last.body[0]).toMatchObject({ NFeSeries: 999, TaxRegime: 4, StateRegistration: "ISENTO" });
  });

  it("PUT changes only the fields sent; null or empty text clears a field", async () => {
    const id = await newInvoice(PAULISTA);
    const changed = await api.put(`/company/invoice/${id}`, { Number: "S/N", Complement: "", Phone: null });
    expect(changed.body[0]).toEqual({
      IDCompanyInvoice: id,
      Name: expect.any(String),
      Document: null,
      Status: 1,
      NFeBaseUrl: null,
      ContingencyMode: null,
      ContingencySince: null,
      ContingencyReason: null,
      NFCeSeries: 1,
      NFCeNextNumber: 1,
      CSCId: null,
      CSCSet: 0,
      NFCeOfflineContingency: 0,
      ...STORED_PAULISTA,
      Number: "S/N",
      Complement: null,
      Phone: null,
    });
    const cleared = await api.put(`/company/invoice/${id}`, {
      TaxRegime: null,
      StateRegistration: " ",
      UF: "",
    });
    expect(cleared.body[0]).toMatchObject({ TaxRegime: null, StateRegistration: null, UF: null });
  });

  it("refuses a municipality outside the UF, against the UF sent or the one stored, and writes nothing", async () => {
    expectRefusal(
      await api.post("/company/invoice", { Name: unique("Faturador"), CityCode: "3304557", UF: "SP" }),
      "CityCode 3304557 não é de um município de SP: o código IBGE dos municípios de SP começa com 35",
    );
    const id = await newInvoice(PAULISTA);
    expectRefusal(
      await api.put(`/company/invoice/${id}`, { UF: "RJ" }),
      "CityCode 3550308 não é de um município de RJ: o código IBGE dos municípios de RJ começa com 33",
    );
    expectRefusal(
      await api.put(`/company/invoice/${id}`, { CityCode: "3304557", City: "Rio de Janeiro" }),
      "CityCode 3304557 não é de um município de SP: o código IBGE dos municípios de SP começa com 35",
    );
    expect((await api.get(`/company/invoice/${id}`)).body[0]).toMatchObject(STORED_PAULISTA);
    const moved = await api.put(`/company/invoice/${id}`, {
      CityCode: "3304557",
      UF: "RJ",
      City: "Rio de Janeiro",
    });
    expect(moved.body[0]).toMatchObject({ CityCode: "3304557", UF: "RJ", City: "Rio de Janeiro" });
    const cityOnly = await api.put(`/company/invoice/${id}`, { UF: null });
    expect(cityOnly.body[0]).toMatchObject({ CityCode: "3304557", UF: null });
    expect((await api.put(`/company/invoice/${id}`, { CityCode: "3550308" })).body[0]).toMatchObject({
      CityCode: "3550308",
    });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    [
      "IE with a letter",
      { StateRegistration: "11004249011A" },
      "StateRegistration deve ter de 2 a 14 dígitos ou ser ISENTO",
    ],
    [
      "IE of one digit",
      { StateRegistration: "1" },
      "StateRegistration deve ter de 2 a 14 dígitos ou ser ISENTO",
    ],
    [
      "IE of 15 digits",
      { StateRegistration: "123456789012345" },
      "StateRegistration deve ter de 2 a 14 dígitos ou ser ISENTO",
    ],
    [
      "IE as a number",
      { StateRegistration: 110042490114 },
      "StateRegistration deve ter de 2 a 14 dígitos ou ser ISENTO",
    ],
    [
      "CRT 5",
      { TaxRegime: 5 },
      "TaxRegime deve ser 1 (Simples Nacional), 2 (Simples Nacional, excesso de sublimite), 3 (Regime Normal) ou 4 (MEI)",
    ],
    [
      "CRT as text",
      { TaxRegime: "1" },
      "TaxRegime deve ser 1 (Simples Nacional), 2 (Simples Nacional, excesso de sublimite), 3 (Regime Normal) ou 4 (MEI)",
    ],
    ["street of one character", { Street: " R " }, "Street deve ter de 2 a 60 caracteres"],
    ["street of 61 characters", { Street: "R".repeat(61) }, "Street deve ter de 2 a 60 caracteres"],
    [
      "street with a line break",
      { Street: "Rua A\nBloco B" },
      "Street não pode conter caracteres de controle nem quebras de linha",
    ],
    [
      "street with a C1 control",
      { Street: "Rua\u0085A" },
      "Street não pode conter caracteres de controle nem quebras de linha",
    ],
    [
      "street with a typographic dash",
      { Street: "Rua A — esquina" },
      "Street tem um caractere que a NF-e não aceita (U+2014): use letras, números, espaços e pontuação comum",
    ],
    ["number of 61 characters", { Number: "9".repeat(61) }, "Number aceita no máximo 60 caracteres"],
    [
      "number with a tab",
      { Number: "12\t3" },
      "Number não pode conter caracteres de controle nem quebras de linha",
    ],
    [
      "complement with curly quotes",
      { Complement: "“Fundos”" },
      "Complement tem um caractere que a NF-e não aceita (U+201C): use letras, números, espaços e pontuação comum",
    ],
    [
      "complement of 61 characters",
      { Complement: "c".repeat(61) },
      "Complement aceita no máximo 60 caracteres",
    ],
    ["district of one character", { District: "B" }, "District deve ter de 2 a 60 caracteres"],
    [
      "district with an emoji",
      { District: "Centro 🎉" },
      "District tem um caractere que a NF-e não aceita (U+1F389): use letras, números, espaços e pontuação comum",
    ],
    ["city of 61 characters", { City: "C".repeat(61) }, "City deve ter de 2 a 60 caracteres"],
    [
      "city with a right-to-left override",
      { City: "São\u202EPaulo" },
      "City tem um caractere que a NF-e não aceita (U+202E): use letras, números, espaços e pontuação comum",
    ],
    [
      "city code of 6 digits",
      { CityCode: "355030" },
      "CityCode deve ter 7 dígitos (código IBGE do município)",
    ],
    [
      "city code with a letter",
      { CityCode: "355030A" },
      "CityCode deve ter 7 dígitos (código IBGE do município)",
    ],
    [
      "city code as a number",
      { CityCode: 3550308 },
      "CityCode deve ter 7 dígitos (código IBGE do município)",
    ],
    [
      "city code with a wrong check digit",
      { CityCode: "3550309" },
      "CityCode inválido: não é um código IBGE de município (UF ou dígito verificador)",
    ],
    [
      "city code of no UF",
      { CityCode: "9950308" },
      "CityCode inválido: não é um código IBGE de município (UF ou dígito verificador)",
    ],
    ["unknown UF", { UF: "XX" }, "UF deve ser a sigla de um estado brasileiro ou DF (ex.: SP)"],
    ["UF of the exterior", { UF: "EX" }, "UF deve ser a sigla de um estado brasileiro ou DF (ex.: SP)"],
    ["CEP of 7 digits", { ZipCode: "0131020" }, "ZipCode deve ter 8 dígitos (CEP)"],
    ["CEP with a letter", { ZipCode: "01310-20a" }, "ZipCode deve ter 8 dígitos (CEP)"],
    ["CEP as a number", { ZipCode: 1310200 }, "ZipCode deve ter 8 dígitos (CEP)"],
    ["phone of 5 digits", { Phone: "12345" }, "Phone deve ter de 6 a 14 dígitos (DDD + número)"],
    ["phone of 15 digits", { Phone: "123456789012345" }, "Phone deve ter de 6 a 14 dígitos (DDD + número)"],
    [
      "phone with a country code",
      { Phone: "+55 11 3333-4444" },
      "Phone deve ter de 6 a 14 dígitos (DDD + número)",
    ],
    ["series 1000", { NFeSeries: 1000 }, "NFeSeries deve ser um número inteiro de 0 a 999"],
    ["series -1", { NFeSeries: -1 }, "NFeSeries deve ser um número inteiro de 0 a 999"],
    ["series 1.5", { NFeSeries: 1.5 }, "NFeSeries deve ser um número inteiro de 0 a 999"],
    ["series null", { NFeSeries: null }, "NFeSeries deve ser um número inteiro de 0 a 999"],
    ["next number 0", { NFeNextNumber: 0 }, "NFeNextNumber deve ser um número inteiro de 1 a 999999999"],
    [
      "next number of 10 digits",
      { NFeNextNumber: 1_000_000_000 },
      "NFeNextNumber deve ser um número inteiro de 1 a 999999999",
    ],
    [
      "next number as text",
      { NFeNextNumber: "12" },
      "NFeNextNumber deve ser um número inteiro de 1 a 999999999",
    ],
    ["IBS/CBS flag 2", { EmitIBSCBS: 2 }, "EmitIBSCBS deve ser 0 ou 1"],
  ];

  it.each(refusals)("refuses %s on POST and on PUT, writing nothing", async (_case, field, message) => {
    const before = (await api.get("/company/invoice")).body.length;
    expectRefusal(await api.post("/company/invoice", { Name: unique("Faturador"), ...field }), message);
    expect((await api.get("/company/invoice")).body.length).toBe(before);
    const id = await newInvoice(PAULISTA);
    expectRefusal(await api.put(`/company/invoice/${id}`, field), message);
    expect((await api.get(`/company/invoice/${id}`)).body[0]).toMatchObject(STORED_PAULISTA);
  });

  it("another company neither sees nor changes the profile", async () => {
    const id = await newInvoice(PAULISTA);
    const other = await companyTwoApi();
    expect((await other.get(`/company/invoice/${id}`)).body).toEqual([]);
    expectRefusal(await other.put(`/company/invoice/${id}`, { NFeNextNumber: 7 }), "Faturador não existe");
    expect((await api.get(`/company/invoice/${id}`)).body[0]).toMatchObject({ NFeNextNumber: 1501 });
  });
});

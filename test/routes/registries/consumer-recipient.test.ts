import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consumers } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** A CNPJ and a CPF with valid check digits. */
const CNPJ = "11222333000181";
const CPF = "11144477735";

/** The recipient's data of a consumer nobody informed yet. */
const EMPTY_RECIPIENT = {
  StateRegistration: null,
  IndIEDest: 9,
  Street: null,
  Number: null,
  Complement: null,
  District: null,
  CityCode: null,
  City: null,
  UF: null,
  ZipCode: null,
  Phone: null,
};

const COPACABANA = {
  StateRegistration: "78.123.456",
  Street: "  Avenida Atlântica ",
  Number: "1702",
  Complement: "Loja B",
  District: "Copacabana",
  CityCode: "3304557",
  City: "Rio de Janeiro",
  UF: "rj",
  ZipCode: "22021-001",
  Phone: "(21) 2222-3333",
};

const STORED_COPACABANA = {
  StateRegistration: "78123456",
  IndIEDest: 1,
  Street: "Avenida Atlântica",
  Number: "1702",
  Complement: "Loja B",
  District: "Copacabana",
  CityCode: "3304557",
  City: "Rio de Janeiro",
  UF: "RJ",
  ZipCode: "22021001",
  Phone: "2122223333",
};

async function newConsumer(body: Record<string, unknown> = {}): Promise<number> {
  const response = await api.post("/consumer", { Name: unique("Cliente"), ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body[0]!.IDConsumer;
}

const rowOf = (id: number) => demoDb().select().from(consumers).where(eq(consumers.id, id)).get();

describe("/consumer: the NF-e recipient (dest)", () => {
  it("a consumer without recipient data answers nulls and indIEDest 9", async () => {
    const id = await newConsumer();
    expect((await api.get(`/consumer/${id}`)).body[0]).toEqual({
      IDConsumer: id,
      Name: expect.any(String),
      Document: null,
      Email: null,
      Status: 1,
      ...EMPTY_RECIPIENT,
    });
  });

  it("stores the IE and the address cleaned (digits only, UF in capitals, text trimmed) and answers them on POST, GET and the list", async () => {
    const created = await api.post("/consumer", { Name: unique("Cliente"), Document: CNPJ, ...COPACABANA });
    expect(created.status).toBe(200);
    const consumer = created.body[0]!;
    expect(consumer).toMatchObject({ Document: CNPJ, ...STORED_COPACABANA });
    expect((await api.get(`/consumer/${consumer.IDConsumer}`)).body).toEqual([consumer]);
    expect((await api.get("/consumer")).body).toContainEqual(consumer);
    expect(await rowOf(consumer.IDConsumer)).toMatchObject({
      stateRegistration: "78123456",
      street: "Avenida Atlântica",
      cityCode: "3304557",
      city: "Rio de Janeiro",
      uf: "RJ",
      zipCode: "22021001",
      phone: "2122223333",
    });
  });

  it("answers indIEDest 1 for IE digits, 2 for ISENTO (any case), 9 without IE, and 9 for a CPF whatever its IE", async () => {
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ Document: CNPJ, StateRegistration: "110042490114" }, 1, "110042490114"],
      [{ Document: CNPJ, StateRegistration: "Isento" }, 2, "ISENTO"],
      [{ Document: CNPJ }, 9, null],
      [{ Document: CPF, StateRegistration: "110042490114" }, 9, "110042490114"],
      [{ Document: CPF, StateRegistration: "ISENTO" }, 9, "ISENTO"],
      [{ Document: CPF }, 9, null],
    ];
    for (const [body, indicator, stored] of cases) {
      const id = await newConsumer(body);
      expect((await api.get(`/consumer/${id}`)).body[0], JSON.stringify(body)).toMatchObject({
        StateRegistration: stored,
        IndIEDest: indicator,
      });
    }
    const id = await newConsumer({ Document: CNPJ, StateRegistration: "ISENTO" });
    expect((await api.put(`/consumer/${id}`, { StateRegistration: null })).body[0]).toMatchObject({
      IndIEDest: 9,
    });
    expect(
      (await api.put(`/consumer/${id}`, { Document: CPF, StateRegistration: "12345" })).body[0],
    ).toMatchObject({
      IndIEDest: 9,
    });
    expect((await api.put(`/consumer/${id}`, { Document: CNPJ })).body[0]).toMatchObject({ IndIEDest: 1 });
  });

  it("accepts Latin-1 text and the municipalities outside the check-digit rule", async () => {
    const id = await newConsumer({
      Street: "Praça da Sé & Cia <ªº>",
      CityCode: "2201919",
      UF: "PI",
      Number: "S/N",
    });
    expect((await api.get(`/consumer/${id}`)).body[0]).toMatchObject({
      Street: "Praça da Sé & Cia <ªº>",
      CityCode: "2201919",
      UF: "PI",
      Number: "S/N",
    });
  });

  it("PUT changes only the fields sent; null or empty text clears a field", async () => {
    const id = await newConsumer({ Document: CNPJ, Email: "loja@example.com", ...COPACABANA });
    const changed = await api.put(`/consumer/${id}`, { Number: "S/N", Complement: "", Phone: null });
    expect(changed.body[0]).toEqual({
      IDConsumer: id,
      Name: expect.any(String),
      Document: CNPJ,
      Email: "loja@example.com",
      Status: 1,
      ...STORED_COPACABANA,
      Number: "S/N",
      Complement: null,
      Phone: null,
    });
    const renamed = await api.put(`/consumer/${id}`, { Name: "Loja da Praia" });
    expect(renamed.body[0]).toMatchObject({
      Name: "Loja da Praia",
      ...STORED_COPACABANA,
      Number: "S/N",
      Complement: null,
      Phone: null,
    });
    const cleared = await api.put(`/consumer/${id}`, {
      StateRegistration: " ",
      Street: null,
      District: "",
      CityCode: null,
      City: "  ",
      UF: "",
      ZipCode: "",
    });
    expect(cleared.body[0]).toMatchObject({
      ...EMPTY_RECIPIENT,
      Number: "S/N",
      Name: "Loja da Praia",
      Document: CNPJ,
      Email: "loja@example.com",
    });
  });

  it("refuses a municipality outside the UF, against the UF sent or the one stored, and writes nothing", async () => {
    expectRefusal(
      await api.post("/consumer", { Name: unique("Cliente"), CityCode: "3550308", UF: "RJ" }),
      "CityCode 3550308 não é de um município de RJ: o código IBGE dos municípios de RJ começa com 33",
    );
    const id = await newConsumer(COPACABANA);
    expectRefusal(
      await api.put(`/consumer/${id}`, { UF: "SP" }),
      "CityCode 3304557 não é de um município de SP: o código IBGE dos municípios de SP começa com 35",
    );
    expectRefusal(
      await api.put(`/consumer/${id}`, { CityCode: "3550308", City: "São Paulo" }),
      "CityCode 3550308 não é de um município de RJ: o código IBGE dos municípios de RJ começa com 33",
    );
    expect((await api.get(`/consumer/${id}`)).body[0]).toMatchObject(STORED_COPACABANA);
    const moved = await api.put(`/consumer/${id}`, { CityCode: "3550308", UF: "SP", City: "São Paulo" });
    expect(moved.body[0]).toMatchObject({ CityCode: "3550308", UF: "SP", City: "São Paulo" });
    expect((await api.put(`/consumer/${id}`, { UF: null })).body[0]).toMatchObject({
      CityCode: "3550308",
      UF: null,
    });
    expect((await api.put(`/consumer/${id}`, { CityCode: "3304557" })).body[0]).toMatchObject({
      CityCode: "3304557",
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
      { StateRegistration: 78123456 },
      "StateRegistration deve ter de 2 a 14 dígitos ou ser ISENTO",
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
    ["street as a number", { Street: 12 }, "Street deve ser um texto"],
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
      { City: "Rio\u202EJaneiro" },
      "City tem um caractere que a NF-e não aceita (U+202E): use letras, números, espaços e pontuação comum",
    ],
    [
      "city code of 6 digits",
      { CityCode: "330455" },
      "CityCode deve ter 7 dígitos (código IBGE do município)",
    ],
    [
      "city code with a letter",
      { CityCode: "330455A" },
      "CityCode deve ter 7 dígitos (código IBGE do município)",
    ],
    [
      "city code as a number",
      { CityCode: 3304557 },
      "CityCode deve ter 7 dígitos (código IBGE do município)",
    ],
    [
      "city code with a wrong check digit",
      { CityCode: "3304558" },
      "CityCode inválido: não é um código IBGE de município (UF ou dígito verificador)",
    ],
    [
      "city code of no UF",
      { CityCode: "9904557" },
      "CityCode inválido: não é um código IBGE de município (UF ou dígito verificador)",
    ],
    ["unknown UF", { UF: "XX" }, "UF deve ser a sigla de um estado brasileiro ou DF (ex.: SP)"],
    ["UF of the exterior", { UF: "EX" }, "UF deve ser a sigla de um estado brasileiro ou DF (ex.: SP)"],
    ["CEP of 7 digits", { ZipCode: "2202100" }, "ZipCode deve ter 8 dígitos (CEP)"],
    ["CEP with a letter", { ZipCode: "22021-00a" }, "ZipCode deve ter 8 dígitos (CEP)"],
    ["CEP as a number", { ZipCode: 22021001 }, "ZipCode deve ter 8 dígitos (CEP)"],
    ["phone of 5 digits", { Phone: "12345" }, "Phone deve ter de 6 a 14 dígitos (DDD + número)"],
    ["phone of 15 digits", { Phone: "123456789012345" }, "Phone deve ter de 6 a 14 dígitos (DDD + número)"],
    [
      "phone with a country code",
      { Phone: "+55 21 2222-3333" },
      "Phone deve ter de 6 a 14 dígitos (DDD + número)",
    ],
    [
      "CPF with a wrong check digit",
      { Document: "111.444.777-36" },
      "Document deve ser um CPF ou CNPJ válido",
    ],
    [
      "CNPJ with a wrong check digit",
      { Document: "11.222.333/0001-82" },
      "Document deve ser um CPF ou CNPJ válido",
    ],
    ["document of 12 digits", { Document: "123456789012" }, "Document deve ser um CPF ou CNPJ válido"],
  ];

  it.each(refusals)("refuses %s on POST and on PUT, writing nothing", async (_case, field, message) => {
    const before = (await api.get("/consumer")).body.length;
    expectRefusal(await api.post("/consumer", { Name: unique("Cliente"), ...field }), message);
    expect((await api.get("/consumer")).body.length).toBe(before);
    const id = await newConsumer({ Document: CNPJ, ...COPACABANA });
    expectRefusal(await api.put(`/consumer/${id}`, field), message);
    expect((await api.get(`/consumer/${id}`)).body[0]).toMatchObject({
      Document: CNPJ,
      ...STORED_COPACABANA,
    });
  });

  it("checks the document only when it is sent: a stored invalid one (as a channel's order may bring) does not block other changes", async () => {
    const id = await newConsumer();
    await demoDb().update(consumers).set({ document: "12345678900" }).where(eq(consumers.id, id));
    const changed = await api.put(`/consumer/${id}`, { Street: "Rua das Flores", UF: "SP" });
    expect(changed.body[0]).toMatchObject({ Document: "12345678900", Street: "Rua das Flores", UF: "SP" });
    expectRefusal(
      await api.put(`/consumer/${id}`, { Document: "12345678900" }),
      "Document deve ser um CPF ou CNPJ válido",
    );
    expect((await api.put(`/consumer/${id}`, { Document: "111.444.777-35" })).body[0]).toMatchObject({
      Document: CPF,
    });
  });

  it("another company neither sees nor changes the recipient's data", async () => {
    const id = await newConsumer({ Document: CNPJ, ...COPACABANA });
    const other = await companyTwoApi();
    expect((await other.get(`/consumer/${id}`)).body).toEqual([]);
    expectRefusal(
      await other.put(`/consumer/${id}`, { Street: "Rua Sequestrada", UF: "RJ" }),
      "Cliente não existe",
    );
    expect((await api.get(`/consumer/${id}`)).body[0]).toMatchObject(STORED_COPACABANA);
  });
});

import { z } from "@hono/zod-openapi";
import { isCityCode, isUf, STATE_REGISTRATION_EXEMPT, UFS } from "../../domain/company/fiscal-profile";
import {
  CITY_CODE_FORMAT,
  CITY_CODE_INVALID,
  nfeTextCharacter,
  nfeTextControl,
  nfeTextLength,
  PHONE_INVALID,
  STATE_REGISTRATION_INVALID,
  UF_INVALID,
  ZIP_CODE_INVALID,
} from "../../domain/company/messages";
import { idBody } from "../../http/schemas";
import { codePointName, nfeTextIssue } from "../../lib/nfe-text";

/** Fields only the registries use; those other areas share are in `src/http/schemas.ts`. */

export const documentField = z.string().nullable().openapi({
  description: "CPF ou CNPJ sem pontuação (o CNPJ alfanumérico em maiúsculas, ex. `12ABC34501DE35`)",
  example: "11222333000181",
});

/** An optional reference to another registry in a body; null clears it. */
export const nullableIdBody = (name: string, description: string) =>
  idBody(name)
    .nullable()
    .optional()
    .openapi({ type: ["integer", "null"], format: "int32", description });

/** A row of a registry whose only field is a description (document types, payment types, cost centers). */
export type DescribedRow = { id: number; description: string; status: number };

/** What a clearable field makes of its trimmed, non-empty text: the value to store, or the 400's message. */
type Parsed = { value: string } | { refused: string };

/**
 * A clearable text field of a body, the shape every fiscal-profile field shares: not sent leaves the
 * stored value; null, empty or blank text clears it (null); otherwise `parse` takes the trimmed text
 * and answers the value to store or the message of a 400. A value that is not a text (a number) is a
 * 400 with `typeError`. `openapi` documents it (`type` is always string or null).
 */
export const clearableBody = (
  typeError: string,
  parse: (trimmed: string) => Parsed,
  openapi: { maxLength?: number; description?: string; example?: string; enum?: string[] } = {},
) =>
  z
    .string({ error: typeError })
    .transform((text, ctx) => {
      const trimmed = text.trim();
      if (trimmed === "") return null;
      const parsed = parse(trimmed);
      if ("value" in parsed) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.refused });
      return z.NEVER;
    })
    .nullable()
    .optional()
    .openapi({ type: ["string", "null"], ...openapi });

/** A clearable field of an answer: the stored text, or null when never informed (or cleared). */
export const clearableField = (description: string) => z.string().nullable().openapi({ description });

/**
 * Text that will reach the NF-e XML (the layout's `TString`): spaces at either end are dropped, an empty
 * text (or null) clears the field; a control character (line breaks, tabs), a character beyond U+00FF
 * (emoji, typographic dashes and quotes) or a length outside `min`..`max` is a 400 naming the field.
 */
export const nfeTextBody = (name: string, max: number, { min = 1, description = "" } = {}) =>
  clearableBody(
    `${name} deve ser um texto`,
    (trimmed) => {
      const issue = nfeTextIssue(trimmed);
      if (issue?.kind === "control") return { refused: nfeTextControl(name) };
      if (issue?.kind === "character")
        return { refused: nfeTextCharacter(name, codePointName(issue.codePoint)) };
      if (trimmed.length < min || trimmed.length > max) return { refused: nfeTextLength(name, min, max) };
      return { value: trimmed };
    },
    {
      maxLength: max,
      description:
        `${description} Texto da NF-e: de ${min} a ${max} caracteres entre U+0020 e U+00FF (letras acentuadas aceitas; sem quebras de linha, controles, emoji ou travessões tipográficos); espaços nas pontas são removidos; vazio ou null apaga.`.trim(),
    },
  );

/**
 * A code of digits that may be written with punctuation (`0901.21.00`): the characters of `punctuation`
 * are dropped, and what is left must match `digits`; an empty text (or null) clears the field; anything
 * else, a number included, is a 400 with `message`.
 */
export const digitCodeBody = (digits: RegExp, message: string, punctuation = /[.\-/\s]/g) =>
  clearableBody(message, (trimmed) => {
    const code = trimmed.replace(punctuation, "");
    return digits.test(code) ? { value: code } : { refused: message };
  });

/*
 * The fiscal address and state registration an NF-e party carries: the issuer (`emit`, the invoicing
 * company) and the recipient (`dest`, the consumer) hold them under the same rules and messages
 * (leiauteNFe_v4.00.xsd: `TEnderEmi`, `TEndereco`, `TIe`).
 */

/** IE digits (punctuation dropped) or ISENTO (any case); empty or null clears it. */
export const stateRegistrationBody = (description: string) =>
  clearableBody(
    STATE_REGISTRATION_INVALID,
    (trimmed) => {
      if (trimmed.toUpperCase() === STATE_REGISTRATION_EXEMPT) return { value: STATE_REGISTRATION_EXEMPT };
      const digits = trimmed.replace(/[.\-/\s]/g, "");
      return /^\d{2,14}$/.test(digits) ? { value: digits } : { refused: STATE_REGISTRATION_INVALID };
    },
    {
      maxLength: 20,
      example: "110042490114",
      description: `${description} De 2 a 14 dígitos (pontuação \`.\`, \`-\`, \`/\` aceita e removida) ou ISENTO (maiúsculas ou minúsculas); vazio ou null apaga. 400 \`${STATE_REGISTRATION_INVALID}\`.`,
    },
  );

const cityCodeBody = clearableBody(
  CITY_CODE_FORMAT,
  (code) =>
    !/^\d{7}$/.test(code)
      ? { refused: CITY_CODE_FORMAT }
      : isCityCode(code)
        ? { value: code }
        : { refused: CITY_CODE_INVALID },
  {
    maxLength: 7,
    example: "3550308",
    description: `Código IBGE do município (cMun): 7 dígitos, os 2 primeiros o código da UF e o último o dígito verificador (regra da NT 2008.004, com os 9 códigos que a SEFAZ aceita fora dela); deve ser de um município da UF. 400 \`${CITY_CODE_FORMAT}\`, \`${CITY_CODE_INVALID}\`.`,
  },
);

const ufBody = clearableBody(
  UF_INVALID,
  (text) => {
    const uf = text.toUpperCase();
    return isUf(uf) ? { value: uf } : { refused: UF_INVALID };
  },
  {
    enum: [...UFS],
    example: "SP",
    description: `Sigla da UF do endereço (maiúsculas ou minúsculas): um estado brasileiro ou DF, só endereços no Brasil (não há país: \`cPais\` 1058); vazio ou null apaga. 400 \`${UF_INVALID}\`.`,
  },
);

/** The address fields of a body (all clearable), as both NF-e parties take them. */
export const fiscalAddressBodyShape = {
  Street: nfeTextBody("Street", 60, { min: 2, description: "Logradouro (xLgr)." }),
  Number: nfeTextBody("Number", 60, { description: "Número (nro), ex.: 123 ou S/N." }),
  Complement: nfeTextBody("Complement", 60, { description: "Complemento (xCpl)." }),
  District: nfeTextBody("District", 60, { min: 2, description: "Bairro (xBairro)." }),
  CityCode: cityCodeBody,
  City: nfeTextBody("City", 60, { min: 2, description: "Nome do município (xMun)." }),
  UF: ufBody,
  ZipCode: digitCodeBody(/^\d{8}$/, ZIP_CODE_INVALID).openapi({
    type: ["string", "null"],
    maxLength: 10,
    example: "01310100",
    description: `CEP: 8 dígitos (\`01310-100\` aceito, guardado só com dígitos); vazio ou null apaga. 400 \`${ZIP_CODE_INVALID}\`.`,
  }),
  Phone: digitCodeBody(/^\d{6,14}$/, PHONE_INVALID, /[().\-\s]/g).openapi({
    type: ["string", "null"],
    maxLength: 30,
    example: "1133334444",
    description: `Telefone: DDD + número, de 6 a 14 dígitos (\`(11) 3333-4444\` aceito, guardado só com dígitos); vazio ou null apaga. 400 \`${PHONE_INVALID}\`.`,
  }),
};

/** The address fields of an answer. */
export const fiscalAddressSchemaShape = {
  Street: clearableField("Logradouro (xLgr)"),
  Number: clearableField("Número (nro)"),
  Complement: clearableField("Complemento (xCpl)"),
  District: clearableField("Bairro (xBairro)"),
  CityCode: clearableField("Código IBGE do município (cMun), 7 dígitos"),
  City: clearableField("Nome do município (xMun)"),
  UF: clearableField("Sigla da UF"),
  ZipCode: clearableField("CEP, 8 dígitos"),
  Phone: clearableField("Telefone: DDD + número, só dígitos"),
};

/** The stored address columns both parties' tables have. */
type FiscalAddressRow = {
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  cityCode: string | null;
  city: string | null;
  uf: string | null;
  zipCode: string | null;
  phone: string | null;
};

/** The address of a row as answered. */
export const fiscalAddressOf = (row: FiscalAddressRow) => ({
  Street: row.street,
  Number: row.number,
  Complement: row.complement,
  District: row.district,
  CityCode: row.cityCode,
  City: row.city,
  UF: row.uf,
  ZipCode: row.zipCode,
  Phone: row.phone,
});

type FiscalAddressBody = {
  [K in keyof typeof fiscalAddressBodyShape]?: string | null;
};

/** The address of a body under its column names; `undefined` stays "not sent". */
export const fiscalAddressValues = (body: FiscalAddressBody) => ({
  street: body.Street,
  number: body.Number,
  complement: body.Complement,
  district: body.District,
  cityCode: body.CityCode,
  city: body.City,
  uf: body.UF,
  zipCode: body.ZipCode,
  phone: body.Phone,
});

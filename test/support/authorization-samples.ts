/**
 * Signed messages for the authorization client's tests, written here from the layout (leiauteNFe
 * 4.00, leiauteEventoCancNFe / leiauteCCe 1.00, leiauteInutNFe 4.00) and signed with the project's
 * signer (src/lib/xmldsig.ts): the smallest NF-e the schema accepts (one item, ICMS 00, PIS/COFINS,
 * cash payment), an enviNFe around it, an envEvento (110111 / 110110) and an inutNFe. The double
 * validates each with xmllint and verifies its signature with xml-crypto.
 */

import type { Uf } from "../../src/domain/company/fiscal-profile";
import { nfceSupplement } from "../../src/domain/emission/nfce-qrcode";
import { accessKeyCheckDigitOf } from "../../src/domain/nfe/access-key";
import {
  canonicalize,
  element,
  importSigningKey,
  signEnveloped,
  type XmlElement,
} from "../../src/lib/xmldsig";

const NFE = "http://www.portalfiscal.inf.br/nfe";

export type Credentials = { keyPem: string; certificatePem: string };

/** A CNPJ of the test certificate's root (11222333) with branch `branch` and its check digits. */
export function cnpjOfBranch(branch: number): string {
  const base = `11222333${String(branch).padStart(4, "0")}`;
  const digit = (digits: string) => {
    let sum = 0;
    let weight = 2;
    for (let i = digits.length - 1; i >= 0; i--) {
      sum += Number(digits[i]) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  return `${base}${first}${digit(`${base}${first}`)}`;
}

export type SampleNote = {
  cnpj: string;
  number: number;
  series?: number;
  /** cUF of the issuer (35 SP by default) and its UF initials. */
  cUF?: string;
  uf?: string;
  cNF?: string;
  tpAmb?: 1 | 2;
  tpEmis?: 1 | 6 | 7;
  /** 55 NF-e (default) or 65 NFC-e (no recipient, printed as DANFE NFC-e). */
  model?: 55 | 65;
  /** Writes a value the schema refuses (xNome empty). */
  breakSchema?: boolean;
};

const text = (name: string, value: string) => element(name, {}, value);

/** The signed NFe of a sample note and its access key. */
export async function signedNFe(note: SampleNote, credentials: Credentials) {
  const cUF = note.cUF ?? "35";
  const series = note.series ?? 1;
  const cNF = note.cNF ?? String(10_000_000 + note.number).slice(-8);
  const tpEmis = String(note.tpEmis ?? 1);
  const model = String(note.model ?? 55);
  const key43 = `${cUF}2611${note.cnpj}${model}${String(series).padStart(3, "0")}${String(note.number).padStart(9, "0")}${tpEmis}${cNF}`;
  const accessKey = `${key43}${accessKeyCheckDigitOf(key43)}`;
  const contingency =
    tpEmis === "1"
      ? []
      : [text("dhCont", "2026-11-10T09:00:00-03:00"), text("xJust", "SEFAZ autorizadora fora do ar")];
  const infNFe: XmlElement = element(
    "infNFe",
    { Id: `NFe${accessKey}`, versao: "4.00" },
    element(
      "ide",
      {},
      text("cUF", cUF),
      text("cNF", cNF),
      text("natOp", "VENDA DE MERCADORIA"),
      text("mod", model),
      text("serie", String(series)),
      text("nNF", String(note.number)),
      text("dhEmi", "2026-11-10T10:00:00-03:00"),
      text("tpNF", "1"),
      text("idDest", "1"),
      text("cMunFG", "3550308"),
      text("tpImp", model === "65" ? "4" : "1"),
      text("tpEmis", tpEmis),
      text("cDV", accessKey.slice(-1)),
      text("tpAmb", String(note.tpAmb ?? 2)),
      text("finNFe", "1"),
      text("indFinal", "1"),
      text("indPres", "1"),
      text("procEmi", "0"),
      text("verProc", "teste-1.0"),
      ...contingency,
    ),
    element(
      "emit",
      {},
      text("CNPJ", note.cnpj),
      text("xNome", note.breakSchema ? "" : "EMPRESA DE TESTE LTDA"),
      element(
        "enderEmit",
        {},
        text("xLgr", "Rua das Amostras"),
        text("nro", "100"),
        text("xBairro", "Centro"),
        text("cMun", "3550308"),
        text("xMun", "Sao Paulo"),
        text("UF", note.uf ?? "SP"),
        text("CEP", "01001000"),
        text("cPais", "1058"),
        text("xPais", "BRASIL"),
      ),
      text("IE", "111222333444"),
      text("CRT", "3"),
    ),
    model === "65"
      ? null
      : element(
          "dest",
          {},
          text("CPF", "12345678909"),
          text("xNome", "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL"),
          element(
            "enderDest",
            {},
            text("xLgr", "Avenida do Destino"),
            text("nro", "200"),
            text("xBairro", "Centro"),
            text("cMun", "3550308"),
            text("xMun", "Sao Paulo"),
            text("UF", "SP"),
            text("CEP", "01002000"),
            text("cPais", "1058"),
            text("xPais", "BRASIL"),
          ),
          text("indIEDest", "9"),
        ),
    element(
      "det",
      { nItem: "1" },
      element(
        "prod",
        {},
        text("cProd", "SKU-1"),
        text("cEAN", "SEM GTIN"),
        text("xProd", "Caixa de papelao"),
        text("NCM", "48191000"),
        text("CFOP", "5102"),
        text("uCom", "UN"),
        text("qCom", "1.0000"),
        text("vUnCom", "100.0000000000"),
        text("vProd", "100.00"),
        text("cEANTrib", "SEM GTIN"),
        text("uTrib", "UN"),
        text("qTrib", "1.0000"),
        text("vUnTrib", "100.0000000000"),
        text("indTot", "1"),
      ),
      element(
        "imposto",
        {},
        element(
          "ICMS",
          {},
          element(
            "ICMS00",
            {},
            text("orig", "0"),
            text("CST", "00"),
            text("modBC", "3"),
            text("vBC", "100.00"),
            text("pICMS", "18.00"),
            text("vICMS", "18.00"),
          ),
        ),
        element("PIS", {}, element("PISNT", {}, text("CST", "07"))),
        element("COFINS", {}, element("COFINSNT", {}, text("CST", "07"))),
      ),
    ),
    element(
      "total",
      {},
      element(
        "ICMSTot",
        {},
        ...[
          ["vBC", "100.00"],
          ["vICMS", "18.00"],
          ["vICMSDeson", "0.00"],
          ["vFCP", "0.00"],
          ["vBCST", "0.00"],
          ["vST", "0.00"],
          ["vFCPST", "0.00"],
          ["vFCPSTRet", "0.00"],
          ["vProd", "100.00"],
          ["vFrete", "0.00"],
          ["vSeg", "0.00"],
          ["vDesc", "0.00"],
          ["vII", "0.00"],
          ["vIPI", "0.00"],
          ["vIPIDevol", "0.00"],
          ["vPIS", "0.00"],
          ["vCOFINS", "0.00"],
          ["vOutro", "0.00"],
          ["vNF", "100.00"],
        ].map(([name, value]) => text(name!, value!)),
      ),
    ),
    element("transp", {}, text("modFrete", "9")),
    element(
      "pag",
      {},
      element("detPag", {}, text("indPag", "0"), text("tPag", "01"), text("vPag", "100.00")),
    ),
  );
  const signature = await signEnveloped({
    target: infNFe,
    inheritedNamespace: NFE,
    key: await importSigningKey(credentials.keyPem),
    certificatePem: credentials.certificatePem,
  });
  // an NFC-e carries its QR code (version 3, online) and urlChave between infNFe and the signature
  const supplement =
    model === "65"
      ? [
          (
            await nfceSupplement({
              uf: (note.uf ?? "SP") as Uf,
              accessKey,
              environment: (note.tpAmb ?? 2) as 1 | 2,
            })
          ).infNFeSupl,
        ]
      : [];
  return {
    accessKey,
    xml: canonicalize(element("NFe", { xmlns: NFE }, infNFe, ...supplement, signature)),
  };
}

/** An enviNFe (indSinc 1 by default) of one signed sample note. */
export async function sampleEnviNFe(
  note: SampleNote,
  credentials: Credentials,
  options: { indSinc?: 0 | 1 } = {},
) {
  const nfe = await signedNFe(note, credentials);
  return {
    accessKey: nfe.accessKey,
    nfeXml: nfe.xml,
    xml: `<enviNFe xmlns="${NFE}" versao="4.00"><idLote>${String(note.number).padStart(15, "0")}</idLote><indSinc>${options.indSinc ?? 1}</indSinc>${nfe.xml}</enviNFe>`,
  };
}

/** The envEvento of a cancellation (110111, needs the authorization's protocol) or a CC-e (110110). */
export async function sampleEnvEvento(
  input: {
    accessKey: string;
    cnpj: string;
    type: 110111 | 110110;
    sequence?: number;
    protocol?: string;
    text: string;
    tpAmb?: 1 | 2;
  },
  credentials: Credentials,
) {
  const sequence = input.sequence ?? 1;
  const detail =
    input.type === 110111
      ? element(
          "detEvento",
          { versao: "1.00" },
          text("descEvento", "Cancelamento"),
          text("nProt", input.protocol ?? ""),
          text("xJust", input.text),
        )
      : element(
          "detEvento",
          { versao: "1.00" },
          text("descEvento", "Carta de Correcao"),
          text("xCorrecao", input.text),
          text(
            "xCondUso",
            "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.",
          ),
        );
  const infEvento = element(
    "infEvento",
    { Id: `ID${input.type}${input.accessKey}${String(sequence).padStart(2, "0")}` },
    text("cOrgao", input.accessKey.slice(0, 2)),
    text("tpAmb", String(input.tpAmb ?? 2)),
    text("CNPJ", input.cnpj),
    text("chNFe", input.accessKey),
    text("dhEvento", "2026-11-10T11:00:00-03:00"),
    text("tpEvento", String(input.type)),
    text("nSeqEvento", String(sequence)),
    text("verEvento", "1.00"),
    detail,
  );
  const signature = await signEnveloped({
    target: infEvento,
    inheritedNamespace: NFE,
    key: await importSigningKey(credentials.keyPem),
    certificatePem: credentials.certificatePem,
  });
  return canonicalize(
    element(
      "envEvento",
      { xmlns: NFE, versao: "1.00" },
      text("idLote", "1"),
      element("evento", { versao: "1.00" }, infEvento, signature),
    ),
  );
}

/** A signed inutNFe of numbers `from`..`to` of a series (model 55, 2026). */
export async function sampleInutNFe(
  input: { cnpj: string; series?: number; from: number; to: number; cUF?: string; tpAmb?: 1 | 2 },
  credentials: Credentials,
) {
  const cUF = input.cUF ?? "35";
  const series = input.series ?? 1;
  const id = `ID${cUF}26${input.cnpj}55${String(series).padStart(3, "0")}${String(input.from).padStart(9, "0")}${String(input.to).padStart(9, "0")}`;
  const infInut = element(
    "infInut",
    { Id: id },
    text("tpAmb", String(input.tpAmb ?? 2)),
    text("xServ", "INUTILIZAR"),
    text("cUF", cUF),
    text("ano", "26"),
    text("CNPJ", input.cnpj),
    text("mod", "55"),
    text("serie", String(series)),
    text("nNFIni", String(input.from)),
    text("nNFFin", String(input.to)),
    text("xJust", "Numeracao pulada por falha do sistema"),
  );
  const signature = await signEnveloped({
    target: infInut,
    inheritedNamespace: NFE,
    key: await importSigningKey(credentials.keyPem),
    certificatePem: credentials.certificatePem,
  });
  return canonicalize(element("inutNFe", { xmlns: NFE, versao: "4.00" }, infInut, signature));
}

import type { Cents } from "../../lib/money";
import { element, type XmlElement, type XmlNode } from "../../lib/xmldsig";
import { UF_CODES } from "../company/fiscal-profile";
import { cnfProblem, nfeAccessKey } from "./access-key";
import { EmissionDraftError } from "./errors";
import { divideRounded, kilograms, money, quantity, rate, unitValue } from "./format";
import type { FiscalAddress, FiscalDocumentDraft, FiscalItem, FiscalPayment } from "./model";
import { checkNFeSums } from "./sums";
import { nfeText, optionalNfeText } from "./text";

/**
 * The NF-e 4.00 `infNFe` (schema package PL_010 v1.30, NT 2025.002 with the IBS/CBS groups) built
 * from a `FiscalDocumentDraft`, unsigned. Element order and formats follow leiauteNFe_v4.00.xsd and
 * DFeTiposBasicos_v1.00.xsd; how the order's values map to the note is in docs/NFE.md ("O XML da
 * NF-e"). Pure: no I/O.
 */

export const NFE_NAMESPACE = "http://www.portalfiscal.inf.br/nfe";
export const NFE_VERSION = "4.00";
/** verProc: the issuing application's version as written in `ide`. */
export const PROCESS_VERSION = "backoffice-nfe 1.0";

/** dest/xNome required by SEFAZ in homologation (tpAmb 2). */
export const HOMOLOGATION_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";
/** xProd of the first item of an NFC-e in homologation. */
export const HOMOLOGATION_NFCE_ITEM = "NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

/** The note's totals in cents, as written in `total` (and `vNFTot`). */
export type NFeTotals = {
  vBC: Cents;
  vICMS: Cents;
  vProd: Cents;
  vFrete: Cents;
  vDesc: Cents;
  vIPI: Cents;
  vPIS: Cents;
  vCOFINS: Cents;
  vNF: Cents;
  /** IBS/CBS (zero when the groups are not written). */
  vBCIBSCBS: Cents;
  vIBSUF: Cents;
  vIBSMun: Cents;
  vIBS: Cents;
  vCBS: Cents;
  /** vNFTot: vNF in 2026 (IBS/CBS not added in the test year), vNF + vIBS + vCBS after. */
  vNFTot: Cents;
  /** vTroco: payments above vNF. */
  vTroco: Cents;
};

export type BuiltNFe = { accessKey: string; infNFe: XmlElement; totals: NFeTotals };

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[-+]\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const el = (name: string, ...children: (XmlNode | null | undefined | false)[]) =>
  element(name, {}, ...children.map((child) => (child === false ? null : child)));
const leaf = (name: string, value: string) => element(name, {}, value);

const fail = (message: string): never => {
  throw new EmissionDraftError(message);
};

function ufCode(uf: string, field: string): string {
  const code = (UF_CODES as Record<string, string>)[uf];
  return code ?? fail(`${field}: UF inválida (${uf})`);
}

function address(name: "enderEmit" | "enderDest", a: FiscalAddress, who: string): XmlElement {
  if (!/^\d{7}$/.test(a.cityCode)) fail(`${who}: cMun deve ter 7 dígitos (código IBGE)`);
  const zip = a.zipCode?.replace(/\D/g, "") ?? null;
  if (name === "enderEmit" && !zip) fail(`${who}: CEP obrigatório no endereço do emitente`);
  if (zip && !/^\d{8}$/.test(zip)) fail(`${who}: CEP deve ter 8 dígitos`);
  const phone = a.phone?.replace(/\D/g, "") || null;
  if (phone && !/^\d{6,14}$/.test(phone)) fail(`${who}: fone deve ter de 6 a 14 dígitos`);
  ufCode(a.uf, who);
  const path = `${who}/${name}`;
  return el(
    name,
    leaf("xLgr", nfeText(a.street, { field: `${path}/xLgr`, maxLength: 60, minLength: 2 })),
    leaf("nro", nfeText(a.number, { field: `${path}/nro`, maxLength: 60 })),
    optionalMaybe("xCpl", optionalNfeText(a.complement, { field: `${path}/xCpl`, maxLength: 60 })),
    leaf("xBairro", nfeText(a.district, { field: `${path}/xBairro`, maxLength: 60, minLength: 2 })),
    leaf("cMun", a.cityCode),
    leaf("xMun", nfeText(a.city, { field: `${path}/xMun`, maxLength: 60, minLength: 2 })),
    leaf("UF", a.uf),
    zip ? leaf("CEP", zip) : null,
    leaf("cPais", "1058"),
    leaf("xPais", "BRASIL"),
    phone ? leaf("fone", phone) : null,
  );
}

const optionalMaybe = (name: string, value: string | null) => (value === null ? null : leaf(name, value));

/** CPF (11 digits) or CNPJ (14, alphanumeric allowed) as its element. */
function documentElement(document: string, field: string): XmlElement {
  if (/^\d{11}$/.test(document)) return leaf("CPF", document);
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) return leaf("CNPJ", document);
  return fail(`${field}: informe um CPF (11 dígitos) ou CNPJ (14 caracteres)`);
}

/** What an item adds to the totals. */
type ItemSums = {
  vProd: Cents;
  vDesc: Cents;
  vFrete: Cents;
  vBC: Cents;
  vICMS: Cents;
  vIPI: Cents;
  vPIS: Cents;
  vCOFINS: Cents;
  vBCIBSCBS: Cents;
  vIBSUF: Cents;
  vIBSMun: Cents;
  vCBS: Cents;
};

/** |stored value - base x rate| within one cent (the order rounds per item as the note does). */
function checkTax(label: string, base: Cents, hundredths: number, value: Cents): void {
  const expected = divideRounded(base * hundredths, 10_000);
  if (Math.abs(expected - value) > 1)
    fail(
      `${label}: valor ${money(value, label)} não confere com base ${money(base, label)} x alíquota ${rate(hundredths, label)}% (${money(expected, label)})`,
    );
}

const ICMS_CST_WRITTEN = ["00", "20", "40", "41", "50", "51", "60", "90"];
const CSOSN_WRITTEN = ["101", "102", "103", "300", "400", "500", "900"];

function icmsGroup(
  item: FiscalItem,
  label: string,
  regime: 1 | 2 | 3 | 4,
): { group: XmlElement; vBC: Cents; vICMS: Cents } {
  const t = item.taxes;
  const code = t.icmsCst;
  const orig = String(item.origin);
  if (!Number.isInteger(item.origin) || item.origin < 0 || item.origin > 8)
    fail(`${label}: origem da mercadoria (orig) deve ser de 0 a 8`);
  const taxed = (cstName: "CST" | "CSOSN", groupName: string, reduction: XmlElement | null) => {
    checkTax(`${label}: ICMS`, t.base, t.icmsRate, t.icmsValue);
    return {
      group: el(
        groupName,
        leaf("orig", orig),
        leaf(cstName, code),
        leaf("modBC", "3"),
        reduction,
        leaf("vBC", money(t.base, `${label}: vBC`)),
        leaf("pICMS", rate(t.icmsRate, `${label}: pICMS`)),
        leaf("vICMS", money(t.icmsValue, `${label}: vICMS`)),
      ),
      vBC: t.base,
      vICMS: t.icmsValue,
    };
  };
  const plain = (cstName: "CST" | "CSOSN", groupName: string) => {
    if (t.icmsValue !== 0)
      fail(
        `${label}: ${cstName} ${code} não destaca ICMS, mas o item traz vICMS ${money(t.icmsValue, label)}`,
      );
    return { group: el(groupName, leaf("orig", orig), leaf(cstName, code)), vBC: 0, vICMS: 0 };
  };
  if (/^\d{2}$/.test(code)) {
    if (regime === 1 || regime === 4)
      fail(
        `${label}: emitente do Simples Nacional (CRT ${regime}) informa CSOSN (3 dígitos), não CST ${code}`,
      );
    if (!ICMS_CST_WRITTEN.includes(code))
      fail(
        `${label}: CST de ICMS ${code} não é emitido por este serviço (aceitos: ${ICMS_CST_WRITTEN.join(", ")})`,
      );
    switch (code) {
      case "00":
        return taxed("CST", "ICMS00", null);
      case "20": {
        const value = item.grossValue - item.discount + item.freight;
        const reduction =
          t.icmsBaseReduction ??
          (t.base < value && value > 0 ? divideRounded((value - t.base) * 10_000, value) : null);
        if (reduction === null || reduction <= 0)
          fail(
            `${label}: CST 20 exige base de cálculo reduzida (pRedBC): a base não é menor que o valor do item`,
          );
        return taxed("CST", "ICMS20", leaf("pRedBC", rate(reduction as number, `${label}: pRedBC`)));
      }
      case "51":
        return t.icmsValue === 0 && t.icmsRate === 0 ? plain("CST", "ICMS51") : taxed("CST", "ICMS51", null);
      case "90":
        return t.icmsValue === 0 && t.icmsRate === 0 ? plain("CST", "ICMS90") : taxed("CST", "ICMS90", null);
      case "60":
        return plain("CST", "ICMS60");
      default:
        return plain("CST", "ICMS40");
    }
  }
  if (/^\d{3}$/.test(code)) {
    if (regime === 3)
      fail(`${label}: emitente do regime normal (CRT 3) informa CST de ICMS (2 dígitos), não CSOSN ${code}`);
    if (!CSOSN_WRITTEN.includes(code))
      fail(`${label}: CSOSN ${code} não é emitido por este serviço (aceitos: ${CSOSN_WRITTEN.join(", ")})`);
    switch (code) {
      case "101": {
        // the Simples credit the recipient may take: pCredSN / vCredICMSSN (not in the note's totals)
        checkTax(`${label}: crédito de ICMS do Simples`, t.base, t.icmsRate, t.icmsValue);
        return {
          group: el(
            "ICMSSN101",
            leaf("orig", orig),
            leaf("CSOSN", code),
            leaf("pCredSN", rate(t.icmsRate, `${label}: pCredSN`)),
            leaf("vCredICMSSN", money(t.icmsValue, `${label}: vCredICMSSN`)),
          ),
          vBC: 0,
          vICMS: 0,
        };
      }
      case "500":
        return plain("CSOSN", "ICMSSN500");
      case "900":
        return t.icmsValue === 0 && t.icmsRate === 0
          ? plain("CSOSN", "ICMSSN900")
          : taxed("CSOSN", "ICMSSN900", null);
      default:
        return plain("CSOSN", "ICMSSN102");
    }
  }
  return fail(`${label}: CST/CSOSN de ICMS inválido (${code})`);
}

const IPI_TAXED = ["00", "49", "50", "99"];
const IPI_NOT_TAXED = ["01", "02", "03", "04", "05", "51", "52", "53", "54", "55"];

function ipiGroup(item: FiscalItem, label: string): { group: XmlElement | null; vIPI: Cents } {
  const t = item.taxes;
  if (!t.ipiCst) {
    if (t.ipiValue !== 0) fail(`${label}: IPI sem CST`);
    return { group: null, vIPI: 0 };
  }
  if (IPI_TAXED.includes(t.ipiCst)) {
    checkTax(`${label}: IPI`, t.base, t.ipiRate, t.ipiValue);
    return {
      group: el(
        "IPI",
        leaf("cEnq", "999"),
        el(
          "IPITrib",
          leaf("CST", t.ipiCst),
          leaf("vBC", money(t.base, `${label}: IPI vBC`)),
          leaf("pIPI", rate(t.ipiRate, `${label}: pIPI`)),
          leaf("vIPI", money(t.ipiValue, `${label}: vIPI`)),
        ),
      ),
      vIPI: t.ipiValue,
    };
  }
  if (IPI_NOT_TAXED.includes(t.ipiCst)) {
    if (t.ipiValue !== 0) fail(`${label}: CST de IPI ${t.ipiCst} não tributado, mas o item traz vIPI`);
    return { group: el("IPI", leaf("cEnq", "999"), el("IPINT", leaf("CST", t.ipiCst))), vIPI: 0 };
  }
  return fail(`${label}: CST de IPI inválido (${t.ipiCst})`);
}

const PIS_RATE = ["01", "02"];
const PIS_NT = ["04", "05", "06", "07", "08", "09"];
const PIS_OTHER = [
  "49",
  "50",
  "51",
  "52",
  "53",
  "54",
  "55",
  "56",
  "60",
  "61",
  "62",
  "63",
  "64",
  "65",
  "66",
  "67",
  "70",
  "71",
  "72",
  "73",
  "74",
  "75",
  "98",
  "99",
];

/** PIS or COFINS by CST: Aliq (01/02), NT (04-09), Outr (49-99, by value and rate). */
function contributionGroup(
  tax: "PIS" | "COFINS",
  cst: string,
  base: Cents,
  hundredths: number,
  value: Cents,
  label: string,
): { group: XmlElement; value: Cents } {
  const withRate = (groupName: string) => {
    checkTax(`${label}: ${tax}`, base, hundredths, value);
    return {
      group: el(
        tax,
        el(
          groupName,
          leaf("CST", cst),
          leaf("vBC", money(base, `${label}: ${tax} vBC`)),
          leaf(`p${tax}`, rate(hundredths, `${label}: p${tax}`)),
          leaf(`v${tax}`, money(value, `${label}: v${tax}`)),
        ),
      ),
      value,
    };
  };
  if (PIS_RATE.includes(cst)) return withRate(`${tax}Aliq`);
  if (PIS_OTHER.includes(cst)) return withRate(`${tax}Outr`);
  if (PIS_NT.includes(cst)) {
    if (value !== 0) fail(`${label}: CST de ${tax} ${cst} não tributado, mas o item traz v${tax}`);
    return { group: el(tax, el(`${tax}NT`, leaf("CST", cst))), value: 0 };
  }
  if (cst === "03") return fail(`${label}: CST de ${tax} 03 (por quantidade) não é emitido por este serviço`);
  return fail(`${label}: CST de ${tax} inválido (${cst || "vazio"})`);
}

/** The IBS/CBS CSTs written: 000 with gIBSCBS (full rates), 410 (no incidence) without it. */
const IBSCBS_WITH_GROUP = ["000"];
const IBSCBS_WITHOUT_GROUP = ["410"];

function ibsCbsGroup(
  item: FiscalItem,
  label: string,
): { group: XmlElement; vBC: Cents; vIBSUF: Cents; vIBSMun: Cents; vCBS: Cents } {
  const g =
    item.taxes.ibsCbs ?? fail(`${label}: o emitente escreve IBS/CBS, mas o item não tem CST de IBS/CBS`);
  if (!/^\d{3}$/.test(g.cst)) fail(`${label}: CST de IBS/CBS deve ter 3 dígitos`);
  if (!/^\d{6}$/.test(g.classTrib)) fail(`${label}: cClassTrib deve ter 6 dígitos`);
  if (!g.classTrib.startsWith(g.cst))
    fail(`${label}: cClassTrib ${g.classTrib} não pertence ao CST de IBS/CBS ${g.cst}`);
  if (IBSCBS_WITHOUT_GROUP.includes(g.cst)) {
    if (g.ibsUfValue + g.ibsMunValue + g.cbsValue !== 0)
      fail(`${label}: CST de IBS/CBS ${g.cst} não tem tributo, mas o item traz valores de IBS/CBS`);
    return {
      group: el("IBSCBS", leaf("CST", g.cst), leaf("cClassTrib", g.classTrib)),
      vBC: 0,
      vIBSUF: 0,
      vIBSMun: 0,
      vCBS: 0,
    };
  }
  if (!IBSCBS_WITH_GROUP.includes(g.cst))
    fail(
      `${label}: CST de IBS/CBS ${g.cst} não é emitido por este serviço (aceitos: ${[...IBSCBS_WITH_GROUP, ...IBSCBS_WITHOUT_GROUP].join(", ")})`,
    );
  const base = item.taxes.base;
  checkTax(`${label}: IBS da UF`, base, g.ibsUfRate, g.ibsUfValue);
  checkTax(`${label}: IBS do município`, base, g.ibsMunRate, g.ibsMunValue);
  checkTax(`${label}: CBS`, base, g.cbsRate, g.cbsValue);
  return {
    group: el(
      "IBSCBS",
      leaf("CST", g.cst),
      leaf("cClassTrib", g.classTrib),
      el(
        "gIBSCBS",
        leaf("vBC", money(base, `${label}: IBS/CBS vBC`)),
        el(
          "gIBSUF",
          leaf("pIBSUF", rate(g.ibsUfRate, `${label}: pIBSUF`)),
          leaf("vIBSUF", money(g.ibsUfValue, `${label}: vIBSUF`)),
        ),
        el(
          "gIBSMun",
          leaf("pIBSMun", rate(g.ibsMunRate, `${label}: pIBSMun`)),
          leaf("vIBSMun", money(g.ibsMunValue, `${label}: vIBSMun`)),
        ),
        leaf("vIBS", money(g.ibsUfValue + g.ibsMunValue, `${label}: vIBS`)),
        el(
          "gCBS",
          leaf("pCBS", rate(g.cbsRate, `${label}: pCBS`)),
          leaf("vCBS", money(g.cbsValue, `${label}: vCBS`)),
        ),
      ),
    ),
    vBC: base,
    vIBSUF: g.ibsUfValue,
    vIBSMun: g.ibsMunValue,
    vCBS: g.cbsValue,
  };
}

function cents(value: number, field: string): Cents {
  if (!Number.isSafeInteger(value) || value < 0) fail(`${field}: valor inválido (${value})`);
  return value;
}

function detElement(
  draft: FiscalDocumentDraft,
  item: FiscalItem,
  index: number,
): { det: XmlElement; sums: ItemSums } {
  const n = index + 1;
  const label = `item ${n}`;
  const gross = cents(item.grossValue, `${label}: vProd`);
  const discount = cents(item.discount, `${label}: vDesc`);
  const freight = cents(item.freight, `${label}: vFrete`);
  if (discount > gross) fail(`${label}: desconto (vDesc) maior que o valor do produto (vProd)`);
  if (!/^(\d{2}|\d{8})$/.test(item.ncm)) fail(`${label}: NCM deve ter 8 dígitos`);
  if (item.cest !== null && !/^\d{7}$/.test(item.cest)) fail(`${label}: CEST deve ter 7 dígitos`);
  if (!/^[1235-7]\d{3}$/.test(item.cfop)) fail(`${label}: CFOP inválido (${item.cfop})`);
  const gtin = item.gtin ?? "SEM GTIN";
  if (!/^(SEM GTIN|\d{8}|\d{12,14})$/.test(gtin))
    fail(`${label}: GTIN (cEAN) deve ter 8, 12, 13 ou 14 dígitos`);
  const qty = quantity(item.quantityMilli, `${label}: qCom`);
  const unit =
    unitValue(item.quantityMilli, item.unitPrice, gross) ??
    fail(`${label}: vProd ${money(gross, label)} não resulta de qCom ${qty} x valor unitário`);
  const unitText = nfeText(item.unit, { field: `${label}: prod/uCom`, maxLength: 6 });
  const description =
    draft.model === 65 && draft.environment === 2 && index === 0
      ? HOMOLOGATION_NFCE_ITEM
      : nfeText(item.description, { field: `${label}: prod/xProd`, maxLength: 120 });
  const prod = el(
    "prod",
    leaf("cProd", nfeText(item.code, { field: `${label}: prod/cProd`, maxLength: 60 })),
    leaf("cEAN", gtin),
    leaf("xProd", description),
    leaf("NCM", item.ncm),
    item.cest ? leaf("CEST", item.cest) : null,
    leaf("CFOP", item.cfop),
    leaf("uCom", unitText),
    leaf("qCom", qty),
    leaf("vUnCom", unit),
    leaf("vProd", money(gross, `${label}: vProd`)),
    leaf("cEANTrib", gtin),
    leaf("uTrib", unitText),
    leaf("qTrib", qty),
    leaf("vUnTrib", unit),
    freight > 0 ? leaf("vFrete", money(freight, `${label}: vFrete`)) : null,
    discount > 0 ? leaf("vDesc", money(discount, `${label}: vDesc`)) : null,
    leaf("indTot", "1"),
  );
  const t = item.taxes;
  cents(t.base, `${label}: base`);
  const icms = icmsGroup(item, label, draft.issuer.taxRegime);
  const ipi = ipiGroup(item, label);
  const pis = contributionGroup("PIS", t.pisCst, t.base, t.pisRate, t.pisValue, label);
  const cofins = contributionGroup("COFINS", t.cofinsCst, t.base, t.cofinsRate, t.cofinsValue, label);
  const ibs = draft.emitIbsCbs ? ibsCbsGroup(item, label) : null;
  const imposto = el(
    "imposto",
    el("ICMS", icms.group),
    ipi.group,
    pis.group,
    cofins.group,
    ibs ? ibs.group : null,
  );
  return {
    det: element("det", { nItem: String(n) }, prod, imposto),
    sums: {
      vProd: gross,
      vDesc: discount,
      vFrete: freight,
      vBC: icms.vBC,
      vICMS: icms.vICMS,
      vIPI: ipi.vIPI,
      vPIS: pis.value,
      vCOFINS: cofins.value,
      vBCIBSCBS: ibs?.vBC ?? 0,
      vIBSUF: ibs?.vIBSUF ?? 0,
      vIBSMun: ibs?.vIBSMun ?? 0,
      vCBS: ibs?.vCBS ?? 0,
    },
  };
}

function add(a: ItemSums, b: ItemSums): ItemSums {
  const out = { ...a };
  for (const key of Object.keys(b) as (keyof ItemSums)[]) out[key] = a[key] + b[key];
  return out;
}

const ZERO: ItemSums = {
  vProd: 0,
  vDesc: 0,
  vFrete: 0,
  vBC: 0,
  vICMS: 0,
  vIPI: 0,
  vPIS: 0,
  vCOFINS: 0,
  vBCIBSCBS: 0,
  vIBSUF: 0,
  vIBSMun: 0,
  vCBS: 0,
};

function ide(draft: FiscalDocumentDraft, cUF: string, cDV: string, idDest: 1 | 2 | 3): XmlElement {
  const contingency =
    draft.emissionType !== 1
      ? (draft.contingency ?? fail(`tpEmis ${draft.emissionType} exige dhCont e xJust (contingência)`))
      : null;
  if (contingency && !DATE_TIME.test(contingency.since)) fail("dhCont deve ser AAAA-MM-DDThh:mm:ss-03:00");
  return el(
    "ide",
    leaf("cUF", cUF),
    leaf("cNF", draft.cnf),
    leaf("natOp", nfeText(draft.natOp, { field: "ide/natOp", maxLength: 60 })),
    leaf("mod", String(draft.model)),
    leaf("serie", String(draft.series)),
    leaf("nNF", String(draft.number)),
    leaf("dhEmi", draft.issuedAt),
    leaf("tpNF", "1"),
    leaf("idDest", String(idDest)),
    leaf("cMunFG", draft.issuer.address.cityCode),
    leaf("tpImp", draft.model === 65 ? "4" : "1"),
    leaf("tpEmis", String(draft.emissionType)),
    leaf("cDV", cDV),
    leaf("tpAmb", String(draft.environment)),
    leaf("finNFe", "1"),
    leaf("indFinal", String(draft.finalConsumer)),
    leaf("indPres", String(draft.presence)),
    // indIntermed: required with indPres 2, 3, 4, 9 (NT 2020.006); 0 = own site, no intermediary
    [2, 3, 4, 9].includes(draft.presence) ? leaf("indIntermed", "0") : null,
    leaf("procEmi", "0"),
    leaf("verProc", PROCESS_VERSION),
    contingency ? leaf("dhCont", contingency.since) : null,
    contingency
      ? leaf("xJust", nfeText(contingency.reason, { field: "ide/xJust", maxLength: 256, minLength: 15 }))
      : null,
  );
}

function emit(draft: FiscalDocumentDraft): XmlElement {
  const issuer = draft.issuer;
  if (!/^([0-9]{2,14}|ISENTO)$/.test(issuer.stateRegistration))
    fail("emit/IE: informe a inscrição estadual do emitente (2 a 14 dígitos) ou ISENTO");
  return el(
    "emit",
    documentElement(issuer.cnpj, "emit/CNPJ"),
    leaf("xNome", nfeText(issuer.name, { field: "emit/xNome", maxLength: 60, minLength: 2 })),
    address("enderEmit", issuer.address, "emit"),
    leaf("IE", issuer.stateRegistration),
    leaf("CRT", String(issuer.taxRegime)),
  );
}

/** indIEDest: 1 contributor (IE written), 2 exempt (ISENTO), 9 non-contributor. */
function dest(draft: FiscalDocumentDraft): { element: XmlElement | null; indIEDest: 1 | 2 | 9 } {
  const recipient = draft.recipient;
  if (!recipient) {
    if (draft.model === 55) fail("dest: a NF-e (modelo 55) exige o destinatário (CPF ou CNPJ)");
    return { element: null, indIEDest: 9 };
  }
  if (draft.model === 55 && !recipient.address)
    fail("dest/enderDest: a NF-e (modelo 55) exige o endereço do destinatário");
  const ie = recipient.stateRegistration;
  let indIEDest: 1 | 2 | 9 = 9;
  if (ie && draft.model === 55) {
    if (ie === "ISENTO") indIEDest = 2;
    else if (/^\d{2,14}$/.test(ie)) indIEDest = 1;
    else fail("dest/IE: informe de 2 a 14 dígitos ou ISENTO");
  }
  const name =
    draft.environment === 2 && draft.model === 55
      ? HOMOLOGATION_NAME
      : nfeText(recipient.name, { field: "dest/xNome", maxLength: 60, minLength: 2 });
  const email = optionalNfeText(recipient.email, { field: "dest/email", maxLength: 60 });
  return {
    element: el(
      "dest",
      documentElement(recipient.document, "dest/CPF ou CNPJ"),
      leaf("xNome", name),
      recipient.address ? address("enderDest", recipient.address, "dest") : null,
      leaf("indIEDest", String(indIEDest)),
      indIEDest === 1 ? leaf("IE", ie!) : null,
      email ? leaf("email", email.replace(/ /g, "")) : null,
    ),
    indIEDest,
  };
}

function transp(draft: FiscalDocumentDraft): XmlElement {
  const t = draft.transport;
  const carrier = t.carrier
    ? el(
        "transporta",
        t.carrier.document ? documentElement(t.carrier.document, "transp/transporta/CNPJ ou CPF") : null,
        leaf(
          "xNome",
          nfeText(t.carrier.name, { field: "transp/transporta/xNome", maxLength: 60, minLength: 2 }),
        ),
      )
    : null;
  const hasVolumes = t.volumes > 0 || t.grossWeight > 0 || t.netWeight > 0;
  if (!Number.isSafeInteger(t.volumes) || t.volumes < 0) fail("transp/vol/qVol: número de volumes inválido");
  return el(
    "transp",
    leaf("modFrete", String(t.modFrete)),
    carrier,
    hasVolumes
      ? el(
          "vol",
          t.volumes > 0 ? leaf("qVol", String(t.volumes)) : null,
          t.netWeight > 0 ? leaf("pesoL", kilograms(t.netWeight, "transp/vol/pesoL")) : null,
          t.grossWeight > 0 ? leaf("pesoB", kilograms(t.grossWeight, "transp/vol/pesoB")) : null,
        )
      : null,
  );
}

function cobr(draft: FiscalDocumentDraft): XmlElement | null {
  if (draft.installments.length === 0) return null;
  if (draft.installments.length > 120) fail("cobr: no máximo 120 duplicatas");
  const issueDate = draft.issuedAt.slice(0, 10);
  let previous = issueDate;
  let total = 0;
  const dups = draft.installments.map((installment, index) => {
    const label = `cobr/dup ${index + 1}`;
    if (!DATE.test(installment.dueDate)) fail(`${label}: dVenc deve ser AAAA-MM-DD`);
    if (installment.dueDate < previous)
      fail(`${label}: vencimento ${installment.dueDate} anterior à emissão ou à duplicata anterior`);
    previous = installment.dueDate;
    const value = cents(installment.value, `${label}: vDup`);
    if (value === 0) fail(`${label}: vDup deve ser maior que zero`);
    total += value;
    // nDup: 001, 002... (NT 2016.002: numbered in sequence, 3 digits)
    return el(
      "dup",
      leaf("nDup", String(index + 1).padStart(3, "0")),
      leaf("dVenc", installment.dueDate),
      leaf("vDup", money(value, `${label}: vDup`)),
    );
  });
  const fat = el(
    "fat",
    leaf("nFat", String(draft.number)),
    leaf("vOrig", money(total, "cobr/fat/vOrig")),
    leaf("vDesc", "0.00"),
    leaf("vLiq", money(total, "cobr/fat/vLiq")),
  );
  return el("cobr", fat, ...dups);
}

/** Card payments (credit, debit): `card` is written for them (tpIntegra 2 when not told). */
const CARD_PAYMENTS = ["03", "04"];

function cnpjOf(document: string, field: string): string {
  return /^[0-9A-Z]{12}\d{2}$/.test(document) ? document : fail(`${field}: informe um CNPJ (14 caracteres)`);
}

function detPag(payment: FiscalPayment, index: number): XmlElement {
  const label = `pag/detPag ${index + 1}`;
  if (!/^\d{2}$/.test(payment.tPag)) fail(`${label}: tPag deve ter 2 dígitos`);
  if (payment.tBand !== null && !/^\d{2}$/.test(payment.tBand)) fail(`${label}: tBand deve ter 2 dígitos`);
  const card =
    payment.card || payment.tBand || CARD_PAYMENTS.includes(payment.tPag)
      ? el(
          "card",
          leaf("tpIntegra", String(payment.card?.integration ?? 2)),
          payment.card?.acquirerCnpj
            ? leaf("CNPJ", cnpjOf(payment.card.acquirerCnpj, `${label}: card/CNPJ`))
            : null,
          payment.tBand ? leaf("tBand", payment.tBand) : null,
          payment.card?.authorization
            ? leaf(
                "cAut",
                nfeText(payment.card.authorization, { field: `${label}: card/cAut`, maxLength: 128 }),
              )
            : null,
        )
      : null;
  return el(
    "detPag",
    leaf("indPag", String(payment.indPag)),
    leaf("tPag", payment.tPag),
    payment.tPag === "99" ? leaf("xPag", "Outros") : null,
    leaf("vPag", money(cents(payment.value, `${label}: vPag`), `${label}: vPag`)),
    card,
  );
}

/** The year in which IBS/CBS are informative only and stay out of vNFTot (LC 214/2025, art. 348). */
const IBS_CBS_TEST_YEAR = 2026;

/** Builds the unsigned `infNFe` with its key and totals; throws `EmissionDraftError` on a bad draft. */
export function buildNFe(draft: FiscalDocumentDraft): BuiltNFe {
  if (draft.model !== 55 && draft.model !== 65) fail("modelo deve ser 55 (NF-e) ou 65 (NFC-e)");
  if (!DATE_TIME.test(draft.issuedAt)) fail("dhEmi deve ser AAAA-MM-DDThh:mm:ss-03:00");
  if (draft.items.length === 0) fail("a nota não tem itens");
  if (draft.items.length > 990) fail(`a nota tem ${draft.items.length} itens: o limite da NF-e é 990`);
  const problem = cnfProblem(draft.cnf, draft.number);
  if (problem) fail(problem);
  const cUF = ufCode(draft.issuer.address.uf, "emit/enderEmit/UF");
  const accessKey = nfeAccessKey({
    cUF,
    issuedAt: draft.issuedAt,
    cnpj: draft.issuer.cnpj,
    model: draft.model,
    series: draft.series,
    number: draft.number,
    emissionType: draft.emissionType,
    cnf: draft.cnf,
  });
  const destination = dest(draft);
  const recipientUf = draft.recipient?.address?.uf ?? draft.issuer.address.uf;
  const idDest: 1 | 2 = recipientUf === draft.issuer.address.uf ? 1 : 2;
  if (draft.model === 65 && idDest === 2) fail("NFC-e (modelo 65) só em operação interna (idDest 1)");
  if (idDest === 2 && draft.finalConsumer === 1 && destination.indIEDest === 9)
    fail(
      "operação interestadual com consumidor final não contribuinte exige o grupo ICMSUFDest (DIFAL), que este serviço ainda não emite",
    );
  const dets: XmlElement[] = [];
  let sums = ZERO;
  draft.items.forEach((item, index) => {
    const built = detElement(draft, item, index);
    dets.push(built.det);
    sums = add(sums, built.sums);
  });
  const vNF = sums.vProd - sums.vDesc + sums.vFrete + sums.vIPI;
  if (vNF <= 0) fail(`vNF ${money(Math.max(vNF, 0), "vNF")}: o valor da nota deve ser maior que zero`);
  const vIBS = sums.vIBSUF + sums.vIBSMun;
  const year = Number(draft.issuedAt.slice(0, 4));
  const vNFTot = year <= IBS_CBS_TEST_YEAR ? vNF : vNF + vIBS + sums.vCBS;
  if (draft.payments.length === 0) fail("pag: informe ao menos um pagamento (detPag)");
  if (draft.payments.length > 100) fail("pag: no máximo 100 pagamentos (detPag)");
  const vTroco = cents(draft.change, "pag/vTroco");
  const totals: NFeTotals = {
    vBC: sums.vBC,
    vICMS: sums.vICMS,
    vProd: sums.vProd,
    vFrete: sums.vFrete,
    vDesc: sums.vDesc,
    vIPI: sums.vIPI,
    vPIS: sums.vPIS,
    vCOFINS: sums.vCOFINS,
    vNF,
    vBCIBSCBS: sums.vBCIBSCBS,
    vIBSUF: sums.vIBSUF,
    vIBSMun: sums.vIBSMun,
    vIBS,
    vCBS: sums.vCBS,
    vNFTot: draft.emitIbsCbs ? vNFTot : vNF,
    vTroco,
  };
  const m = (value: Cents, field: string) => leaf(field, money(value, `total/${field}`));
  const icmsTot = el(
    "ICMSTot",
    m(sums.vBC, "vBC"),
    m(sums.vICMS, "vICMS"),
    m(0, "vICMSDeson"),
    m(0, "vFCP"),
    m(0, "vBCST"),
    m(0, "vST"),
    m(0, "vFCPST"),
    m(0, "vFCPSTRet"),
    m(sums.vProd, "vProd"),
    m(sums.vFrete, "vFrete"),
    m(0, "vSeg"),
    m(sums.vDesc, "vDesc"),
    m(0, "vII"),
    m(sums.vIPI, "vIPI"),
    m(0, "vIPIDevol"),
    m(sums.vPIS, "vPIS"),
    m(sums.vCOFINS, "vCOFINS"),
    m(0, "vOutro"),
    m(vNF, "vNF"),
  );
  const ibsCbsTot = draft.emitIbsCbs
    ? el(
        "IBSCBSTot",
        m(sums.vBCIBSCBS, "vBCIBSCBS"),
        el(
          "gIBS",
          el("gIBSUF", m(0, "vDif"), m(0, "vDevTrib"), m(sums.vIBSUF, "vIBSUF")),
          el("gIBSMun", m(0, "vDif"), m(0, "vDevTrib"), m(sums.vIBSMun, "vIBSMun")),
          m(vIBS, "vIBS"),
          m(0, "vCredPres"),
          m(0, "vCredPresCondSus"),
        ),
        el(
          "gCBS",
          m(0, "vDif"),
          m(0, "vDevTrib"),
          m(sums.vCBS, "vCBS"),
          m(0, "vCredPres"),
          m(0, "vCredPresCondSus"),
        ),
      )
    : null;
  const total = el("total", icmsTot, ibsCbsTot, ibsCbsTot ? m(vNFTot, "vNFTot") : null);
  const pag = el(
    "pag",
    ...draft.payments.map(detPag),
    vTroco > 0 ? leaf("vTroco", money(vTroco, "pag/vTroco")) : null,
  );
  const additional = optionalNfeText(draft.additionalInfo, { field: "infAdic/infCpl", maxLength: 5000 });
  const infNFe = element(
    "infNFe",
    { Id: `NFe${accessKey}`, versao: NFE_VERSION },
    ide(draft, cUF, accessKey.slice(-1), idDest),
    emit(draft),
    destination.element,
    ...dets,
    total,
    transp(draft),
    cobr(draft),
    pag,
    additional ? el("infAdic", leaf("infCpl", additional)) : null,
  );
  checkNFeSums(infNFe, {
    model: draft.model,
    emitIbsCbs: draft.emitIbsCbs,
    ibsCbsTestYear: year <= IBS_CBS_TEST_YEAR,
  });
  return { accessKey, infNFe, totals };
}

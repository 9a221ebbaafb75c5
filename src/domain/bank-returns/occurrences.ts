/**
 * What each occurrence code of a return means for the title it names (issue 25, "What each
 * occurrence does"), per layout and bank. Every code a table lists is known; a code no table lists
 * is an error of its line (`ocorrência desconhecida`), never silently ignored.
 *
 * - `liquidation`: the title was paid: settled on the credit date with the paid value;
 * - `entryConfirmed`: the bank registered the title;
 * - `rejected`: the bank refused an entry or an instruction (the reasons are kept);
 * - `writtenOff`: the title left the bank's portfolio without being paid (baixa);
 * - `tariff`: a tariff or cost was debited, no payment;
 * - `ignored`: a known code that changes nothing here (instruction confirmations, protest steps...).
 *
 * Sources: docs/CNAB.md, "Occurrences".
 */
export type OccurrenceKind =
  | "liquidation"
  | "entryConfirmed"
  | "rejected"
  | "writtenOff"
  | "tariff"
  | "ignored";

export type OccurrenceTable = Readonly<Record<string, OccurrenceKind>>;

/** `{ kind: [codes] }` → `{ code: kind }`; a code written under two kinds is a mistake of the table. */
function table(groups: Partial<Record<OccurrenceKind, readonly string[]>>): OccurrenceTable {
  const byCode: Record<string, OccurrenceKind> = {};
  for (const [kind, codes] of Object.entries(groups) as [OccurrenceKind, readonly string[]][]) {
    for (const code of codes) {
      if (byCode[code]) throw new Error(`occurrence ${code} listed twice`);
      byCode[code] = kind;
    }
  }
  return byCode;
}

/** FEBRABAN CNAB 240, "Código de Movimento Retorno" (C044). */
const FEBRABAN_240 = table({
  entryConfirmed: ["02"],
  rejected: ["03", "26", "30"],
  liquidation: ["06", "17"],
  writtenOff: ["09", "25"],
  tariff: ["28"],
  ignored: [
    "04",
    "05",
    "07",
    "08",
    "11",
    "12",
    "13",
    "14",
    "15",
    "19",
    "20",
    "23",
    "24",
    "27",
    "29",
    "33",
    "34",
    "35",
    "36",
    "37",
    "38",
    "39",
    "40",
    "41",
    "42",
    "43",
    "44",
    "45",
    "46",
    "47",
    "48",
    "49",
    "50",
    "51",
    "52",
    "53",
    "54",
  ],
});

/**
 * Itaú's own code table, the same in its CNAB 240 and 400 returns: liquidation 06 (normal), 07
 * (partial), 08 (in a notary's office) and 59 (credited through SISPAG); 10 ("baixa por ter sido
 * liquidado") follows a liquidation already reported, so it only goes to the history; 15-18, 24 and
 * 60 are refused instructions or entries; 26-46 and 51-56 and 61-93 are tariffs and costs.
 */
const ITAU = table({
  entryConfirmed: ["02", "64", "71", "73"],
  rejected: ["03", "15", "16", "17", "18", "24", "60", "74"],
  liquidation: ["06", "07", "08", "59"],
  writtenOff: ["05", "09", "10", "32", "47", "72"],
  tariff: [
    "26",
    "27",
    "28",
    "29",
    "30",
    "33",
    "34",
    "35",
    "36",
    "37",
    "38",
    "39",
    "40",
    "41",
    "42",
    "43",
    "44",
    "45",
    "46",
    "48",
    "51",
    "52",
    "53",
    "54",
    "55",
    "56",
    "61",
    "62",
    "80",
    "82",
    "83",
    "85",
    "86",
    "87",
    "88",
    "89",
    "90",
    "91",
    "92",
    "93",
  ],
  ignored: [
    "04",
    "11",
    "12",
    "13",
    "14",
    "19",
    "20",
    "21",
    "23",
    "25",
    "57",
    "63",
    "65",
    "69",
    "75",
    "76",
    "77",
    "78",
    "79",
  ],
});

/** Bradesco CNAB 400, "Identificação de Ocorrência" (109-110). */
const BRADESCO_400 = table({
  entryConfirmed: ["02"],
  rejected: ["03", "24", "27", "30", "32"],
  liquidation: ["06", "15", "17"],
  writtenOff: ["09", "10"],
  tariff: ["28"],
  ignored: [
    "11",
    "12",
    "13",
    "14",
    "16",
    "18",
    "19",
    "20",
    "21",
    "22",
    "23",
    "33",
    "34",
    "35",
    "40",
    "55",
    "68",
    "69",
  ],
});

/** Banco do Brasil CBR643, "Comando" (109-110). */
const BANCO_DO_BRASIL_400 = table({
  entryConfirmed: ["02"],
  rejected: ["03"],
  liquidation: ["05", "06", "07", "08", "15"],
  writtenOff: ["09", "10"],
  tariff: ["96", "97", "98"],
  ignored: [
    "11",
    "12",
    "13",
    "14",
    "16",
    "19",
    "20",
    "21",
    "22",
    "23",
    "24",
    "25",
    "26",
    "28",
    "31",
    "32",
    "33",
    "34",
    "35",
    "36",
    "37",
    "38",
    "39",
    "41",
    "42",
    "44",
    "46",
    "72",
  ],
});

/** CNAB 240: every bank follows FEBRABAN's table except Itaú, which keeps its own codes. */
const CNAB240_OCCURRENCES: Readonly<Record<string, OccurrenceTable>> = { "341": ITAU };

const CNAB400_OCCURRENCES: Readonly<Record<string, OccurrenceTable>> = {
  "001": BANCO_DO_BRASIL_400,
  "237": BRADESCO_400,
  "341": ITAU,
};

export function occurrenceTable(layout: "240" | "400", bankCode: string): OccurrenceTable {
  if (layout === "240") return CNAB240_OCCURRENCES[bankCode] ?? FEBRABAN_240;
  const found = CNAB400_OCCURRENCES[bankCode];
  if (!found) throw new Error(`no CNAB 400 occurrence table for bank ${bankCode}`);
  return found;
}

/** The kind of `code` in `table`, or null when the table does not know it. */
export function occurrenceKind(table: OccurrenceTable, code: string): OccurrenceKind | null {
  return Object.hasOwn(table, code) ? table[code]! : null;
}

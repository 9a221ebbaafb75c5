/** Builders of small OFX files for the unit tests. */

export const SGML_HEADER = [
  "OFXHEADER:100",
  "DATA:OFXSGML",
  "VERSION:102",
  "SECURITY:NONE",
  "ENCODING:USASCII",
  "CHARSET:1252",
  "COMPRESSION:NONE",
  "OLDFILEUID:NONE",
  "NEWFILEUID:NONE",
  "",
  "",
].join("\n");

type TransactionFields = Partial<
  Record<
    "TRNTYPE" | "DTPOSTED" | "DTUSER" | "TRNAMT" | "FITID" | "CHECKNUM" | "REFNUM" | "NAME" | "MEMO",
    string
  >
>;

/** A STMTTRN in SGML style (leaf tags left open); `undefined` leaves a field out. */
export function stmttrn(fields: TransactionFields): string {
  const all: TransactionFields = { TRNTYPE: "DEBIT", DTPOSTED: "20240105", TRNAMT: "-10.00", ...fields };
  const leaves = Object.entries(all)
    .filter(([, value]) => value !== undefined)
    .map(([tag, value]) => `<${tag}>${value}\n`);
  return `<STMTTRN>\n${leaves.join("")}</STMTTRN>\n`;
}

export function bankStatement(
  transactions: string[],
  account = { bankId: "0341", acctId: "12345-6" },
): string {
  return [
    "<STMTRS>\n<CURDEF>BRL\n",
    `<BANKACCTFROM>\n<BANKID>${account.bankId}\n<ACCTID>${account.acctId}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n`,
    "<BANKTRANLIST>\n<DTSTART>20240101\n<DTEND>20240131\n",
    ...transactions,
    "</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>1000.00\n<DTASOF>20240131\n</LEDGERBAL>\n</STMTRS>\n",
  ].join("");
}

export function cardStatement(transactions: string[], acctId = "5555-XXXX"): string {
  return [
    `<CCSTMTRS>\n<CURDEF>BRL\n<CCACCTFROM>\n<ACCTID>${acctId}\n</CCACCTFROM>\n`,
    "<BANKTRANLIST>\n<DTSTART>20240101\n<DTEND>20240131\n",
    ...transactions,
    "</BANKTRANLIST>\n</CCSTMTRS>\n",
  ].join("");
}

/** A whole SGML file: header, then the statements inside their usual message wrappers. */
export function sgmlFile(bank: string[], cards: string[] = [], header = SGML_HEADER): string {
  const wrap = (set: string, trnrs: string, statement: string) =>
    `<${set}>\n<${trnrs}>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n${statement}</${trnrs}>\n</${set}>\n`;
  return [
    header,
    "<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<LANGUAGE>POR\n</SONRS>\n</SIGNONMSGSRSV1>\n",
    ...bank.map((statement) => wrap("BANKMSGSRSV1", "STMTTRNRS", statement)),
    ...cards.map((statement) => wrap("CREDITCARDMSGSRSV1", "CCSTMTTRNRS", statement)),
    "</OFX>\n",
  ].join("");
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

const CP1252_SPECIALS: Record<string, number> = { "€": 0x80, "—": 0x97, "“": 0x93, "”": 0x94 };

/** `text` encoded as windows-1252 (Latin-1 letters plus a few specials). */
export function cp1252(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    const byte = CP1252_SPECIALS[char] ?? code;
    if (byte > 0xff) throw new Error(`not in windows-1252: ${char}`);
    return byte;
  });
}

import type { IssuedNfeRow } from "../../db/emission";

/** R2 keys of a note's documents. */
export const noteXmlKey = (companyId: number, note: Pick<IssuedNfeRow, "id" | "accessKey">) =>
  `nfe-issued/${companyId}/${note.id}/${note.accessKey}-nfe.xml`;
export const noteProcKey = (companyId: number, note: Pick<IssuedNfeRow, "id" | "accessKey">) =>
  `nfe-issued/${companyId}/${note.id}/${note.accessKey}-procNFe.xml`;

/**
 * The BR Code of a dynamic Pix charge (the `pixCopiaECola` text), built the way the Manual de
 * Padrões para Iniciação do Pix describes it: EMV® QRCPS-MPM fields `ID + two-digit length +
 * value`, the Pix merchant account (field 26: GUI `br.gov.bcb.pix` and the payload's URL without
 * scheme), point of initiation 12 (single use), and last the CRC16 (field 63) over the whole text
 * including `6304`. A real PSP writes this text itself and the adapter returns it as received; only
 * the sandbox PSP builds one.
 */

const PIX_GUI = "br.gov.bcb.pix";

/** ASCII only, as the manual asks for names and cities (accents dropped, other characters removed). */
function plain(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7E]/g, "")
    .trim()
    .slice(0, max);
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF), as four uppercase hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export type DynamicBrCode = {
  /** The charge's payload location without scheme (`psp.example/qr/v2/…`, at most 77 characters). */
  location: string;
  /** The receiving user's name (at most 25 characters are written). */
  merchantName: string;
  /** The receiving user's city (at most 15 characters are written). */
  merchantCity: string;
};

/** The `pixCopiaECola` text of a dynamic charge whose payload is served at `location`. */
export function dynamicBrCode(code: DynamicBrCode): string {
  const location = code.location.replace(/^https?:\/\//, "");
  if (location.length === 0 || location.length > 77) {
    throw new RangeError("the payload location must have 1 to 77 characters");
  }
  const body =
    field("00", "01") +
    field("01", "12") +
    field("26", field("00", PIX_GUI) + field("25", location)) +
    field("52", "0000") +
    field("53", "986") +
    field("58", "BR") +
    field("59", plain(code.merchantName, 25) || "N") +
    field("60", plain(code.merchantCity, 15) || "N") +
    field("62", field("05", "***")) +
    "6304";
  return `${body}${crc16Ccitt(body)}`;
}

/** True when `text` ends with `6304` + the CRC16 of everything before that CRC. */
export function hasValidCrc(text: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/s.exec(text);
  return match !== null && crc16Ccitt(match[1] ?? "") === match[2];
}

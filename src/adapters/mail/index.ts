/** One e-mail as the API sends it: plain text, UTF-8. */
export type OutgoingMail = { from: string; to: string; subject: string; text: string };

/** The mail interface: where e-mail leaves the API. */
export interface MailSender {
  /** Recorded on the message: `local` (kept in the outbox, development) or `send_email` (Cloudflare). */
  readonly transport: "local" | "send_email";
  send(mail: OutgoingMail): Promise<void>;
}

/** Development: nothing leaves the machine; the outbox row itself is the sent message (`GET /mail/outbox`). */
export const localMailSender: MailSender = {
  transport: "local",
  send: async () => {},
};

/** Encodes a header value as RFC 2047 UTF-8 base64 when it is not plain ASCII. */
function headerText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  const bytes = new TextEncoder().encode(text);
  return `=?UTF-8?B?${btoa(String.fromCharCode(...bytes))}?=`;
}

function base64Lines(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return (btoa(binary).match(/.{1,76}/g) ?? []).join("\r\n");
}

/** The raw MIME message the `send_email` binding takes. */
export function mimeMessage(mail: OutgoingMail, messageId: string, date = new Date()): string {
  return [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${headerText(mail.subject)}`,
    `Message-ID: <${messageId}>`,
    `Date: ${date.toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(mail.text),
  ].join("\r\n");
}

/** Production: Cloudflare's e-mail sending binding (`send_email` in wrangler.toml). */
export function cloudflareMailSender(binding: SendEmail): MailSender {
  return {
    transport: "send_email",
    async send(mail) {
      const { EmailMessage } = await import("cloudflare:email");
      const domain = mail.from.split("@")[1] ?? "localhost";
      const raw = mimeMessage(mail, `${crypto.randomUUID()}@${domain}`);
      await binding.send(new EmailMessage(mail.from, mail.to, raw));
    },
  };
}

/** The binding when configured (production), else the local outbox. */
export const mailSenderFor = (binding: SendEmail | undefined): MailSender =>
  binding ? cloudflareMailSender(binding) : localMailSender;

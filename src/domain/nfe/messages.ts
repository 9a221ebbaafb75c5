/** Texts of the NF-e area (the spec fixes none but the 210240 rule; the wording is the service's own). */

/** Items (`det`) an NF-e may have: `nItem` runs from 1 to 990 in layout 4.00. */
export const NFE_MAX_ITEMS = 990;

/** Whole-file refusals of the NF-e import (the job ends Failed with the text). */
export const nfeMalformedXml = (detail: string) => `XML malformado ou truncado: ${detail}`;
export const NFE_NOT_AN_NFE =
  "O arquivo é um XML válido, mas não é uma NF-e (esperado nfeProc ou NFe com infNFe no leiaute 4.00)";
export const nfeLayoutVersion = (version: string) =>
  `Versão de leiaute da NF-e não suportada: ${version} (aceita: 4.00)`;
export const nfeFieldMissing = (path: string) => `NF-e sem o campo obrigatório ${path}`;
export const nfeFieldInvalid = (path: string, value: string) => `NF-e com ${path} inválido: ${value}`;
export const nfeTooManyItems = (count: number) =>
  `NF-e com ${count} itens (det): o leiaute 4.00 permite no máximo ${NFE_MAX_ITEMS}`;
export const nfeItemNumberRepeated = (number: number) => `NF-e com nItem ${number} repetido`;
export const nfeDuplicatasAboveTotal = (sum: string, total: string) =>
  `NF-e com duplicatas (cobr/dup) somando ${sum}, acima do valor da nota (vNF) ${total}`;
export const nfeOtherRecipient = (cnpj: string) =>
  `NF-e destinada a outro CNPJ (${cnpj}): o destinatário não é esta empresa`;
export const nfeDuplicateKey = (key: string) =>
  `NF-e já importada: chave de acesso ${key} já existe nesta empresa`;

/** Access key (chNFe) refusals. */
export const accessKeyLength = (key: string) => `Chave de acesso inválida: deve ter 44 dígitos (${key})`;
export const accessKeyCheckDigit = (key: string, expected: number) =>
  `Chave de acesso com dígito verificador inválido: ${key} (dígito esperado ${expected})`;
export const accessKeyState = (code: string) => `Chave de acesso com código de UF inválido: ${code}`;
export const accessKeyMonth = (yymm: string) => `Chave de acesso com ano/mês de emissão inválido: ${yymm}`;
export const accessKeyModel = (model: string) =>
  `Chave de acesso de modelo ${model}: apenas NF-e (modelo 55) é aceita`;
export const accessKeyIssuer = (keyCnpj: string, issuerCnpj: string) =>
  `Chave de acesso com CNPJ ${keyCnpj} diferente do emitente ${issuerCnpj}`;
export const accessKeyIssueMonth = (yymm: string, issued: string) =>
  `Chave de acesso com ano/mês ${yymm} diferente da emissão ${issued}`;
export const accessKeyMismatch = (id: string, protocol: string) =>
  `Chave de acesso do protocolo (${protocol}) diferente da NF-e (${id})`;

/** Item lines of the import (the job's Errors[], line = nItem). */
export const itemWithoutSku = (code: string, ean: string | null) =>
  `Item sem SKU correspondente: código do fornecedor ${code}${ean ? `, EAN ${ean}` : ", sem EAN"}`;

export const purchaseNotCreated = (reason: string) => `Compra não criada para a NF-e: ${reason}`;

/** Manifest (POST /purchase/feed/{idnfevents}/manifest). */
export const FEED_DOCUMENT_NOT_FOUND = "Documento não encontrado";
export const manifestEventInvalid = (event: string) =>
  `Evento inválido: ${event}. Aceitos: 210200 (confirmação da operação), 210210 (ciência da operação), 210220 (desconhecimento da operação), 210240 (operação não realizada)`;
export const MANIFEST_EVENT_REQUIRED = "Event obrigatório";
export const MANIFEST_COMMENTS_TOO_SHORT =
  "Comments deve ter pelo menos 15 caracteres para o evento 210240 (operação não realizada)";
export const MANIFEST_COMMENTS_TOO_LONG = "Comments deve ter no máximo 255 caracteres";
export const manifestRejected = (cStat: number, reason: string) =>
  `SEFAZ rejeitou o evento: ${cStat} - ${reason}`;

/** The event service gave no answer (SEFAZ integration: RecepcaoEvento 4.00); nothing is recorded. */
export const sefazEventFault = (code: string, reason: string) =>
  `SEFAZ respondeu com falha SOAP (${code}): ${reason}`;
export const sefazEventUnavailable = (status: number) =>
  `SEFAZ indisponível (HTTP ${status}): o evento não foi registrado, tente novamente mais tarde`;
export const sefazEventInvalidAnswer = (detail: string) =>
  `Resposta da SEFAZ não reconhecida (${detail}): o evento não foi registrado`;
export const sefazEventTimeout = (seconds: number) =>
  `SEFAZ não respondeu em ${seconds} s: envie o evento de novo (se já estiver registrado, a SEFAZ responde 573)`;
export const sefazEventNetwork = (detail: string) => `Falha de conexão com a SEFAZ: ${detail}`;
/** The outbound helper's reason (it names SEFAZ): a redirect, the address rule, an answer too large. */
export const sefazEventRefusedCall = (reason: string) => `${reason}: o evento não foi registrado`;
export const SEFAZ_EVENT_AUTHOR_MISMATCH =
  "O CNPJ destinatário da NF-e não pertence ao certificado da integração SEFAZ (raiz do CNPJ diferente)";
export const SEFAZ_EVENT_SIGNING_FAILED =
  "Não foi possível assinar o evento com a chave da integração SEFAZ: verifique o certificado e a chave privada (RSA, PKCS#8)";

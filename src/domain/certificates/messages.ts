/** The certificate store's messages (exact text: the tests and docs/NFE.md quote them). */
export const CERTIFICATE_MESSAGES = {
  fileRequired:
    "Envie o certificado A1 (PKCS#12, .pfx): multipart/form-data com os campos File e Password, ou JSON com Certificate (base64) e Password",
  passwordRequired: "Password é obrigatório: a senha do arquivo PKCS#12 (.pfx)",
  base64Invalid: "Certificate deve ser o arquivo PKCS#12 (.pfx) em base64",
  tooLarge: (maxBytes: number) =>
    `Arquivo do certificado grande demais: um PKCS#12 (.pfx) A1 tem poucos KB (máximo ${maxBytes} bytes)`,
  pemNotPkcs12:
    "O arquivo é um PEM, não um PKCS#12: envie o certificado A1 com a chave privada no arquivo .pfx (ou .p12) exportado com senha",
  notPkcs12: "O arquivo não é um PKCS#12 (.pfx ou .p12) legível",
  wrongPassword: "Senha do certificado incorreta: o arquivo PKCS#12 não abre com a senha informada",
  unsupported: (detail: string) => `O PKCS#12 usa um formato não suportado: ${detail}`,
  noPrivateKey: "O PKCS#12 não contém a chave privada: exporte o certificado A1 com a chave privada",
  noCertificate: "O PKCS#12 não contém o certificado (X.509) da chave privada",
  keyMismatch: "A chave privada do PKCS#12 não corresponde a nenhum certificado do arquivo",
  notRsa: "A chave do certificado não é RSA: a assinatura da NF-e (RSA-SHA1) exige um certificado A1 RSA",
  expired: (notAfter: string) => `Certificado vencido em ${notAfter}`,
  notYetValid: (notBefore: string) => `Certificado ainda não é válido: a validade começa em ${notBefore}`,
  noCnpj:
    "O certificado não informa o CNPJ: nem o OID ICP-Brasil 2.16.76.1.3.3 no subjectAltName, nem o CNPJ após ':' no CN (e-CNPJ)",
  cnpjInvalid: (cnpj: string) => `O CNPJ do certificado (${cnpj}) não tem dígitos verificadores válidos`,
  otherRoot: (cnpj: string, document: string) =>
    `O CNPJ do certificado (${cnpj}) não é da empresa emissora: a raiz (8 primeiros caracteres) difere do Document ${document}`,
  noDocument:
    "A empresa emissora não tem Document (CNPJ): informe-o em PUT /company/invoice/{id} antes do certificado",
  noCipherKey: "O armazenamento cifrado de credenciais não está configurado (HUB_CREDENTIALS_KEY)",
  notFound: "A empresa emissora não tem certificado guardado",
  mtlsCertificateInvalid:
    "MtlsCertificate deve ser o nome de um binding mtls_certificates do Worker (letras, dígitos e _, começando por letra)",
} as const;

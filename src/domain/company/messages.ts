/** Messages of the company area. */
export const COMPANY_NOT_FOUND = "Empresa não existe";

// The issuer's fiscal profile of an invoicing company (the NF-e's `emit`)
export const STATE_REGISTRATION_INVALID = "StateRegistration deve ter de 2 a 14 dígitos ou ser ISENTO";
export const TAX_REGIME_INVALID =
  "TaxRegime deve ser 1 (Simples Nacional), 2 (Simples Nacional, excesso de sublimite), 3 (Regime Normal) ou 4 (MEI)";
export const CITY_CODE_FORMAT = "CityCode deve ter 7 dígitos (código IBGE do município)";
export const CITY_CODE_INVALID =
  "CityCode inválido: não é um código IBGE de município (UF ou dígito verificador)";
export const cityCodeOutOfUf = (cityCode: string, uf: string, ufCode: string) =>
  `CityCode ${cityCode} não é de um município de ${uf}: o código IBGE dos municípios de ${uf} começa com ${ufCode}`;
export const UF_INVALID = "UF deve ser a sigla de um estado brasileiro ou DF (ex.: SP)";
export const ZIP_CODE_INVALID = "ZipCode deve ter 8 dígitos (CEP)";
export const PHONE_INVALID = "Phone deve ter de 6 a 14 dígitos (DDD + número)";
export const NFE_SERIES_INVALID = "NFeSeries deve ser um número inteiro de 0 a 999";
export const NFE_NEXT_NUMBER_INVALID = "NFeNextNumber deve ser um número inteiro de 1 a 999999999";

// Text that reaches the NF-e XML (the layout's TString)
export const nfeTextControl = (name: string) =>
  `${name} não pode conter caracteres de controle nem quebras de linha`;
export const nfeTextCharacter = (name: string, codePoint: string) =>
  `${name} tem um caractere que a NF-e não aceita (${codePoint}): use letras, números, espaços e pontuação comum`;
export const nfeTextLength = (name: string, min: number, max: number) =>
  min > 1 ? `${name} deve ter de ${min} a ${max} caracteres` : `${name} aceita no máximo ${max} caracteres`;

// The NFC-e (model 65) settings of an invoicing company
export const NFCE_SERIES_INVALID = "NFCeSeries deve ser um número inteiro de 0 a 999";
export const NFCE_NEXT_NUMBER_INVALID = "NFCeNextNumber deve ser um número inteiro de 1 a 999999999";
export const CSC_ID_INVALID = "CSCId deve ter de 1 a 6 dígitos (identificador do CSC na SEFAZ)";
export const CSC_INVALID = "CSC deve ter de 16 a 36 letras ou dígitos (Código de Segurança do Contribuinte)";
export const CSC_PAIR =
  "CSC e CSCId andam juntos: envie os dois (ou os dois null para apagar); o CSC sem o seu identificador não serve ao QR Code";
export const CSC_NO_CIPHER_KEY =
  "O servidor não tem a chave de cifra das credenciais (HUB_CREDENTIALS_KEY): o CSC não pode ser guardado";

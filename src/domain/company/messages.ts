/** Messages of the company area. */
export const COMPANY_NOT_FOUND = "Empresa não existe";

export const INVALID_CREDENTIALS = "Usuário ou senha inválidos";
export const USER_NOT_FOUND = "Usuário não existe";

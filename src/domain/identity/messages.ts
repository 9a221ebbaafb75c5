export const INVALID_CREDENTIALS = "Usuário ou senha inválidos";
export const USER_NOT_FOUND = "Usuário não existe";
/** Sign-in refused while its e-mail or its client is throttled (429, with `Retry-After`). */
export const TOO_MANY_SIGN_IN_ATTEMPTS = "Muitas tentativas de login sem sucesso, tente novamente mais tarde";

/** Texts of the jobs area (the spec fixes none; the wording is the service's own). */
export const JOB_NOT_FOUND = "Job não existe";
export const JOB_TYPE_REQUIRED = "Type obrigatório";
export const jobTypeInvalid = (type: string, accepted: readonly string[]) =>
  `Type inválido: ${type}. Aceitos: ${accepted.join(", ")}`;

/** `Message` of a 200 that created or found the job. */
export const JOB_SCHEDULED = "Arquivo recebido; processamento agendado";
export const JOB_ALREADY_EXISTS = "Arquivo já enviado anteriormente; processamento existente";
export const fileSentWithOtherParams = (jobId: number, type: string) =>
  `Este arquivo já foi enviado no job ${jobId} (${type}) com outros parâmetros`;
export const QUEUE_FAILURE = "Error: Falha ao agendar o processamento; envie o arquivo novamente";

/** FailureReason of jobs that end Failed. */
export const jobTypeWithoutProcessing = (type: string) =>
  `Processamento do tipo ${type} ainda não está disponível nesta versão do serviço`;
export const JOB_FILE_MISSING = "Arquivo do job não encontrado no armazenamento";
export const JOB_FILE_CHANGED = "Arquivo do job foi alterado depois da confirmação (SHA-256 diferente)";
export const JOB_DEAD_LETTERED =
  "Processamento abandonado: a mensagem esgotou as tentativas da fila e foi para a fila de mensagens mortas";
export const jobGaveUp = (attempts: number, detail: string) =>
  `Falha no processamento após ${attempts} tentativas: ${detail}`;
export const JOB_PARAMS_INVALID = "Parâmetros do job inválidos";

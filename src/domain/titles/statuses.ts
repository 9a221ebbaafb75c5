/**
 * Title statuses as stored and answered: 0 deleted (never listed), 1 open, 2 partially settled,
 * 3 settled (paid or received). A live title's status follows its open value: settled at 0, open at
 * the full value, partial in between (`titleStatusOf` in `db/title-settlement.ts` computes it in the
 * statement that moves the open value).
 */
export const TITLE_STATUS = { deleted: 0, open: 1, partial: 2, paid: 3 } as const;

/** The statuses of a listed (not deleted) title. */
export type TitleStatus = typeof TITLE_STATUS.open | typeof TITLE_STATUS.partial | typeof TITLE_STATUS.paid;

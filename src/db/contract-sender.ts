import { sql } from 'kysely';

/**
 * Joins `users` as the person who signed and sent a contract for the company, or, while it is a
 * draft, who wrote it (docs/decisions/045): the contractor its mails go to and its certificate
 * names. `.innerJoin('users', (join) => join.on(contractSender))`.
 */
export const contractSender = sql<boolean>`users.id = coalesce(contracts.sent_by_user_id, contracts.created_by_user_id)`;

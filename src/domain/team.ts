/**
 * A company with a team (issue 35, docs/decisions/045): what owns the business's rows, and what
 * each person in it may do.
 */

/**
 * A company's id. Branded so that a person's id cannot be passed where the company's is meant:
 * the two are the same number for every account from before teams, so only the compiler would
 * notice the mix-up.
 */
export type CompanyId = number & { readonly __brand: 'CompanyId' };

/** A company id read from the database or a test's setup. */
export const companyIdOf = (id: number): CompanyId => id as CompanyId;

export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * What only an owner may do, each as the refusal finishes the sentence "Only an owner can ...".
 * A member writes, sends and follows through contracts and uses the templates.
 */
export const OWNER_ONLY = {
  team: 'manage the team',
  apiKeys: 'manage API keys',
  webhooks: 'manage webhooks',
  payments: 'manage payments',
  branding: 'change the company settings and branding',
  defaultTemplate: 'change the default template',
  othersTemplate: 'delete a template someone else wrote',
} as const;
export type OwnerOnlyAction = keyof typeof OWNER_ONLY;

/** How a person is named to others: their name, or their email until they give one. */
export function displayName(person: { name: string | null; email: string }): string {
  return person.name?.trim() || person.email;
}

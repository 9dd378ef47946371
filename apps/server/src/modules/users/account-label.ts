// SPEC §4: the account label follows organization membership by a configured priority list.
export const FIRST_PARTY_LABEL = 'KNAP';
export const DEFAULT_ACCOUNT_LABEL = 'all';

export function accountLabel(
  orgNames: readonly string[],
  rules: { firstPartyOrg: string | undefined; accountLabels: ReadonlyArray<readonly [string, string]> },
): string {
  const names = new Set(orgNames.map((n) => n.trim().toLowerCase()));
  if (rules.firstPartyOrg && names.has(rules.firstPartyOrg.toLowerCase())) return FIRST_PARTY_LABEL;
  for (const [org, label] of rules.accountLabels) {
    if (names.has(org.toLowerCase())) return label;
  }
  return DEFAULT_ACCOUNT_LABEL;
}

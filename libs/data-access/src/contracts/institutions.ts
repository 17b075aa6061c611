/** An institution's own fields, as every answer that names an institution carries them. */
export interface InstitutionSummary {
  id: string;
  name: string;
  slug: string;
  plan_id: string | null;
  status: string;
}

/** An institution as the user sees it (docs/product/institutions.md): userRole comes from the membership. */
export interface Institution extends InstitutionSummary {
  userRole: string;
}

/** docs/product/institutions.md#institutions-and-memberships: institutions without id, name or slug are dropped from the list. */
export function keepCompleteInstitutions<T extends Partial<Institution>>(rows: readonly T[]): T[] {
  return rows.filter((row) => Boolean(row.id && row.name && row.slug));
}

/** docs/product/institutions.md#choosing-the-institution: the saved id when it is in the list, else the first institution (or none). */
export function selectInstitution<T extends { id: string }>(
  institutions: readonly T[],
  savedId: string | null,
): T | null {
  if (savedId) {
    const saved = institutions.find((institution) => institution.id === savedId);
    if (saved) return saved;
  }
  return institutions[0] ?? null;
}

export const SELECTED_INSTITUTION_KEY = 'selectedInstitutionId';
export const INSTITUTION_HEADER = 'X-Institution-Id';

import { Select } from '@tessera/ui';
import { useInstitution } from './institution-provider';

/** Switches the institution the user works in (docs/product/institutions.md#choosing-the-institution); hidden when there is nothing to switch. */
export function InstitutionSwitcher() {
  const { institutions, currentInstitution, switchInstitution } = useInstitution();
  if (!currentInstitution) return null;
  return (
    <Select
      label="Institution"
      hideLabel
      value={currentInstitution.id}
      options={institutions.map((institution) => ({ value: institution.id, label: institution.name }))}
      onValueChange={switchInstitution}
      disabled={institutions.length < 2}
    />
  );
}

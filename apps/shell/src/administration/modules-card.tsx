import type { AdministrationOverview } from '@tessera/data-access/contracts';
import { useSetModuleEnabled } from '@tessera/data-access/hooks';
import { Badge, CardGrid, Switch, TitledCard, toast } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { toastFailure } from '../shared/error-message';

/** The modules of a category, as many columns as fit. */
const List = styled(CardGrid).attrs({ $min: '260px', $gap: 2 })`
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.space(3)}; min-height: 36px; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Group = styled.section`
  margin-top: ${({ theme }) => theme.space(4)};
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

/** Enable or disable modules within the plan (organization.modules_included). */
export function ModulesCard({ overview }: { overview: AdministrationOverview }) {
  const setEnabled = useSetModuleEnabled();
  const categories = [...new Set(overview.modules.map((module) => module.category))];

  function toggle(moduleId: string, name: string, enabled: boolean) {
    setEnabled.mutate(
      { moduleId, enabled },
      {
        onSuccess: () =>
          toast({
            title: enabled ? 'Module enabled' : 'Module disabled',
            description: `${name} is now ${enabled ? 'available' : 'hidden'} for members of ${overview.institution.name}.`,
          }),
        onError: (error) => toastFailure(error, `Failed to change ${name}.`),
      },
    );
  }

  return (
    <TitledCard
      title="Modules"
      aria-label="Modules"
      description={
        <>
          The {overview.plan?.name ?? 'current'} plan decides which modules can be enabled.{' '}
          <Link to="/subscription/upgrade">Compare plans</Link>
        </>
      }
    >
      {categories.map((category) => (
        <Group key={category} aria-label={category}>
          <h4>{category}</h4>
          <List>
            {overview.modules
              .filter((module) => module.category === category)
              .map((module) => (
                <li key={module.module_id}>
                  <Switch
                    id={`module-${module.module_id}`}
                    label={module.name}
                    checked={module.enabled}
                    disabled={(!module.allowed && !module.enabled) || setEnabled.isPending}
                    onCheckedChange={(enabled) => toggle(module.module_id, module.name, enabled)}
                  />
                  <label htmlFor={`module-${module.module_id}`}>{module.name}</label>
                  {module.is_premium ? <Badge $tone="premium">Premium</Badge> : null}
                  {!module.allowed ? <small>Not in your plan</small> : null}
                </li>
              ))}
          </List>
        </Group>
      ))}
    </TitledCard>
  );
}

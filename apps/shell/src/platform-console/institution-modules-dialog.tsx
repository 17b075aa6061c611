import type { PlanSummary, PlatformInstitution } from '@tessera/data-access/contracts';
import { useModuleCatalogue, useSetPlatformModuleEnabled } from '@tessera/data-access/hooks';
import { Dialog, Switch } from '@tessera/ui';
import styled from 'styled-components';
import { toastFailure } from '../shared/error-message';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  max-height: 60vh;
  overflow-y: auto;
  li { display: flex; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface InstitutionModulesDialogProps {
  institution: PlatformInstitution;
  plan: PlanSummary | null;
  onClose: () => void;
}

/** Module enablement of one institution from the console (within its plan). */
export function InstitutionModulesDialog({ institution, plan, onClose }: InstitutionModulesDialogProps) {
  const setEnabled = useSetPlatformModuleEnabled();
  const catalogue = useModuleCatalogue();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Modules of ${institution.name}`}
      description={`Plan: ${plan?.name ?? 'none'}. Modules outside the plan cannot be enabled.`}
    >
      <List>
        {catalogue.modules.map((module) => {
          const enabled = institution.modules_included.includes(module.id);
          const allowed = plan?.modules.includes(module.id) ?? false;
          const id = `console-module-${module.id}`;
          return (
            <li key={module.id}>
              <Switch
                id={id}
                label={module.name}
                checked={enabled}
                disabled={(!allowed && !enabled) || setEnabled.isPending}
                onCheckedChange={(next) =>
                  setEnabled.mutate(
                    { institutionId: institution.id, moduleId: module.id, enabled: next },
                    {
                      onError: (error) => toastFailure(error, `Failed to change ${module.name}.`),
                    },
                  )
                }
              />
              <label htmlFor={id}>{module.name}</label>
              {!allowed ? <small>Not in plan</small> : null}
            </li>
          );
        })}
      </List>
    </Dialog>
  );
}

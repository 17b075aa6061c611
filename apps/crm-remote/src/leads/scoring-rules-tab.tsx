import { useAccess } from '@tessera/auth';
import { useScoringRules, useSetScoringRuleActive } from '@tessera/data-access/hooks';
import { Badge, Button, Card, CardGrid, toast, Switch, QueryView } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { AddRuleDialog } from './add-rule-dialog';
import { PanelHeader } from '../shared/panel-header';

const RuleCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  height: 100%;
  .top { display: flex; justify-content: space-between; align-items: flex-start; gap: ${({ theme }) => theme.space(2)}; }
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  code { font-family: inherit; background: ${({ theme }) => theme.colors.surfaceMuted}; padding: 4px 8px; border-radius: 6px; }
  .bottom { display: flex; justify-content: space-between; align-items: center; margin-top: auto; }
`;

/** Lead Scoring tab (docs/product/lead-scoring.md#local-smart-leads-score): the rules the local score adds up, each switchable. */
export function ScoringRulesTab() {
  const rules = useScoringRules();
  const setActive = useSetScoringRuleActive();
  const [adding, setAdding] = useState(false);
  // Scoring rules are configuration: the API takes changes from CRM admins only.
  const { hasModuleLevel } = useAccess();
  const canConfigure = hasModuleLevel('crm', 'admin');

  return (
    <>
      <PanelHeader>
        <p>
          A lead’s score is the sum of the points of the active rules it meets, capped at 100.
          {canConfigure ? '' : ' Only CRM administrators can change the rules.'}
        </p>
        <Button onClick={() => setAdding(true)} disabled={!canConfigure}>
          Add Rule
        </Button>
      </PanelHeader>
      <QueryView query={rules} loadingLabel="Loading scoring rules" errorTitle="Failed to load scoring rules">
        {() => (
          <CardGrid $min="280px" aria-label="Scoring rules">
            {(rules.data ?? []).map((rule) => (
              <li key={rule.id}>
                <RuleCard aria-label={rule.name}>
                  <div className="top">
                    <h4>{rule.name}</h4>
                    <Badge $tone="primary">+{rule.points} points</Badge>
                  </div>
                  {rule.description ? <p>{rule.description}</p> : null}
                  <p>
                    Condition: <code>{rule.condition || 'No condition'}</code>
                  </p>
                  <div className="bottom">
                    <span>{rule.active ? 'Active' : 'Inactive'}</span>
                    <Switch
                      label={`Active: ${rule.name}`}
                      checked={rule.active}
                      disabled={!canConfigure || (setActive.isPending && setActive.variables?.id === rule.id)}
                      onCheckedChange={(active) =>
                        setActive.mutate(
                          { id: rule.id, active },
                          {
                            onSuccess: () => toast({ title: 'Scoring rule updated successfully' }),
                            onError: () =>
                              toast({
                                title: 'Error',
                                description: 'Failed to update scoring rule',
                                variant: 'destructive',
                              }),
                          },
                        )
                      }
                    />
                  </div>
                </RuleCard>
              </li>
            ))}
          </CardGrid>
        )}
      </QueryView>
      <AddRuleDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

import { useAccess } from '@tessera/auth';
import { useAutomationRules, useSetAutomationRuleEnabled, useTimeAgo } from '@tessera/data-access/hooks';
import { type AutomationRule } from '@tessera/data-access/contracts';
import { Badge, Button, Card, CardGrid, EmptyState, toast, Switch, QueryView } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { titleCase } from '../shared/lead-format';
import { RuleRunsDialog } from './rule-runs-dialog';

const RuleCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  height: 100%;
  .top { display: flex; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  .actions { display: flex; flex-wrap: wrap; gap: 4px; }
`;

/** "When a contact moves to qualified", "When a lead is created". */
export function ruleTrigger(rule: Pick<AutomationRule, 'conditions_json'>): string {
  const { event_type, stage_change } = rule.conditions_json;
  if (event_type === 'stage_change')
    return stage_change?.to_stage
      ? `When a contact moves to ${titleCase(stage_change.to_stage)}`
      : 'On any stage change';
  if (event_type === 'email_opened') return 'When a contact opens an e-mail';
  return `When a ${event_type === 'deal_created' ? 'deal' : 'lead'} is created`;
}

/** Automation rules (docs/product/automation.md#pipeline-moves): enable switches and each rule's run history. */
export function AutomationRulesPanel({ stage }: { stage?: string | null }) {
  const ago = useTimeAgo();
  const rules = useAutomationRules();
  const setEnabled = useSetAutomationRuleEnabled();
  const { hasModuleLevel } = useAccess();
  const canConfigure = hasModuleLevel('crm', 'admin');
  const [runsOf, setRunsOf] = useState<AutomationRule | null>(null);
  const shown = (rules.data ?? []).filter(
    (rule) =>
      !stage ||
      rule.conditions_json.stage_change?.to_stage === stage ||
      rule.conditions_json.event_type !== 'stage_change',
  );

  return (
    <section aria-label="Automation rules">
      <QueryView
        query={rules}
        loadingLabel="Loading automation rules"
        errorTitle="Failed to load automation rules"
        isEmpty={() => shown.length === 0}
        empty={
          <EmptyState
            title="No automation rules"
            description="Rules run when contacts move through the pipeline and when leads or deals are created."
          />
        }
      >
        {() => (
          <CardGrid>
            {shown.map((rule) => (
              <li key={rule.id}>
                <RuleCard aria-label={rule.name}>
                  <div className="top">
                    <h4>{rule.name}</h4>
                    <Switch
                      label={`Enabled: ${rule.name}`}
                      checked={rule.enabled}
                      disabled={
                        !canConfigure || (setEnabled.isPending && setEnabled.variables?.id === rule.id)
                      }
                      onCheckedChange={(enabled) =>
                        setEnabled.mutate(
                          { id: rule.id, enabled },
                          {
                            onSuccess: () => toast({ title: 'Automation rule updated successfully' }),
                            onError: () =>
                              toast({
                                title: 'Error',
                                description: 'Failed to update automation rule',
                                variant: 'destructive',
                              }),
                          },
                        )
                      }
                    />
                  </div>
                  {rule.description ? <p>{rule.description}</p> : null}
                  <p>{ruleTrigger(rule)}</p>
                  <div className="actions">
                    {[...new Set(rule.actions_json.map((action) => action.type))].map((type) => (
                      <Badge key={type} $tone="primary">
                        {titleCase(type)}
                      </Badge>
                    ))}
                  </div>
                  <p>
                    Ran {rule.execution_count} {rule.execution_count === 1 ? 'time' : 'times'}
                    {rule.last_executed_at ? `, last ${ago(rule.last_executed_at)}` : ''}
                  </p>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRunsOf(rule)}
                    aria-label={`Run history of ${rule.name}`}
                  >
                    Run history
                  </Button>
                </RuleCard>
              </li>
            ))}
          </CardGrid>
        )}
      </QueryView>
      <RuleRunsDialog rule={runsOf} onClose={() => setRunsOf(null)} />
    </section>
  );
}

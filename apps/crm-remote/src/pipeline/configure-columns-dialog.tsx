import { DEAL_STAGE_LABELS, DEAL_STAGES, type DealStage } from '@tessera/data-access/contracts';
import { Button, Dialog, Switch } from '@tessera/ui';
import styled from 'styled-components';

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface ConfigureColumnsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hiddenStages: readonly DealStage[];
  onChange: (hiddenStages: DealStage[]) => void;
  saving: boolean;
}

/** Configure (docs/product/pipeline.md#configure): which stage columns this user sees; saved per user through the API. */
export function ConfigureColumnsDialog({
  open,
  onOpenChange,
  hiddenStages,
  onChange,
  saving,
}: ConfigureColumnsDialogProps) {
  const toggle = (stage: DealStage, visible: boolean) => {
    const next = visible ? hiddenStages.filter((s) => s !== stage) : [...hiddenStages, stage];
    onChange(DEAL_STAGES.filter((s) => next.includes(s)));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Configure Pipeline"
      description="Choose the stage columns you see. Your choice is saved for your account."
    >
      <List>
        {DEAL_STAGES.map((stage) => (
          <li key={stage}>
            <span>{DEAL_STAGE_LABELS[stage]}</span>
            <Switch
              checked={!hiddenStages.includes(stage)}
              onCheckedChange={(visible) => toggle(stage, visible)}
              label={`Show ${DEAL_STAGE_LABELS[stage]}`}
              // At least one column stays on the board.
              disabled={
                saving || (!hiddenStages.includes(stage) && hiddenStages.length === DEAL_STAGES.length - 1)
              }
            />
          </li>
        ))}
      </List>
      {hiddenStages.length > 0 ? (
        <Note>Hidden columns still hold their deals; show them again here at any time.</Note>
      ) : null}
      <Button onClick={() => onOpenChange(false)}>Done</Button>
    </Dialog>
  );
}

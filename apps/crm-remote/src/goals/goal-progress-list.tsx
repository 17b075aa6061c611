import {
  GOAL_PACE_LABELS,
  type GoalPace,
  goalFigureText,
  goalProgressText,
  goalTitle,
  type SalesGoal,
} from '@tessera/data-access/contracts';
import { Badge, type BadgeTone, Button, Progress } from '@tessera/ui';
import styled from 'styled-components';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  li { display: grid; gap: 4px; }
  .head { display: flex; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
  .title { font-weight: 600; }
  .figures { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const PACE_TONES: Record<GoalPace, BadgeTone> = { on_track: 'success', behind: 'warning' };

/** Goals with their progress bar, figures and pace (docs/product/goals.md#pace). */
export function GoalProgressList({
  goals,
  onDelete,
}: {
  goals: SalesGoal[];
  onDelete?: (goal: SalesGoal) => void;
}) {
  return (
    <List aria-label="Goal progress">
      {goals.map((goal) => {
        const title = goalTitle(goal);
        return (
          <li key={goal.id}>
            <div className="head">
              <span className="title">{title}</span>
              <span>
                <Badge $tone={goal.progress.achieved ? 'success' : PACE_TONES[goal.progress.pace]}>
                  {goal.progress.achieved ? 'Achieved' : GOAL_PACE_LABELS[goal.progress.pace]}
                </Badge>{' '}
                {onDelete ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete goal ${title}`}
                    onClick={() => onDelete(goal)}
                  >
                    Delete
                  </Button>
                ) : null}
              </span>
            </div>
            <Progress label={title} value={Math.min(100, goal.progress.percent)} />
            <span className="figures">
              {goalProgressText(goal)} · expected by now {goalFigureText(goal.metric, goal.progress.expected)}
            </span>
          </li>
        );
      })}
    </List>
  );
}

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  compactUsd,
  type Deal,
  type ProbabilityColour,
  probabilityColour,
  sourceLabel,
} from '@tessera/data-access/contracts';
import { focusRing } from '@tessera/ui';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { closeDateBadge, DRAG_CONSTANTS, monthDay, STAGE_COLOURS, stageOf } from './pipeline-logic';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { CRM_BASE_PATH } from '../shared/lead-format';
import { dragHandleProps } from '../shared/drag-handle';
import { useCompanyName } from '../shared/use-company-name';
import { useOwnerName } from '../shared/use-owner-name';

/** Probability bands as colours (docs/product/deals.md#display-rules). */
export const PROBABILITY_COLOURS: Record<ProbabilityColour, { fg: string; bg: string }> = {
  green: { fg: '#166534', bg: '#dcfce7' },
  yellow: { fg: '#854d0e', bg: '#fef9c3' },
  orange: { fg: '#9a3412', bg: '#ffedd5' },
  red: { fg: '#991b1b', bg: '#fee2e2' },
  grey: { fg: '#374151', bg: '#e5e7eb' },
};

const DATE_TONES = {
  overdue: { fg: '#991b1b', bg: '#fee2e2' },
  soon: { fg: '#854d0e', bg: '#fef9c3' },
  later: { fg: '#374151', bg: '#e5e7eb' },
};

const Article = styled.article<{ $dragging: boolean; $overlay: boolean }>`
  position: relative;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  box-shadow: ${({ theme }) => theme.shadow.card};
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: grab;
  touch-action: manipulation;
  ${({ $dragging }) =>
    $dragging &&
    css`
      opacity: 0.4;
    `}
  ${({ $overlay, theme }) =>
    $overlay &&
    css`
      cursor: grabbing;
      box-shadow: ${theme.shadow.popover};
      transform: rotate(2deg);
    `}
`;

const TopRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
`;

const Dot = styled.span<{ $colour: string }>`
  flex: none;
  width: 10px;
  height: 10px;
  margin-top: 5px;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
`;

// A link to the deal's page (it can open in a new tab); a click stays in the board's own handling.
const NameLink = styled(Link)`
  flex: 1;
  text-decoration: none;
  min-width: 0;
  text-align: left;
  background: none;
  border: none;
  padding: 0;
  font: inherit;
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.md};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  overflow-wrap: anywhere;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover { text-decoration: underline; }
  ${focusRing}
`;

const Handle = styled.button`
  flex: none;
  background: none;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  padding: 0 4px;
  line-height: 1.2;
  cursor: grab;
  font-size: 16px;
  &:hover { border-color: ${({ theme }) => theme.colors.border}; }
  ${focusRing}
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 6px;
  flex-wrap: wrap;
`;

const Pill = styled.span<{ $fg: string; $bg: string }>`
  display: inline-flex;
  align-items: center;
  border-radius: 999px;
  padding: 1px 8px;
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  color: ${({ $fg }) => $fg};
  background: ${({ $bg }) => $bg};
`;

const Amount = styled.span`
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

/** The card's company opens its page (docs/product/companies.md). */
const AccountLink = styled(Link)`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  align-self: flex-start;
  ${focusRing}
`;

export interface DealCardViewProps {
  deal: Deal;
  now: Date;
  onSelect?: (dealId: string) => void;
  overlay?: boolean;
}

/** Everything a card shows (docs/product/pipeline.md#deal-card); no drag wiring (the overlay renders this too). */
export function DealCardBody({
  deal,
  now,
  onSelect,
  handle,
}: DealCardViewProps & { handle?: React.ReactNode }) {
  const name = deal.name?.trim() || 'Untitled Deal';
  const companyName = useCompanyName();
  const ownerName = useOwnerName();
  const probability = deal.probability;
  const band = PROBABILITY_COLOURS[probabilityColour(probability)];
  const badge = closeDateBadge(deal.expected_close_date, now);
  return (
    <>
      <TopRow>
        <Dot $colour={STAGE_COLOURS[stageOf(deal)]} aria-hidden="true" />
        <NameLink
          to={`${CRM_BASE_PATH}/deals/${deal.id}`}
          draggable={false}
          onClick={(event) => {
            if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            onSelect(deal.id);
          }}
          aria-label={`Open deal ${name}`}
        >
          {name}
        </NameLink>
        {handle}
      </TopRow>
      {deal.description ? <Description>{deal.description}</Description> : null}
      <Row>
        <Amount aria-label={`Amount ${compactUsd(deal.amount)}`}>{compactUsd(deal.amount)}</Amount>
        <Pill $fg={band.fg} $bg={band.bg} title="Probability">
          {probability === null || probability === undefined ? 'No probability' : `${probability}%`}
        </Pill>
      </Row>
      {deal.account_id ? (
        <AccountLink to={`${CRM_BASE_PATH}/companies/${deal.account_id}`}>
          {companyName(deal.account_id)}
        </AccountLink>
      ) : null}
      <Meta>Owner: {ownerName(deal.owner_id)}</Meta>
      {deal.expected_close_date ? (
        <Row>
          <Meta>Close {monthDay(deal.expected_close_date)}</Meta>
          {badge ? (
            <Pill $fg={DATE_TONES[badge.tone].fg} $bg={DATE_TONES[badge.tone].bg}>
              {badge.label}
            </Pill>
          ) : null}
        </Row>
      ) : null}
      <Row>
        {deal.lead_source ? <Meta>{sourceLabel(deal.lead_source)}</Meta> : <span />}
        <Meta>
          Updated {new Date(deal.updated_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
        </Meta>
      </Row>
    </>
  );
}

/** The card as the overlay shows it under the pointer while dragging. */
export function DealCardOverlay({ deal, now }: { deal: Deal; now: Date }) {
  return (
    <Article $dragging={false} $overlay>
      <DealCardBody deal={deal} now={now} />
    </Article>
  );
}

/**
 * A draggable card. Mouse and touch drag anywhere on the card (5 px / 120 ms, docs/product/pipeline.md#drag-and-drop); the
 * keyboard drags through the handle (Space or Enter picks up, arrows move, Space drops), so the
 * name stays a plain button that opens the deal.
 */
export const DealCard = memo(function DealCard({ deal, now, onSelect }: DealCardViewProps) {
  // Read-only members see the board but cannot move deals (the API would refuse the change).
  const canWrite = useCrmCanWrite();
  // Sortable: the other cards of the column move aside in 0.2 s while this one is dragged over them.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging, transform, transition } =
    useSortable({
      id: deal.id,
      data: { type: 'deal', stage: stageOf(deal) },
      disabled: !canWrite,
      transition: { duration: DRAG_CONSTANTS.displacementMs, easing: DRAG_CONSTANTS.displacementEasing },
    });
  const { card: pointerListeners, handle } = dragHandleProps(attributes, listeners, setActivatorNodeRef);
  const name = deal.name?.trim() || 'Untitled Deal';
  return (
    <Article
      ref={setNodeRef}
      $dragging={isDragging}
      $overlay={false}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...pointerListeners}
      data-deal-id={deal.id}
    >
      <DealCardBody
        deal={deal}
        now={now}
        onSelect={onSelect}
        handle={
          canWrite ? (
            <Handle {...handle} aria-label={`Move deal ${name}`}>
              <span aria-hidden="true">⠿</span>
            </Handle>
          ) : null
        }
      />
    </Article>
  );
});

import { Button, Card, PageTrail } from '@tessera/ui';
import styled from 'styled-components';

const Body = styled(Card)`
  max-width: 560px;
  h2 { font-size: ${({ theme }) => theme.font.size.xl}; margin-bottom: ${({ theme }) => theme.space(2)}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; margin: 0 0 ${({ theme }) => theme.space(4)}; }
`;

/** The card a module shows when its remote cannot load (ARCHITECTURE: module federation contract). */
export function ModuleUnavailable({ moduleName, onRetry }: { moduleName: string; onRetry: () => void }) {
  return (
    <Body role="alert" aria-labelledby="module-unavailable-title">
      <PageTrail crumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: moduleName }]} />
      <h2 id="module-unavailable-title">Module unavailable</h2>
      <p>
        {moduleName} could not be loaded right now. The rest of Tessera keeps working; try again in a moment.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </Body>
  );
}

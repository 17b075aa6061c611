import styled from 'styled-components';

const Line = styled.p`
  margin: -${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** "Signed in as Dana Reyes · Acme Corporation": whose data the module shows. */
export function WorkspaceLine({ person, institution }: { person: string; institution?: string }) {
  return (
    <Line>
      Signed in as {person}
      {institution ? ` · ${institution}` : ''}
    </Line>
  );
}

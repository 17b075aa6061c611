import styled from 'styled-components';

// Set at build time (TESSERA_BUILD_LABEL) so a deployed build can be told apart in the page.
const BUILD_LABEL: string = process.env.TESSERA_BUILD_LABEL ?? '';

const Stamp = styled.p`
  margin: ${({ theme }) => theme.space(6)} 0 0;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Which build of the CRM remote is running; nothing for an unlabelled build. */
export function BuildStamp() {
  return BUILD_LABEL ? <Stamp>CRM build {BUILD_LABEL}</Stamp> : null;
}

import styled from 'styled-components';

const Banner = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/** Shown while messages cannot leave: they are kept for reading here instead (docs/product/email.md). */
export function NoMailServerBanner() {
  return (
    <Banner role="note">
      <strong>No mail server is configured.</strong> Messages are not e-mailed: they are kept here. Open a
      message to read it and follow its links, for example to accept an invitation. Set <code>SMTP_URL</code>{' '}
      to send them for real.
    </Banner>
  );
}

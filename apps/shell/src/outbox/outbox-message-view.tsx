import { type OutboxMessageDetail, outboxKindLabel } from '@tessera/data-access/contracts';
import { Button, TitledCard } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { outboxPreviewDocument } from './outbox-preview';
import { OutboxStatusBadge } from './outbox-status-badge';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Links = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(5)};
  a { overflow-wrap: anywhere; color: ${({ theme }) => theme.colors.primary}; }
`;

const Preview = styled.iframe`
  width: 100%;
  min-height: 320px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
`;

const PlainText = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
  margin: ${({ theme }) => theme.space(2)} 0 0;
`;

/**
 * The link of an invitation its reader made themself (and may hand out, holding its role): without a
 * mail server this is how the invitee gets it.
 */
function InvitationLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-label="Invitation link">
      <h4>Invitation link</h4>
      <p>
        You sent this invitation: give the link to its recipient yourself if the e-mail does not reach them.
      </p>
      <Links>
        <li>
          <a href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </a>
        </li>
      </Links>
      <Button
        variant="secondary"
        onClick={() => {
          void navigator.clipboard.writeText(link).then(() => setCopied(true));
        }}
      >
        Copy link
      </Button>
      <span role="status">{copied ? 'Link copied' : ''}</span>
    </section>
  );
}

function when(at: string | null): string {
  return at ? new Date(at).toLocaleString() : '—';
}

/**
 * One message as its recipient gets it. The HTML body is rendered in a fully sandboxed frame (no
 * scripts, no navigation, no same-origin access, nothing loaded from the network); its links are
 * listed beside it as real links.
 */
export function OutboxMessageView({ message }: { message: OutboxMessageDetail }) {
  return (
    <TitledCard title={message.subject} aria-label="Message">
      <Facts>
        <dt>To</dt>
        <dd>{message.recipient}</dd>
        <dt>Kind</dt>
        <dd>{outboxKindLabel(message.kind)}</dd>
        <dt>Status</dt>
        <dd>
          <OutboxStatusBadge message={message} />
        </dd>
        <dt>Attempts</dt>
        <dd>{message.attempts}</dd>
        {message.last_error ? (
          <>
            <dt>Last error</dt>
            <dd>{message.last_error}</dd>
          </>
        ) : null}
        <dt>Created</dt>
        <dd>{when(message.created_at)}</dd>
        <dt>Sent</dt>
        <dd>{when(message.sent_at)}</dd>
      </Facts>
      {message.carries_sign_in_link ? (
        <>
          <p>
            This message carries a sign-in link, so its text is never shown here: only its recipient may use
            the link.
          </p>
          {message.invitation_link ? <InvitationLink link={message.invitation_link} /> : null}
        </>
      ) : (
        <>
          {message.links.length > 0 ? (
            <section aria-label="Links in this message">
              <h4>Links in this message</h4>
              <Links>
                {message.links.map((link) => (
                  <li key={link}>
                    <a href={link} target="_blank" rel="noopener noreferrer">
                      {link}
                    </a>
                  </li>
                ))}
              </Links>
            </section>
          ) : null}
          {message.html_body ? (
            <Preview
              title="The message as its recipient sees it"
              sandbox=""
              srcDoc={outboxPreviewDocument(message.html_body)}
            />
          ) : null}
          <details open={!message.html_body}>
            <summary>Plain text</summary>
            <PlainText>{message.text_body}</PlainText>
          </details>
        </>
      )}
    </TitledCard>
  );
}

import { Badge, Button } from '@tessera/ui';

/** When a credential (an API key, a deploy token) was made, used or expires; never when it has not. */
export const credentialTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** Who made a credential, and when. */
export function CreatedCell({ by, at }: { by: string | null; at: string }) {
  return (
    <td>
      {by ?? '—'} · {credentialTime(at)}
    </td>
  );
}

/**
 * The last cell of a credential's row: a revoked one says so and
 * stays listed; a live one has its Revoke button, named after it.
 */
export function RevokeCell({
  name,
  revokedAt,
  revoking,
  onRevoke,
}: {
  name: string;
  revokedAt: string | null;
  revoking: boolean;
  onRevoke: () => void;
}) {
  return (
    <td>
      {revokedAt ? (
        <Badge $tone="neutral">Revoked</Badge>
      ) : (
        <Button variant="secondary" size="sm" disabled={revoking} onClick={onRevoke}>
          Revoke {name}
        </Button>
      )}
    </td>
  );
}

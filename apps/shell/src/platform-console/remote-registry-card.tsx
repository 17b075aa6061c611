import type { RemoteVersionsOverview } from '@tessera/data-access/contracts';
import { usePinRemoteVersion, useRemoteVersions, useRemoveRemoteRelease } from '@tessera/data-access/hooks';
import { Badge, Button, DataTable, Dialog, QueryCard, Select, toast } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, toastFailure } from '../shared/error-message';

const FOLLOW_LATEST = 'latest';

const Section = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space(6)}; }
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const Versions = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  li { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space(1)}; }
`;

/**
 * Old releases can go: not the latest (every unpinned institution loads it) and not one an
 * institution is pinned to; the API says the same and removes the files no other release shares.
 */
function RemoveRelease({ remote, version }: { remote: RemoteVersionsOverview; version: string }) {
  const remove = useRemoveRemoteRelease();
  const [confirming, setConfirming] = useState(false);
  const pinnedBy = remote.usage.filter((row) => row.pinned === version).map((row) => row.institution_name);
  if (version === remote.latest || pinnedBy.length > 0) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Remove ${remote.remote} ${version}`}
        onClick={() => setConfirming(true)}
      >
        Remove
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${remote.remote} ${version}?`}
        description="No institution loads it. Its files go, except those a newer release shares; the version cannot be published again."
      >
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { remote: remote.remote, version },
              {
                onSuccess: (removed) => {
                  setConfirming(false);
                  toast({
                    title: 'Release removed',
                    description: `${remote.remote} ${version}: ${removed.blobs_removed} files no other release used, ${Math.round(removed.bytes_freed / 1024)} KB freed.`,
                  });
                },
                onError: (error) => {
                  setConfirming(false);
                  toastFailure(error, 'Failed to remove the release.');
                },
              },
            )
          }
        >
          Remove release
        </Button>{' '}
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </Dialog>
    </>
  );
}

function RemoteSection({ remote }: { remote: RemoteVersionsOverview }) {
  const pin = usePinRemoteVersion();
  const options = [
    { value: FOLLOW_LATEST, label: `Latest${remote.latest ? ` (${remote.latest})` : ''}` },
    ...remote.versions.map((version) => ({ value: version.version, label: `Pin ${version.version}` })),
  ];

  return (
    <Section aria-label={`${remote.remote} remote`}>
      <h4>
        {remote.remote} remote <small>({remote.name})</small>
      </h4>
      {remote.versions.length === 0 ? (
        <p>
          No published versions: every institution loads the workspace build, if there is one. Publish one
          with a deploy token: <code>npm run publish:remote -- {remote.remote} --url … --token …</code>.
        </p>
      ) : (
        <Versions aria-label={`Published versions of the ${remote.remote} remote`}>
          {remote.versions.map((version) => (
            <li key={version.version}>
              <Badge $tone={version.version === remote.latest ? 'primary' : 'neutral'}>
                {version.version}
                {version.version === remote.latest ? ' · latest' : ''} ·{' '}
                {new Date(version.published_at).toLocaleString()}
              </Badge>
              <RemoveRelease remote={remote} version={version.version} />
            </li>
          ))}
        </Versions>
      )}
      <DataTable columns={['Institution', 'Loads', 'Version']}>
        {remote.usage.map((row) => (
          <tr key={row.institution_id}>
            <td>{row.institution_name}</td>
            <td>
              {row.effective} {row.pinned ? <Badge $tone="warning">Pinned</Badge> : null}
            </td>
            <td>
              <Select
                label={`${remote.remote} version for ${row.institution_name}`}
                hideLabel
                value={row.pinned ?? FOLLOW_LATEST}
                options={options}
                disabled={pin.isPending || remote.versions.length === 0}
                onValueChange={(value) =>
                  pin.mutate(
                    {
                      institutionId: row.institution_id,
                      remote: remote.remote,
                      version: value === FOLLOW_LATEST ? null : value,
                    },
                    {
                      onSuccess: () =>
                        toast({
                          title: value === FOLLOW_LATEST ? 'Unpinned' : 'Pinned',
                          description:
                            value === FOLLOW_LATEST
                              ? `${row.institution_name} follows the latest ${remote.remote} version again.`
                              : `${row.institution_name} loads ${remote.remote} ${value}.`,
                        }),
                      onError: (error) => toastFailure(error, 'Failed to change the version.'),
                    },
                  )
                }
              />
            </td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}

/** The remote registry: published versions and which one each institution loads (canary pins). */
export function RemoteRegistryCard() {
  const remotes = useRemoteVersions();
  return (
    <QueryCard
      title="Remote registry"
      description="Pin a version for one institution to try it there first; the others load the latest."
      query={remotes}
      loadingLabel="Loading remotes"
      errorTitle="Remotes could not be loaded"
      errorDescription={(error) => errorMessage(error, '')}
      retryLabel={null}
    >
      {(versions) => versions.map((remote) => <RemoteSection key={remote.remote} remote={remote} />)}
    </QueryCard>
  );
}

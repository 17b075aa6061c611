import type { RemoteVersionsOverview } from '@tessera/data-access/contracts';
import { usePinRemoteVersion, useRemoteVersions } from '@tessera/data-access/hooks';
import { Badge, QueryCard, Select, toast, DataTable } from '@tessera/ui';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';

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
`;

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
                      onError: (error) =>
                        toast({
                          title: 'Error',
                          description: errorMessage(error, 'Failed to change the version.'),
                          variant: 'destructive',
                        }),
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

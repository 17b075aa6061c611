import { TextLink } from '@tessera/ui';
import { findModule, type RecordSchema } from '@tessera/data-access/contracts';
import { useRelatedRecords } from '@tessera/data-access/hooks';
import styled from 'styled-components';
import { Muted } from './records-styles';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  h4 { margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)}; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space(5)}; }
  li { margin: ${({ theme }) => theme.space(1)} 0; }
`;

export interface RelatedRecordsProps {
  schema: RecordSchema;
  recordId: string;
  /** The module's path (`/modules/healthcare`). */
  basePath: string;
}

/**
 * The records pointing at this one (a patient's appointments, prescriptions and claims), each
 * linked to its page — the other half of the reference link the referring record shows.
 */
export function RelatedRecords({ schema, recordId, basePath }: RelatedRecordsProps) {
  const ref = { moduleId: schema.moduleId, submoduleId: schema.submoduleId };
  const related = useRelatedRecords(ref, recordId);
  const headingId = `related-${recordId}`;
  if (related.isPending) return <Muted>Loading related records…</Muted>;
  if (related.isError) return <Muted>Could not load related records: {related.error.message}</Muted>;
  const { groups } = related.data;
  return (
    <Section aria-labelledby={headingId}>
      <h3 id={headingId} style={{ margin: 0 }}>
        Related records
      </h3>
      {groups.length === 0 ? (
        <Muted>No other records point at this {schema.entityName.toLowerCase()} yet.</Muted>
      ) : (
        groups.map((group) => {
          const groupId = `${headingId}-${group.moduleId}-${group.submoduleId}-${group.field}`;
          // "Folios (3)", or "Products — Depends on (2)" when one submodule points here twice.
          const sameSubmodule =
            groups.filter(
              (other) => other.moduleId === group.moduleId && other.submoduleId === group.submoduleId,
            ).length > 1;
          // Another module's records (an e-commerce order of a delivery) say which module keeps them.
          const otherModule = group.moduleId === schema.moduleId ? null : findModule(group.moduleId);
          const modulePath = otherModule ? otherModule.route : basePath;
          return (
            <section key={`${group.moduleId}/${group.submoduleId}/${group.field}`} aria-labelledby={groupId}>
              <h4 id={groupId}>
                {otherModule ? `${otherModule.name} · ` : ''}
                {group.entityNamePlural}
                {sameSubmodule ? ` — ${group.fieldLabel}` : ''} ({group.total})
              </h4>
              <ul>
                {group.records.map((record) => (
                  <li key={record.id}>
                    <TextLink to={`${modulePath}/${group.submoduleId}/${record.id}`}>{record.title}</TextLink>
                  </li>
                ))}
              </ul>
              {group.total > group.records.length ? (
                <Muted>
                  Showing the {group.records.length} most recent of {group.total}.
                </Muted>
              ) : null}
            </section>
          );
        })
      )}
    </Section>
  );
}

import { useAccess } from '@tessera/auth';
import type { ModuleInsightsDefinition } from '@tessera/data-access/contracts';
import { useModuleInsights } from '@tessera/data-access/hooks';
import { Card, Spinner } from '@tessera/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { InsightChart } from './insight-chart';
import { kpiDisplay } from './insight-values';

const Kpis = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
`;

const Kpi = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  .label { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; font-weight: 600; }
  .value { font-size: 28px; font-weight: 700; line-height: 1.2; }
  .value[data-format='date'] { font-size: 20px; }
`;

const Charts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const ErrorBox = styled.p`
  color: ${({ theme }) => theme.colors.destructive};
`;

export interface InsightsScreenProps {
  definition: ModuleInsightsDefinition;
  /** Record collections this screen manages (real-estate properties), rendered below the charts. */
  collections?: ReactNode;
}

/**
 * An overview, dashboard, analytics or reports submodule: KPIs and charts the API computes from
 * the module's records (GET …/insights), so a new patient shows in the count at once.
 */
export function InsightsScreen({ definition, collections }: InsightsScreenProps) {
  const { isLoading: accessLoading } = useAccess();
  const query = useModuleInsights({
    moduleId: definition.moduleId,
    submoduleId: definition.submoduleId,
  });

  let body: ReactNode;
  if (query.isPending || accessLoading) body = <Spinner label={`Loading ${definition.title}`} block />;
  else if (query.isError)
    body = (
      <ErrorBox role="alert">
        Could not load {definition.title}: {query.error.message}
      </ErrorBox>
    );
  else
    body = (
      <>
        <Kpis aria-label="Key figures">
          {query.data.kpis.map((kpi) => {
            const shown = kpiDisplay(kpi);
            return (
              <li key={kpi.label}>
                <Kpi aria-label={`${kpi.label}: ${shown.exact}`}>
                  <span className="label">{kpi.label}</span>
                  <span className="value" data-format={kpi.format} title={shown.exact}>
                    {shown.text}
                  </span>
                </Kpi>
              </li>
            );
          })}
        </Kpis>
        <Charts>
          {query.data.charts.map((chart) => (
            <InsightChart key={chart.title} chart={chart} />
          ))}
        </Charts>
      </>
    );

  return (
    <section aria-label={definition.title}>
      {definition.description ? <p>{definition.description}</p> : null}
      {body}
      {collections}
    </section>
  );
}

import { findRecordSchema, type RecordSchema, submoduleScreen } from '@tessera/data-access/contracts';
import { EmptyState, TitledCard } from '@tessera/ui';
import { Route, Routes } from 'react-router-dom';
import { InsightsScreen } from '../insights/insights-screen';
import { RecordsRoutes } from './records-routes';

export interface SubmoduleScreenProps {
  moduleId: string;
  submoduleId: string;
  /** Where the module is mounted (`/modules/healthcare`). */
  basePath: string;
}

/**
 * What a submodule shows, generated from the catalogue: a records screen (table, form, detail and
 * the views its schema allows) or an insights screen (KPIs and charts). An insights screen that
 * manages collections (real-estate properties) embeds their table, and their records open beneath
 * it: `<base>/overview/properties/<id>`.
 */
export function SubmoduleScreen({ moduleId, submoduleId, basePath }: SubmoduleScreenProps) {
  const screen = submoduleScreen(moduleId, submoduleId);
  if (!screen) {
    return (
      <EmptyState
        title="Nothing to show here yet"
        description={`${moduleId}/${submoduleId} has no screen.`}
      />
    );
  }
  if (screen.kind === 'records') return <RecordsRoutes schema={screen.schema} basePath={basePath} />;

  const screenPath = `${basePath}/${submoduleId}`;
  const collections = (screen.insights.embeddedCollections ?? [])
    .map((collection) => findRecordSchema(moduleId, collection))
    .filter((schema): schema is RecordSchema => schema !== undefined);
  return (
    <Routes>
      <Route
        index
        element={
          <InsightsScreen
            definition={screen.insights}
            collections={collections.map((schema) => (
              <TitledCard
                key={schema.submoduleId}
                title={schema.entityNamePlural}
                description={schema.description}
              >
                <RecordsRoutes schema={schema} basePath={screenPath} embedded />
              </TitledCard>
            ))}
          />
        }
      />
      {collections.map((schema) => (
        <Route
          key={schema.submoduleId}
          path={`${schema.submoduleId}/*`}
          element={<RecordsRoutes schema={schema} basePath={screenPath} />}
        />
      ))}
    </Routes>
  );
}

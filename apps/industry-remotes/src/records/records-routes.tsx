import type { RecordSchema } from '@tessera/data-access/contracts';
import { Route, Routes } from 'react-router-dom';
import { RecordDetail } from './record-detail';
import { RecordsScreen } from './records-screen';

export interface RecordsRoutesProps {
  schema: RecordSchema;
  /** Where the module is mounted (`/modules/healthcare`). */
  basePath: string;
  /** Shown inside another screen: table only (see RecordsScreen). */
  embedded?: boolean;
}

/** A records submodule: its list at `<base>/<sub>` and each record at `<base>/<sub>/<id>`. */
export function RecordsRoutes({ schema, basePath, embedded = false }: RecordsRoutesProps) {
  const listPath = `${basePath}/${schema.submoduleId}`;
  return (
    <Routes>
      <Route index element={<RecordsScreen schema={schema} listPath={listPath} embedded={embedded} />} />
      <Route
        path=":recordId"
        element={<RecordDetail schema={schema} basePath={basePath} listPath={listPath} />}
      />
    </Routes>
  );
}

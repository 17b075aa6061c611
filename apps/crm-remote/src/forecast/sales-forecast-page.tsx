import { useAccess, useAuth } from '@tessera/auth';
import { saveFile } from '@tessera/data-access/client';
import { forecastRangeErrors } from '@tessera/data-access/contracts';
import {
  useDownloadSalesForecastCsv,
  useSalesForecast,
  useSetForecastCategory,
} from '@tessera/data-access/hooks';
import { Button, EmptyState, Select, Spinner, TextField, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { PanelToolbar } from '../shared/panel-header';
import {
  canSetForecastCategory,
  defaultForecastRange,
  FORECAST_FIGURE_LABELS,
  FORECAST_FIGURES,
  type ForecastFigure,
} from './forecast-figures';
import { ForecastDeals, ForecastGrid, ForecastOutcomes } from './forecast-tables';

const RangeForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-end;
  > div { margin-bottom: 0; }
`;

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  caption { text-align: left; font-weight: 600; padding-bottom: ${({ theme }) => theme.space(2)}; }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin: 0;
`;

/**
 * Sales › Forecasting (docs/product/forecast.md): open deals by expected close month and owner,
 * weighted by their stage's probability, the team roll-up for managers, past months against their
 * snapshot, the deals with their categories, and the CSV.
 */
export function SalesForecastPage() {
  const { user } = useAuth();
  const { hasModuleLevel } = useAccess();
  const isCrmAdmin = hasModuleLevel('crm', 'admin');
  const canWrite = hasModuleLevel('crm', 'write');
  const [range, setRange] = useState(() => defaultForecastRange(new Date()));
  const [draft, setDraft] = useState(range);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [figure, setFigure] = useState<ForecastFigure>('weighted');
  const forecast = useSalesForecast(range.from, range.to);
  const setCategory = useSetForecastCategory();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = forecastRangeErrors(draft.from, draft.to);
    setErrors(found);
    if (Object.keys(found).length === 0) setRange(draft);
  };

  const csv = useDownloadSalesForecastCsv();
  const download = () =>
    csv.mutate(range, {
      onSuccess: (file) => saveFile(file.blob, file.filename ?? `forecast-${range.from}-to-${range.to}.csv`),
      onError: (error) =>
        toast({ title: 'Export failed', description: error.message, variant: 'destructive' }),
    });

  return (
    <Sections>
      <PanelToolbar>
        <RangeForm onSubmit={apply} aria-label="Forecast months">
          <TextField
            label="From month"
            type="month"
            value={draft.from}
            onValueChange={(from) => setDraft((current) => ({ ...current, from }))}
            error={errors.from?.[0]}
          />
          <TextField
            label="To month"
            type="month"
            value={draft.to}
            onValueChange={(to) => setDraft((current) => ({ ...current, to }))}
            error={errors.to?.[0]}
          />
          <Button type="submit" variant="secondary">
            Show months
          </Button>
        </RangeForm>
        <RangeForm as="div">
          <Select
            label="Figure"
            value={figure}
            options={FORECAST_FIGURES.map((value) => ({ value, label: FORECAST_FIGURE_LABELS[value] }))}
            onValueChange={(value) => setFigure(value as ForecastFigure)}
          />
          <Button variant="secondary" onClick={download} disabled={csv.isPending || !forecast.data}>
            {csv.isPending ? 'Exporting…' : 'Download CSV'}
          </Button>
        </RangeForm>
      </PanelToolbar>
      <Note>
        Open deals count in their expected close month at their stage’s probability; won deals count in full
        in the month they closed. Past months compare the forecast taken as each month began with what closed.
      </Note>
      {forecast.isPending ? (
        <Spinner label="Loading forecast" />
      ) : forecast.isError ? (
        <EmptyState title="The forecast could not be loaded" description={forecast.error.message} />
      ) : forecast.data.deals.length === 0 && forecast.data.past.length === 0 ? (
        <EmptyState
          title="No deals in these months"
          description="Deals with an expected close date in these months appear here."
        />
      ) : (
        <>
          <ForecastGrid forecast={forecast.data} figure={figure} />
          <ForecastOutcomes forecast={forecast.data} />
          <ForecastDeals
            forecast={forecast.data}
            canSet={(deal) => canWrite && canSetForecastCategory(deal, user?.id ?? null, isCrmAdmin)}
            pendingDealId={setCategory.isPending ? (setCategory.variables?.dealId ?? null) : null}
            onSetCategory={(dealId, category) =>
              setCategory.mutate(
                { dealId, category },
                {
                  onError: (error) =>
                    toast({
                      title: 'Category not saved',
                      description: error.message,
                      variant: 'destructive',
                    }),
                },
              )
            }
          />
        </>
      )}
    </Sections>
  );
}

import { useAccess, useAuth } from '@tessera/auth';
import {
  type Deal,
  FORECAST_CATEGORY_LABELS,
  forecastCategoryOf,
  SETTABLE_FORECAST_CATEGORIES,
  type SettableForecastCategory,
} from '@tessera/data-access/contracts';
import { useSetForecastCategory } from '@tessera/data-access/hooks';
import { Select, toast } from '@tessera/ui';

const OPTIONS = SETTABLE_FORECAST_CATEGORIES.map((value) => ({
  value,
  label: FORECAST_CATEGORY_LABELS[value],
}));

/**
 * The deal's forecast category (docs/product/forecast.md#categories): a select for its owner or a
 * CRM admin while the deal is open; otherwise the category as text (— for a lost deal).
 */
export function DealForecastCategory({ deal }: { deal: Deal }) {
  const { user } = useAuth();
  const { hasModuleLevel } = useAccess();
  const setCategory = useSetForecastCategory();
  const category = forecastCategoryOf(deal);
  const mayChange =
    deal.status === 'open' &&
    hasModuleLevel('crm', 'write') &&
    (hasModuleLevel('crm', 'admin') || deal.owner_id === user?.id);
  if (!category) return <>—</>;
  if (!mayChange || category === 'closed') return <>{FORECAST_CATEGORY_LABELS[category]}</>;
  return (
    <Select
      label="Forecast category"
      hideLabel
      value={category}
      options={OPTIONS}
      disabled={setCategory.isPending}
      onValueChange={(value) =>
        setCategory.mutate(
          { dealId: deal.id, category: value as SettableForecastCategory },
          {
            onSuccess: () => toast({ title: 'Forecast category saved' }),
            onError: (error) =>
              toast({ title: 'Category not saved', description: error.message, variant: 'destructive' }),
          },
        )
      }
    />
  );
}

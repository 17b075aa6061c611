import { useLead, useLeads } from '@tessera/data-access/hooks';
import { toast } from '@tessera/ui';
import { useEffect } from 'react';

/**
 * The lead the qualification screen shows: the one asked for, else the first of the leads (spec
 * docs/product/lead-qualification.md#lead-qualification-screen). The first 100 leads also fill the lead picker; failing to load them is toasted.
 */
export function useQualificationLead(leadId: string | undefined) {
  const leads = useLeads({ limit: 100 });
  const chosenId = leadId ?? leads.data?.rows[0]?.id ?? '';
  const lead = useLead(chosenId);

  useEffect(() => {
    if (leads.isError) toast({ title: 'Error', description: 'Failed to load leads', variant: 'destructive' });
  }, [leads.isError]);

  return { leads, lead, chosenId };
}

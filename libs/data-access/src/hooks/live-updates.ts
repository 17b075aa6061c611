import { refreshSession } from '@tessera/data-access/client';
import {
  LIVE_CHANGE_EVENT,
  LIVE_EVENTS_INSTITUTION_PARAM,
  LIVE_RESYNC_EVENT,
  type LiveEvent,
  parseLiveEvent,
} from '@tessera/data-access/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { activityKeys } from './crm-activities';
import { crmChartKeys } from './crm-charts';
import { contactKeys } from './crm-contacts';
import { dealKeys } from './crm-deals';
import { forecastKeys } from './crm-forecast';
import { recordKeys } from './records';
import { companyKeys } from './crm-companies';
import { useCurrentInstitutionId } from './current-institution';

/** After the server refused the stream (an expired session), wait this long before trying again. */
export const LIVE_RECONNECT_MS = 5_000;

/** Marks stale (and refetches where shown) what a change by someone else touched. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): Promise<void> {
  const institutionId = event.institutionId;
  const keys: (readonly unknown[])[] = [];
  if (event.resource === 'deal') {
    keys.push(dealKeys.all(institutionId), crmChartKeys.charts(institutionId));
    // The forecast and the goals' progress are figures over the deals.
    keys.push(forecastKeys.all(institutionId), forecastKeys.goals(institutionId));
    // A stage change writes a stage_change activity in the same transaction.
    if (event.action === 'moved') keys.push(activityKeys.all(institutionId));
  } else if (event.resource === 'contact') {
    keys.push(contactKeys.all(institutionId), crmChartKeys.charts(institutionId));
    keys.push(companyKeys.all(institutionId));
    // A move logs an activity and may run rules that create deals and tasks.
    if (event.action === 'moved') keys.push(dealKeys.all(institutionId), activityKeys.all(institutionId));
  } else if (event.resource === 'company') {
    keys.push(companyKeys.all(institutionId), contactKeys.all(institutionId), dealKeys.all(institutionId));
  } else if (event.submoduleId) {
    keys.push(
      recordKeys.submodule(institutionId, { moduleId: event.moduleId, submoduleId: event.submoduleId }),
      recordKeys.moduleInsights(institutionId, event.moduleId),
    );
  }
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/** Changes may have been missed (a dropped stream): everything of the institution refetches. */
export function resyncInstitution(queryClient: QueryClient, institutionId: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === institutionId });
}

/**
 * Keeps the open screens of an institution current with other people's changes: mounted once by
 * the shell. The browser reconnects a dropped stream by itself (the server then says resync); a
 * refused one (expired session) is retried after refreshing the session.
 */
export function useLiveUpdates(): void {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!institutionId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let interrupted = false;
    const connect = () => {
      const query = new URLSearchParams({ [LIVE_EVENTS_INSTITUTION_PARAM]: institutionId });
      const current = new EventSource(`/api/events?${query}`, { withCredentials: true });
      source = current;
      current.addEventListener(LIVE_CHANGE_EVENT, (message) => {
        const event = parseLiveEvent((message as MessageEvent<string>).data);
        if (event && event.institutionId === institutionId) void applyLiveEvent(queryClient, event);
      });
      current.addEventListener(LIVE_RESYNC_EVENT, () => void resyncInstitution(queryClient, institutionId));
      current.onopen = () => {
        if (interrupted) void resyncInstitution(queryClient, institutionId);
        interrupted = false;
      };
      current.onerror = () => {
        interrupted = true;
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        retry = setTimeout(async () => {
          await refreshSession().catch(() => null);
          if (!stopped) connect();
        }, LIVE_RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [institutionId, queryClient]);
}

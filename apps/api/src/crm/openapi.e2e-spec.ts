import { DEAL_STAGES, INDUSTRIES } from '@tessera/data-access/contracts';
import { useTestApi } from '../test/test-fixture';

/** Every CRM route and its DTOs are in the OpenAPI document the API serves. */
describe('CRM OpenAPI', () => {
  const { api } = useTestApi([]);

  it('documents every /api/crm route with its request schemas', async () => {
    const response = await fetch(`${api.url}/api/docs-json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { tags?: string[]; parameters?: Array<{ name: string }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
    };
    const crmPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/crm'));
    for (const path of [
      '/api/crm/leads',
      '/api/crm/leads/capture',
      '/api/crm/leads/score',
      '/api/crm/leads/{id}/score',
      '/api/crm/leads/{id}/qualification',
      '/api/crm/contacts/{id}/move',
      '/api/crm/contacts/{id}/custom-fields',
      '/api/crm/deals/{id}',
      '/api/crm/activities/{id}/complete',
      '/api/crm/email-campaigns/{id}/send',
      '/api/crm/automation-rules/{id}/runs',
      '/api/crm/scoring-rules/{id}/active',
      '/api/crm/workflows/{id}/executions',
      '/api/crm/segments/{id}',
      '/api/crm/analytics',
      '/api/crm/analytics/charts',
    ]) {
      expect(crmPaths).toContain(path);
    }
    expect(crmPaths.length).toBeGreaterThanOrEqual(30);
    const leads = document.paths['/api/crm/leads']?.get;
    expect(leads?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining([
        'stage',
        'source',
        'min_score',
        'max_score',
        'limit',
        'offset',
        'X-Institution-Id',
      ]),
    );
    const capture = document.components.schemas.CaptureLeadDto;
    // The contract's one list, in its order.
    expect(capture?.properties?.industry?.enum).toEqual([...INDUSTRIES]);
    expect(document.components.schemas.UpdateDealDto?.properties?.version).toBeDefined();
    // Responses are typed too: rows of a page, entities with their enumerations.
    expect(document.components.schemas.LeadPage?.properties?.rows).toBeDefined();
    expect(document.components.schemas.DealEntity?.properties?.stage?.enum).toEqual([...DEAL_STAGES]);
  });
});

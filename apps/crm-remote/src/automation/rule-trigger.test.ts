import { ruleTrigger } from './automation-rules-panel';

describe('ruleTrigger', () => {
  it('names the event each kind of rule runs on', () => {
    expect(
      ruleTrigger({
        conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'qualified' } },
      }),
    ).toBe('When a contact moves to Qualified');
    expect(ruleTrigger({ conditions_json: { event_type: 'lead_created' } })).toBe('When a lead is created');
    expect(ruleTrigger({ conditions_json: { event_type: 'deal_created' } })).toBe('When a deal is created');
    expect(ruleTrigger({ conditions_json: { event_type: 'email_opened' } })).toBe(
      'When a contact opens an e-mail',
    );
  });
});

import { type CrmSeed, insertConfiguration } from '../common/crm-seed-rows';

/** A sample sequence to start from (docs/product/sequences.md), nobody enrolled. */
export async function seedSequences(seed: CrmSeed): Promise<void> {
  const [sequenceId] = await insertConfiguration(seed, 'crm_sequences', [
    { name: 'New lead follow-up', description: 'Introduce, call, follow up after two business days' },
  ]);
  const steps = [
    {
      type: 'email',
      subject: 'Nice to meet you, {{first_name}}',
      body: 'Hello {{first_name}},\n\nThanks for your interest. Shall we find half an hour this week?',
    },
    { type: 'task', subject: 'Call {{first_name}}', body: null },
    { type: 'wait', days: 2, business_days: true },
    {
      type: 'email',
      subject: 'Following up, {{first_name}}',
      body: 'Hello {{first_name}},\n\nAny questions?',
    },
  ];
  for (const [index, step] of steps.entries()) {
    await seed.manager.query(
      `INSERT INTO crm_sequence_steps (org_id, owner_id, sequence_id, position, type, subject, body, days, business_days)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        seed.org_id,
        seed.ownerAt(0),
        sequenceId,
        index + 1,
        step.type,
        step.subject ?? null,
        step.body ?? null,
        step.days ?? null,
        step.business_days ?? false,
      ],
    );
  }
}

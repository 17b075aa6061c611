import { asBytes, queryTestDatabase } from '../../test/test-app';
import { createDeal } from '../../test/test-crm';
import { useTestApi } from '../../test/test-fixture';
import { DEAL_FILE_MAX_BYTES } from '@tessera/data-access/contracts';

describe('CRM deal files and pipeline preferences', () => {
  const {
    sessions: [demo, viewer, outsider],
  } = useTestApi(['demo@acme.test', 'viewer@acme.test', 'owner@globex.test']);
  let dealId: string;

  beforeAll(async () => {
    dealId = await createDeal(demo, 'acme', { name: 'Files deal', amount: 1200 });
  });

  const acme = () => demo.headers('acme');

  it('uploads a file, lists it, downloads the same bytes and deletes it', async () => {
    const bytes = Buffer.from('Quarterly proposal, version 2\n');
    const uploaded = await demo.agent
      .post(`/api/crm/deals/${dealId}/files`)
      .set(acme())
      .attach('file', bytes, { filename: 'proposal.txt', contentType: 'text/plain' })
      .expect(201);
    expect(uploaded.body).toEqual(
      expect.objectContaining({
        deal_id: dealId,
        file_name: 'proposal.txt',
        content_type: 'text/plain',
        size_bytes: bytes.length,
        uploaded_by: demo.userId,
      }),
    );
    expect(uploaded.body).not.toHaveProperty('content');

    const list = await demo.agent.get(`/api/crm/deals/${dealId}/files`).set(acme()).expect(200);
    expect(list.body.map((file: { id: string }) => file.id)).toEqual([uploaded.body.id]);

    const download = await demo.agent
      .get(`/api/crm/deals/${dealId}/files/${uploaded.body.id}/download`)
      .set(acme())
      .buffer(true)
      .parse(asBytes)
      .expect(200);
    expect(download.headers['content-type']).toContain('text/plain');
    expect(download.headers['content-disposition']).toContain('proposal.txt');
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);

    await demo.agent.delete(`/api/crm/deals/${dealId}/files/${uploaded.body.id}`).set(acme()).expect(204);
    const after = await demo.agent.get(`/api/crm/deals/${dealId}/files`).set(acme()).expect(200);
    expect(after.body).toEqual([]);
    await demo.agent.delete(`/api/crm/deals/${dealId}/files/${uploaded.body.id}`).set(acme()).expect(404);
  });

  it('refuses a file over 5 MB with 413 and a clear message, and stores nothing', async () => {
    const response = await demo.agent
      .post(`/api/crm/deals/${dealId}/files`)
      .set(acme())
      .attach('file', Buffer.alloc(DEAL_FILE_MAX_BYTES + 1, 1), 'big.bin')
      .expect(413);
    expect(response.body.message).toBe('File is too large: the limit is 5 MB');
    const rows = await queryTestDatabase('SELECT id FROM crm_deal_files WHERE deal_id = $1', [dealId]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a request without a file with 400', async () => {
    await demo.agent.post(`/api/crm/deals/${dealId}/files`).set(acme()).send({ name: 'x' }).expect(400);
    await demo.agent
      .post(`/api/crm/deals/${dealId}/files`)
      .set(acme())
      .attach('file', Buffer.alloc(0), 'empty.txt')
      .expect(400);
  });

  it('keeps files inside the deal’s scope: other tenants and personal scope get 404', async () => {
    await outsider.agent.get(`/api/crm/deals/${dealId}/files`).set(outsider.headers('globex')).expect(404);
    await demo.agent.get(`/api/crm/deals/${dealId}/files`).expect(404);
    await demo.agent
      .post(`/api/crm/deals/00000000-0000-4000-8000-000000000000/files`)
      .set(acme())
      .attach('file', Buffer.from('x'), 'x.txt')
      .expect(404);
  });

  it('lets a viewer read but not upload', async () => {
    await viewer.agent.get(`/api/crm/deals/${dealId}/files`).set(viewer.headers('acme')).expect(200);
    await viewer.agent
      .post(`/api/crm/deals/${dealId}/files`)
      .set(viewer.headers('acme'))
      .attach('file', Buffer.from('x'), 'x.txt')
      .expect(403);
  });

  it('saves pipeline columns per user and per scope, and validates stages', async () => {
    const empty = await demo.agent.get('/api/crm/preferences/pipeline').set(acme()).expect(200);
    expect(empty.body).toEqual({ hidden_stages: [], card_order: {} });
    await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ hidden_stages: ['closed_lost', 'proposal'] })
      .expect(200);
    const saved = await demo.agent.get('/api/crm/preferences/pipeline').set(acme()).expect(200);
    expect(saved.body).toEqual({ hidden_stages: ['closed_lost', 'proposal'], card_order: {} });
    const others = await viewer.agent
      .get('/api/crm/preferences/pipeline')
      .set(viewer.headers('acme'))
      .expect(200);
    expect(others.body).toEqual({ hidden_stages: [], card_order: {} });
    const personal = await demo.agent.get('/api/crm/preferences/pipeline').expect(200);
    expect(personal.body).toEqual({ hidden_stages: [], card_order: {} });
    await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ hidden_stages: ['lunch'] })
      .expect(400);
  });

  it('keeps the cards’ order per stage and per user, merging stages and columns, and refuses a bad order', async () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    const c = '33333333-3333-4333-8333-333333333333';
    await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ hidden_stages: ['closed_lost'] })
      .expect(200);
    await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ card_order: { proposal: [b, a] } })
      .expect(200);
    // Another stage's order, saved apart, does not replace the first; the hidden columns stay.
    const merged = await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ card_order: { negotiation: [c] } })
      .expect(200);
    expect(merged.body).toEqual({
      hidden_stages: ['closed_lost'],
      card_order: { proposal: [b, a], negotiation: [c] },
    });
    await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ card_order: { proposal: [a, b] } })
      .expect(200);
    const read = await demo.agent.get('/api/crm/preferences/pipeline').set(acme()).expect(200);
    expect(read.body.card_order).toEqual({ proposal: [a, b], negotiation: [c] });
    // Saving the columns keeps the order.
    await demo.agent.put('/api/crm/preferences/pipeline').set(acme()).send({ hidden_stages: [] }).expect(200);
    const kept = await demo.agent.get('/api/crm/preferences/pipeline').set(acme()).expect(200);
    expect(kept.body).toEqual({ hidden_stages: [], card_order: { proposal: [a, b], negotiation: [c] } });
    // Another member's board is their own.
    const others = await viewer.agent
      .get('/api/crm/preferences/pipeline')
      .set(viewer.headers('acme'))
      .expect(200);
    expect(others.body.card_order).toEqual({});

    for (const [body, message] of [
      [{ card_order: { lunch: [a] } }, 'card_order: lunch is not a deal stage'],
      [{ card_order: { proposal: ['not-an-id'] } }, 'card_order.proposal must be a list of deal ids'],
      [{ card_order: { proposal: [a, a] } }, 'card_order.proposal lists a deal twice'],
      [{ card_order: [a] }, 'card_order must map stages to deal ids'],
    ] as const) {
      const refused = await demo.agent
        .put('/api/crm/preferences/pipeline')
        .set(acme())
        .send(body)
        .expect(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    const unchanged = await demo.agent.get('/api/crm/preferences/pipeline').set(acme()).expect(200);
    expect(unchanged.body.card_order).toEqual({ proposal: [a, b], negotiation: [c] });
  });
});

import { queryTestDatabase } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { FILE_TOO_LARGE_MESSAGE } from './crm-files.controller';
import { DEAL_FILE_MAX_BYTES } from '@tessera/data-access/contracts';

describe('CRM deal files and pipeline preferences', () => {
  const {
    sessions: [demo, viewer, outsider],
  } = useTestApi(['demo@acme.test', 'viewer@acme.test', 'owner@globex.test']);
  let dealId: string;

  beforeAll(async () => {
    const deal = await demo.agent
      .post('/api/crm/deals')
      .set(demo.headers('acme'))
      .send({ name: 'Files deal', amount: 1200 })
      .expect(201);
    dealId = deal.body.id;
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
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
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
    expect(response.body.message).toBe(FILE_TOO_LARGE_MESSAGE);
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
    expect(empty.body).toEqual({ hidden_stages: [] });
    await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ hidden_stages: ['closed_lost', 'proposal'] })
      .expect(200);
    const saved = await demo.agent.get('/api/crm/preferences/pipeline').set(acme()).expect(200);
    expect(saved.body).toEqual({ hidden_stages: ['closed_lost', 'proposal'] });
    const others = await viewer.agent
      .get('/api/crm/preferences/pipeline')
      .set(viewer.headers('acme'))
      .expect(200);
    expect(others.body).toEqual({ hidden_stages: [] });
    const personal = await demo.agent.get('/api/crm/preferences/pipeline').expect(200);
    expect(personal.body).toEqual({ hidden_stages: [] });
    await demo.agent
      .put('/api/crm/preferences/pipeline')
      .set(acme())
      .send({ hidden_stages: ['lunch'] })
      .expect(400);
  });
});

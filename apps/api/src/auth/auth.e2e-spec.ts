import request from 'supertest';
import { signIn } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';

describe('auth', () => {
  const { api } = useTestApi([]);

  it('signs in with the demo password and returns the user in the shape of docs/product/sign-in-and-sessions.md#the-user-and-the-display-name', async () => {
    const response = await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email: 'demo@acme.test', password: 'tessera-demo' })
      .expect(200);
    expect(response.body.user).toEqual({
      id: expect.any(String),
      email: 'demo@acme.test',
      user_metadata: { first_name: 'Dana', last_name: 'Reyes', avatar_url: null },
    });
    const cookies = String(response.headers['set-cookie']);
    expect(cookies).toMatch(/tessera_at=.*HttpOnly/i);
    expect(cookies).toMatch(/tessera_rt=.*Path=\/api\/auth/i);
    expect(cookies).toMatch(/SameSite=Lax/i);
    // The expiry is readable (no secret in it) so a reloaded page can schedule its refresh.
    const expiry = String(response.headers['set-cookie']).match(/tessera_at_expires=([^;]+);[^,]*/);
    expect(decodeURIComponent(expiry?.[1] ?? '')).toBe(response.body.access_expires_at);
    expect(expiry?.[0]).not.toMatch(/HttpOnly/i);
  });

  it('refuses a wrong password with 401', async () => {
    const response = await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email: 'demo@acme.test', password: 'wrong' })
      .expect(401);
    expect(response.body.message).toBe('Invalid email or password');
  });

  it('answers 400 with a message per field for bad input', async () => {
    const response = await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email: 'not-an-email', extra: 1 })
      .expect(400);
    expect(response.body.errors).toEqual(
      expect.objectContaining({
        email: ['email must be a valid email address'],
        extra: ['property extra should not exist'],
      }),
    );
  });

  it('answers 401 User not authenticated without a session', async () => {
    for (const path of ['/api/auth/user', '/api/institutions', '/functions/v1/me-access', '/api/remotes']) {
      const response = await request(api.url).get(path).expect(401);
      expect(response.body.message).toBe('User not authenticated');
    }
  });

  it('returns the user for a session and rotates the refresh token', async () => {
    const session = await signIn(api, 'demo@acme.test');
    const me = await session.agent.get('/api/auth/user').expect(200);
    expect(me.body.email).toBe('demo@acme.test');
    const refreshed = await session.agent.post('/api/auth/refresh').expect(200);
    expect(refreshed.body.user.email).toBe('demo@acme.test');
    expect(new Date(refreshed.body.access_expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('revokes a reused refresh token and its whole family', async () => {
    const first = await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email: 'demo@acme.test', password: 'tessera-demo' });
    const oldRefresh = String(first.headers['set-cookie']).match(/tessera_rt=([^;]+)/)?.[1];
    const rotated = await request(api.url)
      .post('/api/auth/refresh')
      .set('Cookie', `tessera_rt=${oldRefresh}`)
      .set('Origin', api.url)
      .expect(200);
    const newRefresh = String(rotated.headers['set-cookie']).match(/tessera_rt=([^;]+)/)?.[1];
    // The stolen old token is replayed: refused, and the legitimate new one dies with it.
    await request(api.url)
      .post('/api/auth/refresh')
      .set('Cookie', `tessera_rt=${oldRefresh}`)
      .set('Origin', api.url)
      .expect(401);
    await request(api.url)
      .post('/api/auth/refresh')
      .set('Cookie', `tessera_rt=${newRefresh}`)
      .set('Origin', api.url)
      .expect(401);
  });

  it('sign-out revokes the refresh token', async () => {
    const signedIn = await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email: 'demo@acme.test', password: 'tessera-demo' });
    const refresh = String(signedIn.headers['set-cookie']).match(/tessera_rt=([^;]+)/)?.[1];
    await request(api.url)
      .post('/api/auth/sign-out')
      .set('Cookie', `tessera_rt=${refresh}`)
      .set('Origin', api.url)
      .expect(204);
    await request(api.url)
      .post('/api/auth/refresh')
      .set('Cookie', `tessera_rt=${refresh}`)
      .set('Origin', api.url)
      .expect(401);
  });

  it('updates the profile and changes the password only with the current one', async () => {
    const session = await signIn(api, 'sam.ortiz@globex.test');
    const updated = await session.agent
      .patch('/api/auth/user')
      .send({ first_name: 'Samuel', avatar_url: 'https://example.com/a.png' })
      .expect(200);
    expect(updated.body.user_metadata).toEqual({
      first_name: 'Samuel',
      last_name: 'Ortiz',
      avatar_url: 'https://example.com/a.png',
    });
    await session.agent.patch('/api/auth/user').send({ avatar_url: 'javascript:alert(1)' }).expect(400);
    await session.agent
      .post('/api/auth/password')
      .send({ current_password: 'nope', new_password: 'a-new-password' })
      .expect(400);
    await session.agent
      .post('/api/auth/password')
      .send({ current_password: 'tessera-demo', new_password: 'a-new-password' })
      .expect(204);
    await request(api.url)
      .post('/api/auth/sign-in')
      .send({ email: 'sam.ortiz@globex.test', password: 'a-new-password' })
      .expect(200);
    await session.agent
      .post('/api/auth/password')
      .send({ current_password: 'a-new-password', new_password: 'tessera-demo' })
      .expect(204);
  });
});

import type { RemoteRegistry } from '@tessera/data-access/contracts';
import { resolveRemoteTarget } from './remote-target';

const registry: RemoteRegistry = {
  remotes: [
    {
      key: 'crm',
      name: 'crm_remote',
      manifestUrl: '/remotes/crm/mf-manifest.json?v=1.2.0',
      version: '1.2.0',
    },
    {
      key: 'industry',
      name: 'industry_remote',
      manifestUrl: 'http://localhost:4202/mf-manifest.json',
      version: 'dev',
    },
  ],
  modules: [
    { moduleId: 'crm', remote: 'crm', expose: './crm' },
    { moduleId: 'healthcare', remote: 'industry_remote', expose: './healthcare' },
  ],
};

describe('resolveRemoteTarget', () => {
  it.each([
    {
      title: 'resolves a relative manifest against the page',
      moduleId: 'crm',
      page: 'http://localhost:3000/modules/crm',
      target: {
        name: 'crm_remote',
        entry: 'http://localhost:3000/remotes/crm/mf-manifest.json?v=1.2.0',
        request: 'crm_remote/crm',
        key: 'crm',
        version: '1.2.0',
      },
    },
    {
      title: 'keeps an absolute manifest URL and accepts the container name as remote',
      moduleId: 'healthcare',
      page: 'http://localhost:4200/',
      target: {
        name: 'industry_remote',
        entry: 'http://localhost:4202/mf-manifest.json',
        request: 'industry_remote/healthcare',
        key: 'industry',
        version: 'dev',
      },
    },
  ])('$title', ({ moduleId, page, target }) => {
    expect(resolveRemoteTarget(registry, moduleId, page)).toEqual(target);
  });

  it("points a remote at a developer's local build when this browser overrides it", () => {
    expect(
      resolveRemoteTarget(registry, 'crm', 'http://localhost:3000/modules/crm', {
        crm: 'http://localhost:4201/mf-manifest.json',
      }),
    ).toEqual({
      key: 'crm',
      name: 'crm_remote',
      entry: 'http://localhost:4201/mf-manifest.json',
      request: 'crm_remote/crm',
      version: 'local override',
    });
  });

  it('answers null for a module the registry does not list', () => {
    expect(resolveRemoteTarget(registry, 'hotel', 'http://localhost:3000/')).toBeNull();
  });
});

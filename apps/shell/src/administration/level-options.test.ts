import { levelOptions, ROLE_OPTIONS } from './level-options';

describe('levelOptions', () => {
  it('offers the role default first, then none, read, write and admin', () => {
    expect(levelOptions('member')).toEqual([
      { value: 'default', label: 'Role default (Write)' },
      { value: 'none', label: 'None' },
      { value: 'read', label: 'Read' },
      { value: 'write', label: 'Write' },
      { value: 'admin', label: 'Admin' },
    ]);
    expect(levelOptions('viewer')[0]?.label).toBe('Role default (Read)');
  });

  it('lists the four institution roles', () => {
    expect(ROLE_OPTIONS.map((option) => option.value)).toEqual(['owner', 'admin', 'member', 'viewer']);
  });
});

import { activityKind, fileSizeLabel, initialsOf } from './activity-kind';

describe('deal view helpers', () => {
  it('shows call, email and meeting as themselves and everything else as other', () => {
    expect(activityKind('call')).toBe('call');
    expect(activityKind('email')).toBe('email');
    expect(activityKind('meeting')).toBe('meeting');
    expect(activityKind('stage_change')).toBe('other');
    expect(activityKind('task')).toBe('other');
    expect(activityKind(null)).toBe('other');
  });
  it('labels file sizes', () => {
    expect(fileSizeLabel(512)).toBe('512 B');
    expect(fileSizeLabel(2048)).toBe('2.0 KB');
    expect(fileSizeLabel(5 * 1024 * 1024)).toBe('5.0 MB');
  });
  it('takes initials from first and last name', () => {
    expect(initialsOf('ada', 'Lovelace')).toBe('AL');
    expect(initialsOf('', '')).toBe('?');
    expect(initialsOf('Cher', null)).toBe('C');
  });
});

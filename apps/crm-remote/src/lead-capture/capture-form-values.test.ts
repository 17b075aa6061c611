import { captureScore } from '@tessera/data-access/contracts';
import { EMPTY_CAPTURE_FORM, toCaptureRequest, toScoringInput } from './capture-form-values';

describe('capture form values', () => {
  it('leaves unfilled fields out of the request and trims the rest', () => {
    expect(
      toCaptureRequest({
        ...EMPTY_CAPTURE_FORM,
        first_name: ' Ada ',
        last_name: 'L',
        email: 'a@b.co',
        notes: '  ',
      }),
    ).toEqual({ first_name: 'Ada', last_name: 'L', email: 'a@b.co' });
  });

  it('scores an empty form 0 and the required fields alone as the shared function does', () => {
    expect(captureScore(toScoringInput(EMPTY_CAPTURE_FORM)).total).toBe(0);
    const minimal = toScoringInput({
      ...EMPTY_CAPTURE_FORM,
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
    });
    expect(captureScore(minimal).total).toBe(18);
  });
});

import { INSTITUTION_LOGO_MAX_BYTES, logoFileProblem, logoTypeOf } from './institution-logo';

describe('institution logo rules', () => {
  it('knows PNG and JPEG by their bytes, whatever they are called', () => {
    expect(logoTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(logoTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(logoTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(logoTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('says what is wrong with a chosen file before it is sent', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoFileProblem({ type: 'image/gif', size: 1000 })).toBe('The logo must be a PNG or JPEG image');
    expect(logoFileProblem({ type: 'image/jpeg', size: INSTITUTION_LOGO_MAX_BYTES + 1 })).toBe(
      'The logo is too large: the limit is 512 KB',
    );
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe('The file is empty');
  });
});

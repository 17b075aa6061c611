import { csvCell, guardFormula, toCsv, unguardCsvCell } from './csv';

describe('csvCell', () => {
  it('quotes only when needed and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('neutralises every formula trigger in text', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3+cmd')).toBe("'-2+3+cmd");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvCell('@cmd,x')).toBe(`"'@cmd,x"`);
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('leaves numbers and harmless text alone', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell("it's")).toBe("it's");
    expect(csvCell('')).toBe('');
  });
});

describe('guardFormula and unguardCsvCell', () => {
  it('round-trip any text, including text that starts with apostrophes', () => {
    for (const text of ['=1+1', "'=1+1", "''@x", "'plain", 'plain', '-', '', '\tx']) {
      expect(unguardCsvCell(guardFormula(text))).toBe(text);
    }
  });
});

describe('toCsv', () => {
  it('writes CRLF-terminated rows', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, '=2'],
      ]),
    ).toBe("a,b\r\n1,'=2\r\n");
    expect(toCsv([])).toBe('');
  });
});

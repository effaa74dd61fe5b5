import { csvRecords, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads the header as column names and empty fields as null', () => {
    expect(parseCsv('a,b,c\n1,,x\n')).toEqual([{ a: '1', b: null, c: 'x' }]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(csvRecords('name,note\r\n"Union County, Troy","say ""hi""\nthen go"\r\n')).toEqual([
      ['name', 'note'],
      ['Union County, Troy', 'say "hi"\nthen go'],
    ]);
  });

  it('reads a last line without a newline, skips blank lines, strips a BOM', () => {
    expect(parseCsv('\uFEFFx,y\n1,2\n\n3,4')).toEqual([
      { x: '1', y: '2' },
      { x: '3', y: '4' },
    ]);
  });

  it('gives null to fields missing from a short row', () => {
    expect(parseCsv('x,y\n1\n')).toEqual([{ x: '1', y: null }]);
  });
});

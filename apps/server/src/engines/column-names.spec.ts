import { rowsToObjects, uniqueColumnNames } from './column-names';

describe('uniqueColumnNames', () => {
  it('keeps unique names and suffixes later duplicates', () => {
    expect(uniqueColumnNames(['id', 'name', 'id', 'id', 'id__1'])).toEqual([
      'id',
      'name',
      'id__1',
      'id__2',
      'id__1__1',
    ]);
  });

  it('lets rowsToObjects keep every column of a join', () => {
    const names = uniqueColumnNames(['id', 'id']);
    expect(rowsToObjects(names, [[1, 2]])).toEqual([{ id: 1, id__1: 2 }]);
  });
});

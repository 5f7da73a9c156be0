import { describe, expect, it } from 'vitest';
import { parseTaskListColumns } from './task-list-columns.js';

describe('parseTaskListColumns', () => {
  it('keeps the chosen order and puts the subject first', () => {
    expect(parseTaskListColumns('["creator","name","subject"]')).toEqual(['subject', 'creator', 'name']);
    expect(parseTaskListColumns('["endTime"]')).toEqual(['subject', 'endTime']);
  });

  it('refuses what is not a list of distinct known columns', () => {
    for (const text of ['', 'creator', '{"a":1}', '["creator","creator"]', '["salary"]', '[1]', 'null']) {
      expect(parseTaskListColumns(text)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { openReadModelDatabase, readModelTables } from './read-model-database.js';

describe("a read model's tables", () => {
  const tables = () =>
    readModelTables('notes', 'CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY) STRICT;', (db) => ({
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM notes'),
    }));

  it('are created and their statements prepared when the database is handed over', () => {
    const notes = tables();
    notes.attach(openReadModelDatabase(':memory:'));
    expect(notes.statements().count.get()).toEqual({ n: 0 });
  });

  it('refuse a query before that, naming the read model', () => {
    expect(() => tables().statements()).toThrow('The notes read model is not attached to its database yet');
  });
});

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

describe("a read model's row cache", () => {
  const notes = () => {
    const db = openReadModelDatabase(':memory:');
    const tables = readModelTables(
      'notes',
      'CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, text TEXT) STRICT;',
      (database) => ({
        get: database.prepare<[string], { text: string }>('SELECT text FROM notes WHERE id = ?'),
        put: database.prepare<[string, string]>('INSERT OR REPLACE INTO notes (id, text) VALUES (?, ?)'),
      }),
    );
    tables.attach(db);
    const rows = tables.rows<string | null>(2);
    let reads = 0;
    const read = (id: string) =>
      rows.read(id, () => {
        reads++;
        return tables.statements().get.get(id)?.text ?? null;
      });
    return { db, put: tables.statements().put, rows, read, reads: () => reads };
  };

  it('answers again from memory until the read model forgets the row it changed', () => {
    const { put, rows, read, reads } = notes();
    put.run('a', 'first');
    expect([read('a'), read('a')]).toEqual(['first', 'first']);
    expect(reads()).toBe(1);
    put.run('a', 'second');
    rows.forget('a');
    expect(read('a')).toBe('second');
    expect(read('missing')).toBeNull();
    put.run('missing', 'now here');
    rows.forget('missing');
    expect(read('missing')).toBe('now here');
  });

  it('keeps nothing read inside a transaction, which may yet be rolled back', () => {
    const { db, put, read, reads } = notes();
    expect(() =>
      db.transaction(() => {
        put.run('a', 'uncommitted');
        expect(read('a')).toBe('uncommitted');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(read('a')).toBeNull();
    expect(reads()).toBe(2);
  });

  it('keeps a bounded number of answers, the oldest leaving first', () => {
    const { read, reads } = notes();
    for (const id of ['a', 'b', 'c', 'c', 'a']) read(id);
    expect(reads()).toBe(4);
  });
});

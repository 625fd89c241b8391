import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalMediaStorage, isMediaKey } from './media-storage';

const directory = mkdtempSync(path.join(tmpdir(), 'oja-media-'));
const storage = createLocalMediaStorage({ directory });
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('the local media storage', () => {
  it('stores a file under its key and hands out its /media URL', async () => {
    const stored = await storage.put(
      'profile-pictures/abc-123.webp',
      Buffer.from('webp bytes'),
      'image/webp',
    );
    expect(stored).toEqual({
      key: 'profile-pictures/abc-123.webp',
      url: '/media/profile-pictures/abc-123.webp',
    });
    expect(readFileSync(path.join(directory, 'profile-pictures', 'abc-123.webp'), 'utf8')).toBe('webp bytes');
    expect(readdirSync(path.join(directory, 'profile-pictures'))).toEqual(['abc-123.webp']);
  });

  it('deletes a file, and deleting a missing one is not an error', async () => {
    await storage.put('profile-pictures/gone.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('profile-pictures/gone.webp');
    await storage.delete('profile-pictures/gone.webp');
    expect(existsSync(path.join(directory, 'profile-pictures', 'gone.webp'))).toBe(false);
  });

  it.each([
    '../escape.webp',
    '/etc/passwd.txt',
    'a/../../b.webp',
    '.hidden.webp',
    'a//b.webp',
    'no-extension',
    'UPPER.webp',
  ])('refuses the key %s', async (key) => {
    expect(isMediaKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid media key/);
  });

  it('knows its own URLs and no others', () => {
    expect(storage.keyFromUrl('/media/profile-pictures/abc-123.webp')).toBe('profile-pictures/abc-123.webp');
    expect(storage.keyFromUrl('https://elsewhere.example/media/a.webp')).toBeNull();
    expect(storage.keyFromUrl('/media/../config.json')).toBeNull();
  });
});

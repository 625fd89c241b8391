import { vi } from 'vitest';

// Files a user picks, and the object URLs the page previews them with.

// jsdom has no object URLs.
export function stubObjectUrls() {
  let count = 0;
  const createObjectURL = vi.fn(() => {
    count += 1;
    return `blob:preview-${count}`;
  });
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  return { createObjectURL, revokeObjectURL };
}

export function imageFile(name = 'photo.jpg', bytes = 200 * 1024, type = 'image/jpeg'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

import { useCallback, useEffect, useRef, useState } from 'react';

export type PictureChoice = { file: File; previewUrl: string };

// The picture the user picked and not yet saved, with a preview address that is released when it is
// replaced, cleared or the page goes away.
export function usePictureChoice() {
  const [choice, setChoice] = useState<PictureChoice | null>(null);
  const previewUrlRef = useRef<string | null>(null);

  const choose = useCallback((file: File | null) => {
    if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    const next = file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    previewUrlRef.current = next?.previewUrl ?? null;
    setChoice(next);
  }, []);

  useEffect(
    () => () => {
      if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    },
    [],
  );

  return { choice, choose };
}

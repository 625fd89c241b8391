import type * as Sonner from 'sonner';

// sonner (the toaster and its styles) is not needed to draw the first page, so it stays out of the entry
// chunk and loads beside the first page's own chunk. The code in the entry (layout, guards, query client)
// asks for toasts through here; a toast asked for before sonner has arrived is shown as soon as it has.
// Every toast goes through here (lint keeps 'sonner' to this file and the toaster in app/providers.tsx).

let sonner: typeof Sonner | undefined;
let loading: Promise<typeof Sonner> | undefined;

export function loadSonner(): Promise<typeof Sonner> {
  loading ??= import('sonner').then(
    (module) => (sonner = module),
    (error: unknown) => {
      // Offline for a moment: the next toast tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

type Kind = 'success' | 'info' | 'warning' | 'error';
type ExternalToast = Sonner.ExternalToast;

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (sonner) {
    sonner.toast[kind](message, options);
    return;
  }
  loadSonner().then(
    (module) => module.toast[kind](message, options),
    () => undefined,
  );
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
};

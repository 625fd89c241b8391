import type * as Sonner from 'sonner';
import { i18n } from '../i18n/i18n';

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
// A text, or a function that reads it from the words: such a message is read once the whole words of the
// page's language are here. A toast of the first moments (a login-only page's warning) may need words the
// server's page was not drawn with (decision 072).
type Message = string | (() => string);

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  const text = () => (typeof message === 'function' ? message() : message);
  if (sonner && i18n.hasAllWords) {
    sonner.toast[kind](text(), options);
    return;
  }
  Promise.all([loadSonner(), i18n.completeWords().catch(() => undefined)]).then(
    ([module]) => module.toast[kind](text(), options),
    () => undefined,
  );
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
};

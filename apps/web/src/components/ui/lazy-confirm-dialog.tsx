import { lazy, Suspense, type ComponentProps } from 'react';
import type { ConfirmDialog as Dialog } from './confirm-dialog';

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

// ConfirmDialog for a page that should not load the modal code (react-bootstrap's Modal and the dialog
// styles) before it is drawn: the product page asks only when someone opens one (decision 033).
export function LazyConfirmDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

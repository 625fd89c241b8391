import { useMutation } from '@tanstack/react-query';
import type { AccountExport } from '@marketplace/shared/schemas/data-rights';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/userProfile/export: everything Oja holds about the user (decision 050), saved as a JSON file.
export async function exportMyData() {
  const result = await apiRequestOrThrow<AccountExport>('/userProfile/export');
  const file = new Blob([JSON.stringify(result.data, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = `oja-my-data-${result.data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
  return result;
}

export function useExportMyData() {
  // The file is the answer: no success toast; a failure is shown as a toast in the user's language.
  return useMutation({ mutationFn: exportMyData, meta: { hasSuccessToast: false } });
}

import { LoadFailed } from '../../../components/ui/load-failed';
import { SectionLoading } from '../../../components/ui/page-loading';

type PanelStatusProps = { isPending: boolean; failedText: string; onRetry: () => void };

// What a tab shows while its list loads, or when it could not be loaded (the error toast says why).
export function PanelStatus({ isPending, failedText, onRetry }: PanelStatusProps) {
  if (isPending) {
    return <SectionLoading />;
  }
  return <LoadFailed message={failedText} onRetry={onRetry} />;
}

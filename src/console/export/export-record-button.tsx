import { Button } from '@console/ui/button';
import type { ExportRequest } from '@machines/export.machine';
import { useExportFlow } from './use-export-flow';

/**
 * A detail screen's Export (a MID, a route): the list's export narrowed to the one record, through the one export
 * flow, with its 406 question beside the button.
 */
export function ExportRecordButton({
  path,
  fileLabel,
  query,
}: {
  path: string;
  fileLabel: string;
  query: ExportRequest['query'];
}) {
  const exportFlow = useExportFlow();
  return (
    <>
      <Button loading={exportFlow.exporting} onClick={() => exportFlow.start({ path, fileLabel }, query)}>
        Export
      </Button>
      {exportFlow.dialog}
    </>
  );
}

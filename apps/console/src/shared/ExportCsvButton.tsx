import { Button, message } from 'antd';
import { useState } from 'react';
import { describeError } from '../api/client';
import { type CsvColumn, downloadCsv, exportFileName, toCsv } from './csv';

interface ExportCsvButtonProps<T> {
  /** Names the file: nivesh-<what>-<date>.csv. */
  what: string;
  columns: readonly CsvColumn<T>[];
  /** Reads every row that matches the filter on screen (all pages, see collectAllPages). */
  collect: () => Promise<{ rows: T[]; truncated: boolean; total: number }>;
}

/** Exports what the table's filter matches, every page of it, as CSV. */
export function ExportCsvButton<T>({ what, columns, collect }: ExportCsvButtonProps<T>) {
  const [running, setRunning] = useState(false);
  const [messages, holder] = message.useMessage();
  const run = async () => {
    setRunning(true);
    try {
      const { rows, truncated, total } = await collect();
      downloadCsv(exportFileName(what), toCsv(columns, rows));
      if (truncated)
        messages.warning(
          `Exported the first ${rows.length} of ${total} rows; narrow the filter for the rest.`,
        );
      else messages.success(`Exported ${rows.length} rows.`);
    } catch (error) {
      messages.error(describeError(error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      {holder}
      <Button onClick={run} loading={running}>
        Export CSV
      </Button>
    </>
  );
}

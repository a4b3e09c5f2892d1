import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { fetchBankMappings, type StatementSummary, uploadStatement } from '../api/bank-statement-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatRupees } from '../shared/format';

/** The largest statement the server reads at once (the contract's STATEMENT_TEXT_MAX_CHARS). */
const STATEMENT_BYTES_MAX = 900_000;

/**
 * Uploads a statement CSV read with a bank's saved columns. The server refuses a malformed file with
 * its line number and a statement already uploaded; nothing is stored then.
 */
export function StatementUpload({ onUploaded }: { onUploaded: (statement: StatementSummary) => void }) {
  const queryClient = useQueryClient();
  const mappings = useQuery({ queryKey: ['bank-mappings'], queryFn: fetchBankMappings });
  const [mappingId, setMappingId] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  // An upload moves no money and is audited; a second click is refused as the same statement.
  const upload = useMutation({
    mutationFn: async (values: { mappingId: string; file: File }) => {
      const statement = await uploadStatement({
        mappingId: values.mappingId,
        fileName: values.file.name,
        text: await values.file.text(),
      });
      await queryClient.invalidateQueries({ queryKey: ['bank-statements'] });
      onUploaded(statement);
      return statement;
    },
  });
  const items = mappings.data?.items ?? [];
  return (
    <Form layout="inline" onFinish={() => mappingId && file && upload.mutate({ mappingId, file })}>
      <Form.Item label="Bank" required>
        <Select
          style={{ width: 200 }}
          aria-label="Bank"
          placeholder={items.length ? 'Choose the bank' : 'Add its columns first'}
          value={mappingId}
          onChange={setMappingId}
          options={items.map((mapping) => ({ value: mapping.id, label: mapping.bankName }))}
        />
      </Form.Item>
      <Form.Item label="Statement CSV" required>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="Statement CSV"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setTooLarge(chosen !== null && chosen.size > STATEMENT_BYTES_MAX);
            setFile(chosen);
          }}
        />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          disabled={!mappingId || !file || tooLarge}
          loading={upload.isPending}
        >
          Upload and match
        </Button>
      </Form.Item>
      <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
        {tooLarge ? (
          <Alert
            type="warning"
            showIcon
            title="The file is larger than 900 KB: upload the statement in parts."
          />
        ) : null}
        {upload.error ? <ErrorAlert title="Statement not stored" error={upload.error} /> : null}
        {upload.data ? (
          <Alert
            type="success"
            showIcon
            title={`Statement ${upload.data.id} stored: ${upload.data.lineCount} lines`}
            description={
              <Typography.Text>
                {upload.data.creditCount} credits ({formatRupees(upload.data.creditTotal)}),{' '}
                {upload.data.debitCount} debits ({formatRupees(upload.data.debitTotal)}), from{' '}
                {upload.data.firstDate} to {upload.data.lastDate}.
              </Typography.Text>
            }
          />
        ) : null}
      </Space>
    </Form>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  fetchLendingPool,
  fetchLendings,
  type LendingListQuery,
  type LendingPoolRow,
  type StaffLending,
  setInstrumentLending,
} from '../api/lending-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { CursorPager } from '../reviews/CursorPager';
import { StateFilter } from '../reviews/StateFilter';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { useCursorPage } from '../shared/use-cursor-page';

const POOL_QUERY_KEY = ['console', 'lending', 'pool'] as const;
/** A daily rate in bps as a percentage: 2 → "0.02%". */
const percentOfBps = (bps: number) => `${(bps / 100).toFixed(2)}%`;

function PoolSummary() {
  const pool = useQuery({ queryKey: POOL_QUERY_KEY, queryFn: ({ signal }) => fetchLendingPool({ signal }) });
  const data = pool.data;
  return (
    <Card title="Pool and parameters">
      {pool.error ? <ErrorAlert error={pool.error} /> : null}
      {data ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'channel',
                label: 'Lending channel',
                children: data.channelOpen ? <Tag color="green">Open</Tag> : <Tag color="red">Closed</Tag>,
              },
              {
                key: 'quota',
                label: 'Pool quota (in progress / quota)',
                children: `${formatRupees(data.inProgressValue)} / ${formatRupees(data.quota)}`,
              },
              { key: 'rate', label: 'Fee rate per day', children: percentOfBps(data.feeBpsPerDay) },
              { key: 'min', label: 'Minimum lending value', children: formatRupees(data.minValue) },
              {
                key: 'house',
                label: 'House lending-fee account',
                children: (
                  <span title="Borrow fees in less lenders' fees out: the house's spread when positive, the shortfall it bore when negative">
                    {formatRupees(data.houseLendingFeesBalance)}
                  </span>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" className="section-note">
            The channel switch, the quota, the rate and the minimum are parameters (group “lending”): change
            them on the <Link to="/parameters">Parameters page</Link>, with a reason.
          </Typography.Paragraph>
        </>
      ) : null}
    </Card>
  );
}

function PoolTable() {
  const queryClient = useQueryClient();
  const me = useStaffMe();
  const allowed = mayPerform('setInstrumentLending', me.data?.roles);
  const pool = useQuery({ queryKey: POOL_QUERY_KEY, queryFn: ({ signal }) => fetchLendingPool({ signal }) });
  const [pending, setPending] = useState<LendingPoolRow | null>(null);
  const [reason, setReason] = useState('');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [onlyActive, setOnlyActive] = useState(false);
  const rows = (pool.data?.rows ?? []).filter(
    (row) => !onlyActive || row.lendingEnabled || row.lentQuantity > 0 || row.drawnQuantity > 0,
  );

  const confirm = async () => {
    if (!pending || reason.trim().length < 3) return;
    setRunning(true);
    setError(null);
    try {
      await setInstrumentLending({
        symbol: pending.symbol,
        enabled: !pending.lendingEnabled,
        reason: reason.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: POOL_QUERY_KEY });
      setPending(null);
      setReason('');
    } catch (failure) {
      setError(failure);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card
      title="Pool per symbol"
      extra={
        <Space>
          <Typography.Text type="secondary">Only pool-backed or lent</Typography.Text>
          <Switch
            size="small"
            checked={onlyActive}
            onChange={setOnlyActive}
            aria-label="Only pool-backed or lent"
          />
        </Space>
      }
    >
      {allowed ? null : <RoleNote action="setInstrumentLending" />}
      {error ? <ErrorAlert title="Not switched" error={error} /> : null}
      <Table<LendingPoolRow>
        className="section-table"
        rowKey="symbol"
        size="small"
        loading={pool.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          {
            title: 'Symbol',
            key: 'symbol',
            render: (_value, row) => (
              <>
                <div>{row.symbol}</div>
                <Typography.Text type="secondary">{row.name}</Typography.Text>
              </>
            ),
          },
          {
            title: 'Shorts draw on the pool',
            key: 'enabled',
            width: 170,
            render: (_value, row) => (
              <Switch
                checked={row.lendingEnabled}
                disabled={!allowed}
                aria-label={`Shorts of ${row.symbol} draw on the pool`}
                onChange={() => {
                  setError(null);
                  setPending(row);
                }}
              />
            ),
          },
          { title: 'Lent', dataIndex: 'lentQuantity', align: 'right', width: 90 },
          { title: 'Drawn', dataIndex: 'drawnQuantity', align: 'right', width: 90 },
          {
            title: 'Available',
            key: 'available',
            align: 'right',
            width: 100,
            render: (_value, row) => <strong>{row.availableQuantity}</strong>,
          },
          {
            title: 'Value lent',
            key: 'value',
            align: 'right',
            render: (_value, row) => formatRupees(row.lentValue),
          },
        ]}
      />
      <ConfirmActionModal
        open={pending !== null}
        title={
          pending?.lendingEnabled
            ? `Take ${pending.symbol} shorts off the pool?`
            : `Put ${pending?.symbol ?? ''} shorts on the pool?`
        }
        okText={pending?.lendingEnabled ? 'Take off' : 'Put on'}
        running={running}
        reason={reason.trim() || '—'}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setPending(null);
          setReason('');
        }}
      >
        <p>
          {pending?.lendingEnabled
            ? 'New shorts will no longer need lent shares or pay the borrow fee. Open shorts keep what they drew.'
            : 'New shorts will need lent shares in the pool and pay the daily borrow fee while open.'}
        </p>
        <Input.TextArea
          aria-label="Reason"
          placeholder="Reason (recorded in the audit log)"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          status={reason.length > 0 && reason.trim().length < 3 ? 'error' : undefined}
        />
      </ConfirmActionModal>
    </Card>
  );
}

type StateChoice = 'in_progress' | 'completed' | 'all';

function LendingsTable() {
  const [symbol, setSymbol] = useState('');
  const page = useCursorPage<StaffLending, LendingListQuery>('lendings', (query) => fetchLendings(query), {
    state: 'in_progress',
  });
  const state: StateChoice = page.filter.state ?? 'all';
  const setState = (next: StateChoice) => {
    const filter: LendingListQuery = { ...(next === 'all' ? {} : { state: next }) };
    if (page.filter.symbol) filter.symbol = page.filter.symbol;
    page.setFilter(filter);
  };
  const items = page.query.data?.items ?? [];
  return (
    <Card
      title="Lendings"
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="Symbol"
            aria-label="Symbol"
            value={symbol}
            onChange={(event) => setSymbol(event.target.value)}
            onSearch={(value) => {
              const trimmed = value.trim();
              page.setFilter({
                ...(state === 'all' ? {} : { state }),
                ...(trimmed ? { symbol: trimmed } : {}),
              });
            }}
            style={{ width: 160 }}
          />
          <StateFilter<StateChoice>
            value={state}
            onChange={setState}
            states={[
              { value: 'in_progress', label: 'In progress' },
              { value: 'completed', label: 'Completed' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Space>
      }
    >
      {page.query.error ? <ErrorAlert error={page.query.error} /> : null}
      <Table<StaffLending>
        className="section-table"
        rowKey="id"
        size="small"
        loading={page.query.isFetching}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'No lending matches.' }}
        columns={[
          {
            title: 'Lending',
            key: 'id',
            render: (_value, row) => (
              <>
                <div>
                  #{row.id} · {row.symbol} × {row.quantity}
                </div>
                <Typography.Text type="secondary">position {row.positionId}</Typography.Text>
              </>
            ),
          },
          {
            title: 'Lender',
            key: 'lender',
            render: (_value, row) => <Link to={`/users/${row.userId}`}>{row.phone}</Link>,
          },
          {
            title: 'Value · term · rate',
            key: 'terms',
            render: (_value, row) =>
              `${formatRupees(row.value)} · ${row.termDays} d · ${percentOfBps(row.feeBpsPerDay)}/day`,
          },
          {
            title: 'Fee',
            key: 'fee',
            align: 'right',
            render: (_value, row) =>
              row.feePaid === null
                ? `${formatRupees(row.expectedFee)} expected`
                : `${formatRupees(row.feePaid)} paid`,
          },
          {
            title: 'State',
            key: 'state',
            render: (_value, row) => (
              <>
                <Tag color={row.state === 'completed' ? 'green' : 'gold'}>
                  {row.state === 'completed' ? 'Completed' : 'In progress'}
                </Tag>
                {row.endReason === 'position_closed' ? <Tag color="red">ended early</Tag> : null}
              </>
            ),
          },
          {
            title: 'Lent · term end',
            key: 'when',
            render: (_value, row) => (
              <>
                <div>{formatIstDateTime(row.lentAt)}</div>
                <Typography.Text type="secondary">
                  {formatIstDateTime(row.completedAt ?? row.termEndsAt)}
                </Typography.Text>
              </>
            ),
          },
        ]}
      />
      <CursorPager list={page} />
    </Card>
  );
}

/** Securities lending: the pool per symbol, which instruments' shorts draw on it, and every lending. */
export function LendingPoolPage() {
  return (
    <>
      <PageHeading title="Securities lending">
        Investors lend shares of unlevered long holdings into the pool; shorts on pool-backed instruments draw
        on it and pay the daily borrow fee; lenders are paid at the term end.
      </PageHeading>
      <div className="lending-page">
        <PoolSummary />
        <PoolTable />
        <LendingsTable />
      </div>
    </>
  );
}

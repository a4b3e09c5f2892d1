import { Segmented } from 'antd';

/** The state a queue shows: pending (the server's default) or the decided ones. */
export function StateFilter<S extends string>({
  value,
  states,
  onChange,
}: {
  value: S;
  states: readonly { value: S; label: string }[];
  onChange: (value: S) => void;
}) {
  return <Segmented<S> value={value} onChange={onChange} options={[...states]} />;
}

import { Space, Tag, Typography } from 'antd';
import { useStaffMe } from '../auth/use-staff-me';

/** Who is signed in, for the header. */
export function StaffBadge() {
  const me = useStaffMe();
  if (!me.data) return null;
  return (
    <Space size="small" className="staff-badge">
      <Typography.Text strong>{me.data.displayName}</Typography.Text>
      {me.data.roles.map((role) => (
        <Tag key={role}>{role}</Tag>
      ))}
    </Space>
  );
}

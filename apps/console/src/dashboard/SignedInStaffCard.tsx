import { Card, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { useStaffMe } from '../auth/use-staff-me';
import { ErrorAlert } from '../shared/ErrorAlert';

/** The signed-in staff member: name, username and roles. */
export function SignedInStaffCard() {
  const me = useStaffMe();
  return (
    <Card title="Signed in as">
      {me.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {me.isError ? <ErrorAlert title="Could not load your profile" error={me.error} /> : null}
      {me.data ? (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: 'Name', children: me.data.displayName },
            { key: 'username', label: 'Username', children: me.data.username },
            {
              key: 'roles',
              label: 'Roles',
              children: (
                <Flex wrap gap={4}>
                  {me.data.roles.map((role) => (
                    <Tag key={role} color="blue">
                      {role}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}

import { Tabs } from 'antd';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { NewsList } from './NewsList';
import { RewardsTable } from './RewardsTable';

/** Content: news per language with a preview, and the check-in reward table. */
export function ContentPage() {
  const me = useStaffMe();
  const roles = me.data?.roles;
  if (!me.data) return <PageHeading title="Content" />;
  return (
    <>
      <PageHeading title="Content">News and notices per language, and the check-in rewards.</PageHeading>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'news',
            label: 'News',
            children: mayPerform('editNews', roles) ? <NewsList /> : <RoleNote action="editNews" />,
          },
          {
            key: 'rewards',
            label: 'Check-in rewards',
            children: mayPerform('readCheckinRewards', roles) ? (
              <RewardsTable />
            ) : (
              <RoleNote action="readCheckinRewards" />
            ),
          },
        ]}
      />
    </>
  );
}
